import { expect } from 'vitest';
import type { Role } from '@wallet/contract';
import type { TestContext } from '../../test/context.js';
import type { TestClient } from '../../test/client.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { acceptTermsInDb, activateCard, availableFunds, createCard, topUp } from '../../test/card-factories.js';

/** Test helpers shared by the purchase-request and recurring test files (not a test file itself). */

export interface RequestWorld {
  organization: { id: number; name: string };
  host: string;
  admin: { id: number; email: string };
  adminClient: TestClient;
  member: { id: number; email: string };
  memberClient: TestClient;
  first: { id: number; email: string };
  firstClient: TestClient;
  second: { id: number; email: string };
  secondClient: TestClient;
  card: { id: number };
  team: { id: number };
}

export interface FiledRequest {
  id: number;
  status: string;
  approvals: Array<{ id: number; approver_id: number; approved: string }>;
}

/**
 * An organisation with a team (the member, and a path of two approvers: a wallet-admin then a wallet-finance),
 * the member's active card, and `funds` cents of unallocated money.
 */
export async function requestWorld(
  ctx: TestContext,
  options: { funds?: number; path?: 'two' | 'none' } = {},
): Promise<RequestWorld> {
  const { organization, admin, host } = await makeOrganization(ctx.db);
  const member = await makeUser(ctx.db, organization.id, 'wallet-user', { first_name: 'Mia', last_name: 'Member' });
  const first = await makeUser(ctx.db, organization.id, 'wallet-admin', { first_name: 'Fay', last_name: 'First' });
  const second = await makeUser(ctx.db, organization.id, 'wallet-finance', { first_name: 'Sam', last_name: 'Second' });
  await acceptTermsInDb(ctx.db, member.id);
  const signIn = (email: string) => ctx.client(host).signIn(email, TEST_PASSWORD);
  const adminClient = await signIn(admin.email);
  const funds = options.funds ?? 1_000_000;
  if (funds) await topUp(adminClient, funds);
  const card = await createCard(adminClient, member.id);
  await activateCard(adminClient, card.id);
  const path = options.path === 'none' ? [] : [first.id, second.id];
  const teamResponse = await adminClient.post('/api/teams', {
    name: 'Ops',
    color: '#1677FF',
    team: { users: [member.id] },
    approval_path: path,
  });
  expect(teamResponse.statusCode, teamResponse.body).toBe(201);
  const [memberClient, firstClient, secondClient] = await Promise.all([
    signIn(member.email),
    signIn(first.email),
    signIn(second.email),
  ]);
  return {
    organization,
    host,
    admin,
    adminClient,
    member,
    memberClient,
    first,
    firstClient,
    second,
    secondClient,
    card,
    team: teamResponse.json().data,
  };
}

/** A user of the organisation, signed in. */
export async function signedInUser(ctx: TestContext, world: Pick<RequestWorld, 'organization' | 'host'>, role: Role) {
  const user = await makeUser(ctx.db, world.organization.id, role);
  return { user, client: await ctx.client(world.host).signIn(user.email, TEST_PASSWORD) };
}

/** A date `days` from today (UTC), YYYY-MM-DD. */
export function daysFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function requestBody(world: Pick<RequestWorld, 'card' | 'team'>, overrides: Record<string, unknown> = {}) {
  return {
    amount: 12_345,
    card_id: world.card.id,
    team_id: world.team.id,
    wallet_category_id: null,
    notes: 'Conference tickets',
    interval: null,
    start_date: null,
    end_date: null,
    ...overrides,
  };
}

/** POST /api/users/{member}/purchase-requests as the member; expects 201. */
export async function fileRequest(world: RequestWorld, overrides: Record<string, unknown> = {}): Promise<FiledRequest> {
  const response = await world.memberClient.post(
    `/api/users/${world.member.id}/purchase-requests`,
    requestBody(world, overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as FiledRequest;
}

export function decide(
  client: TestClient,
  requestId: number,
  approvalId: number,
  status: string,
  notes: string | null = null,
) {
  return client.put(`/api/purchase-requests/${requestId}/approvals/${approvalId}`, { approving: true, status, notes });
}

/** Force Approve or Force Reject; the note is the dashboard's force notice unless given. */
export function force(
  client: TestClient,
  requestId: number,
  status: string,
  notes: string | null = `Force ${status} by admin from purchase request dashboard.`,
) {
  return client.put(`/api/purchase-requests/${requestId}/finance-approval`, { approving: true, status, notes });
}

/** The card's spending limit as an admin sees it. */
export async function cardLimit(world: Pick<RequestWorld, 'adminClient' | 'card'>): Promise<number> {
  const response = await world.adminClient.get(`/api/cards/${world.card.id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.spending_limit as number;
}

export const unallocated = (world: Pick<RequestWorld, 'adminClient'>) => availableFunds(world.adminClient);

/** The request as an admin sees it, with its approvals and recurring request. */
export async function requestAsAdmin(world: Pick<RequestWorld, 'adminClient'>, id: number) {
  const response = await world.adminClient.get(
    `/api/purchase-requests/${id}?include=approvals,recurringPurchaseRequest`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    id: number;
    status: string;
    approved_path: string;
    approved_accounting: string;
    accounting_notes: string | null;
    transferred: string | null;
    approvals: Array<{ id: number; approved: string; notes: string | null }>;
    recurring_purchase_request: {
      id: number;
      status: string;
      is_paused: boolean;
      paused_by: string | null;
      next_run: string | null;
      last_run: string | null;
    } | null;
  };
}

/** Mails of one kind in the organisation's outbox, oldest first. */
export function mailsOf(ctx: TestContext, orgId: number, kind: string) {
  return ctx.db
    .selectFrom('mail_messages')
    .select(['id', 'to_email', 'subject', 'text_body'])
    .where('org_id', '=', orgId)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
}

/** The path (with query) of a mail's Approve or Reject link. */
export function linkIn(text: string, action: 'Approve' | 'Reject'): string {
  const match = new RegExp(`${action}: (\\S+)`).exec(text);
  if (!match) throw new Error(`no ${action} link in: ${text}`);
  const url = new URL(match[1]!);
  return url.pathname + url.search;
}

/** Ledger entries of the organisation whose reference starts with this prefix. */
export async function entriesWithReference(ctx: TestContext, orgId: number, prefix: string) {
  return ctx.db
    .selectFrom('journal_entries')
    .select(['reference'])
    .where('org_id', '=', orgId)
    .where('reference', 'like', `${prefix}%`)
    .execute();
}

/** A request that was not funded: no money on the card, none taken from the organisation, no ledger entry. */
export async function expectNothingFunded(
  ctx: TestContext,
  world: RequestWorld,
  requestId: number,
  fundsBefore: number,
) {
  expect(await cardLimit(world)).toBe(0);
  expect(await unallocated(world)).toBe(fundsBefore);
  expect(await entriesWithReference(ctx, world.organization.id, `purchase-request:${requestId}`)).toEqual([]);
  expect((await requestAsAdmin(world, requestId)).transferred).toBeNull();
}
