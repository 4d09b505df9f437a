import { sql } from 'kysely';
import type { CardSettingsInput } from '@wallet/contract';
import type { TestContext } from '../../test/context.js';
import type { TestClient } from '../../test/client.js';
import { acceptTermsInDb, activateCard, createCard, fundCard, topUp } from '../../test/card-factories.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { multipartFile, PNG_BYTES, waitFor } from '../../test/helpers.js';
import { QUEUES } from '../../jobs/queue.js';
import { simulatePurchase, simulateRefund } from '../simulator/service.js';
import { DAY_SECONDS } from './rules.js';
import { runReceiptPolicy } from './service.js';

/**
 * Test support for the receipt policy (issue 21.4): an organisation with an active card, purchases back-dated by whole
 * days (so the real clock, which the receipts' own attach and the settings' job use, agrees with the test's), and the
 * policy run at a chosen instant.
 */

export const DAY_MS = DAY_SECONDS * 1000;

export interface PolicyWorld {
  orgId: number;
  host: string;
  admin: { id: number; email: string };
  member: { id: number; email: string };
  adminClient: TestClient;
  memberClient: TestClient;
  card: { id: number; last4: string; org_id: number };
}

/** Waits until no receipts.policy job is queued or running (Card Settings changes queue one). */
export async function policyJobsDone(ctx: TestContext): Promise<void> {
  await waitFor(async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pgboss.job
      WHERE name = ${QUEUES.runReceiptPolicy} AND state IN ('created', 'retry', 'active')`.execute(ctx.db);
    return rows[0]!.n === 0;
  }, 20_000);
}

/** PUT /api/card-settings with these policy fields (the rest as they were), then waits for the job it queues. */
export async function savePolicy(ctx: TestContext, client: TestClient, policy: Partial<CardSettingsInput>) {
  const current = (await client.get('/api/card-settings')).json().data;
  const saved = await client.put('/api/card-settings', { ...current, ...policy });
  if (saved.statusCode !== 200) throw new Error(`save policy: ${saved.statusCode} ${saved.body}`);
  await policyJobsDone(ctx);
}

/** Moves when deactivation was turned on (Card Settings record it when it is turned on), if it is on. */
export async function deactivationOnSince(ctx: TestContext, orgId: number, since: Date): Promise<void> {
  await ctx.db
    .updateTable('card_settings')
    .set({ receipt_deactivate_since: since })
    .where('org_id', '=', orgId)
    .where('receipt_deactivate_since', 'is not', null)
    .execute();
}

/** A new organisation, a member (terms accepted) holding an active funded card, and this receipt policy. */
export async function policyWorld(ctx: TestContext, policy?: Partial<CardSettingsInput>): Promise<PolicyWorld> {
  const { organization, admin, host } = await makeOrganization(ctx.db);
  const member = await makeUser(ctx.db, organization.id, 'wallet-user', { first_name: 'Mia', last_name: 'Member' });
  await acceptTermsInDb(ctx.db, member.id);
  const adminClient = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
  const memberClient = await ctx.client(host).signIn(member.email, TEST_PASSWORD);
  await topUp(adminClient, 500_000);
  const card = await createCard(adminClient, member.id);
  await fundCard(adminClient, card.id, 200_000);
  await activateCard(adminClient, card.id);
  if (policy) await savePolicy(ctx, adminClient, policy);
  // The purchases of these tests are back-dated: as if deactivation had been on since before any of them.
  await deactivationOnSince(ctx, organization.id, new Date(0));
  return {
    orgId: organization.id,
    host,
    admin,
    member,
    adminClient,
    memberClient,
    card: { id: card.id, last4: card.last4, org_id: organization.id },
  };
}

/** A captured purchase on the card, posted `daysAgo` days before `now`; answers its transaction id. */
export async function purchase(
  ctx: TestContext,
  world: PolicyWorld,
  input: { amount: number; merchant?: string; daysAgo: number; now: Date },
): Promise<{ expenseId: number; authorizationId: string; posted: number }> {
  const posted = Math.floor(input.now.getTime() / 1000) - Math.round(input.daysAgo * DAY_SECONDS);
  const result = await simulatePurchase(ctx.db, world.card, {
    amount: input.amount,
    merchant: { name: input.merchant ?? 'Blue Bottle Coffee', category: 'eating_places_restaurants' },
    wallet: null,
    capture: 'now',
    at: posted,
  });
  if (!result.expense_id) throw new Error(`purchase not captured: ${result.decline_reason}`);
  return { expenseId: result.expense_id, authorizationId: result.authorization_id, posted };
}

/** A refund of part of a purchase, posted `daysAgo` days before `now`. */
export async function refund(
  ctx: TestContext,
  world: PolicyWorld,
  authorizationId: string,
  input: { amount: number; daysAgo: number; now: Date },
) {
  const posted = Math.floor(input.now.getTime() / 1000) - Math.round(input.daysAgo * DAY_SECONDS);
  const row = await simulateRefund(ctx.db, world.orgId, authorizationId, input.amount, posted);
  return row!.id;
}

/** The cardholder attaches a receipt by hand (POST /api/expenses/{id}/receipts). */
export async function attachByHand(client: TestClient, expenseId: number) {
  const { payload, headers } = multipartFile('receipt', 'receipt.png', 'image/png', PNG_BYTES);
  const response = await client.post(`/api/expenses/${expenseId}/receipts`, payload, headers);
  if (response.statusCode !== 201) throw new Error(`attach: ${response.statusCode} ${response.body}`);
  return response.json().data as { id: number };
}

/** The policy as the schedule runs it, at `at`. */
export function runPolicyAt(ctx: TestContext, at: Date, orgId?: number) {
  return runReceiptPolicy({ db: ctx.db, jobs: ctx.jobs }, at, orgId === undefined ? {} : { orgId });
}

export const daysAfter = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

export function cardRow(ctx: TestContext, cardId: number) {
  return ctx.db.selectFrom('cards').selectAll().where('id', '=', cardId).executeTakeFirstOrThrow();
}

/** The person's notifications of a kind, oldest first. */
export function noticesOf(ctx: TestContext, userId: number, kind: string) {
  return ctx.db
    .selectFrom('notifications')
    .select(['title', 'body', 'link'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
}

/** The card's status changes in the audit log, oldest first. */
export function statusAudits(ctx: TestContext, orgId: number, cardId: number) {
  return ctx.db
    .selectFrom('audit_log')
    .select(['actor_kind', 'actor_user_id', 'details'])
    .where('org_id', '=', orgId)
    .where('action', '=', 'card.status_changed')
    .where('subject_id', '=', cardId)
    .orderBy('id')
    .execute();
}
