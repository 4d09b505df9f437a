import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { TestClient } from './client.js';

/** A valid PRODUCT.md §5 new-card body for this user; overrides replace top-level fields. */
export function newCardBody(userId: number, overrides: Record<string, unknown> = {}) {
  return {
    user_id: userId,
    type: 'virtual',
    legal_first_name: 'Mia',
    legal_last_name: 'Member',
    cardholder_name: 'Mia Member',
    billing: { line1: '1 Market St', line2: 'Suite 5', city: 'San Francisco', state: 'CA', postal_code: '94105' },
    ...overrides,
  };
}

export const shippingBody = {
  service: 'express',
  name: 'Mia Member',
  line1: '2 Ship Rd',
  city: 'Austin',
  state: 'TX',
  postal_code: '73301',
};

function expectStatus(response: { statusCode: number; body: string }, status: number, what: string) {
  if (response.statusCode !== status)
    throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body}`);
}

/** POST /api/cards as this (admin) client; returns the card resource. */
export async function createCard(client: TestClient, userId: number, overrides: Record<string, unknown> = {}) {
  const response = await client.post('/api/cards', newCardBody(userId, overrides));
  expectStatus(response, 201, 'create card');
  return response.json().data as {
    id: number;
    status: string;
    spending_limit: number;
    user_id: number;
    name: string;
    type: string;
    last4: string;
  };
}

/** Account Funding -> Add Funds for `cents`; with the simulator it settles at once. */
export async function topUp(client: TestClient, cents: number, description = 'Top-up', key: string = randomUUID()) {
  const response = await client.post('/api/topups', { amount: cents, description }, { 'idempotency-key': key });
  expectStatus(response, 201, 'top-up');
  return response.json().data as { id: number; amount: number; status: string };
}

/** PUT /api/cards/{id}/balance: sets the card's spending limit. */
export function putBalance(
  client: TestClient,
  cardId: number,
  amount: number,
  description = 'Funding',
  key: string = randomUUID(),
) {
  return client.put(`/api/cards/${cardId}/balance`, { amount, description }, { 'idempotency-key': key });
}

export async function fundCard(client: TestClient, cardId: number, amount: number, description = 'Funding') {
  const response = await putBalance(client, cardId, amount, description);
  expectStatus(response, 200, 'fund card');
  return response.json().data as { id: number; spending_limit: number };
}

export async function activateCard(client: TestClient, cardId: number) {
  const response = await client.put(`/api/cards/${cardId}/status`, { status: 'active' });
  expectStatus(response, 200, 'activate card');
}

export async function acceptTermsInDb(db: Db, userId: number) {
  await db.updateTable('users').set({ issuing_tos_accepted_at: new Date() }).where('id', '=', userId).execute();
}

export async function availableFunds(client: TestClient): Promise<number> {
  const response = await client.get('/api/balance');
  expectStatus(response, 200, 'balance');
  return response.json().data.available as number;
}

/** Moves the session's password confirmation back by this many minutes. */
export async function ageConfirmation(db: Db, userId: number, minutes: number) {
  await db
    .updateTable('sessions')
    .set({ password_confirmed_at: sql<Date>`now() - make_interval(mins => ${minutes})` })
    .where('user_id', '=', userId)
    .where('password_confirmed_at', 'is not', null)
    .execute();
}

export async function ledgerCounts(db: Db, orgId: number) {
  const entries = await db
    .selectFrom('journal_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom('journal_lines')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return { entries: Number(entries.n), lines: Number(lines.n) };
}

/** The cached balance of each card's ledger account, by card id. */
export async function cardAccountBalances(db: Db, orgId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['card_id', 'balance'])
    .where('org_id', '=', orgId)
    .where('kind', '=', 'card')
    .execute();
  return new Map(rows.map((row) => [row.card_id!, Number(row.balance)]));
}

/** Backdates a user (created_at is not updatable through the typed schema). */
export async function setUserCreatedAt(db: Db, userId: number, createdAt: Date) {
  await sql`UPDATE users SET created_at = ${createdAt} WHERE id = ${userId}`.execute(db);
}

/** Waits until the issuer has been told of every change to the card (the issuer outbox has nothing waiting). */
export function waitForIssuerSync(db: Db, cardId: number, timeoutMs = 30_000): Promise<void> {
  return waitForIssuerOutbox(db, { cardId }, timeoutMs);
}

/** Waits until the issuer outbox has nothing waiting for this card, or for any card of this organisation. */
export async function waitForIssuerOutbox(
  db: Db,
  scope: { cardId: number } | { orgId: number },
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const waiting = await db
      .selectFrom('issuer_commands')
      .select('id')
      .$if('cardId' in scope, (query) => query.where('card_id', '=', (scope as { cardId: number }).cardId))
      .$if('orgId' in scope, (query) => query.where('org_id', '=', (scope as { orgId: number }).orgId))
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .executeTakeFirst();
    if (!waiting) return;
    if (Date.now() > deadline)
      throw new Error(`${JSON.stringify(scope)}: the issuer outbox still waits after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
