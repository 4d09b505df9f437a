import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/database.js';
import { useTestApp } from '../../test/context.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { acceptTermsInDb, activateCard, createCard, fundCard, topUp } from '../../test/card-factories.js';
import { ledgerIntegrity, SOUND_LEDGER } from '../ledger/service.js';
import { authorize, incrementAuthorization, type AuthorizationRequest } from './service.js';

/**
 * The one decision, called the way the simulator and the Stripe webhook call it: every decline reason, the
 * boundaries, repeated ids, malformed input, and concurrency on a pool as large as the server's.
 */
const ctx = useTestApp();
let pool: Db;
beforeAll(() => {
  pool = createDb(ctx.databaseUrl, 20);
});
afterAll(async () => {
  await pool?.destroy();
});

const newAuthorizationId = () => `iauth_sim_${randomBytes(10).toString('hex')}`;

async function fundedCard(limit: number) {
  const { organization, admin, host } = await makeOrganization(ctx.db);
  const member = await makeUser(ctx.db, organization.id, 'wallet-user');
  await acceptTermsInDb(ctx.db, member.id);
  const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
  await topUp(client, 10_000_000);
  const card = await createCard(client, member.id);
  if (limit > 0) await fundCard(client, card.id, limit);
  await activateCard(client, card.id);
  const row = await ctx.db.selectFrom('cards').selectAll().where('id', '=', card.id).executeTakeFirstOrThrow();
  return { client, card: row, member, orgId: organization.id };
}

const request = (
  providerCardId: string,
  amount: number,
  overrides: Partial<AuthorizationRequest> = {},
): AuthorizationRequest => ({
  provider: 'simulator',
  providerAuthorizationId: newAuthorizationId(),
  providerCardId,
  amount,
  merchant: { name: 'Blue Bottle Coffee' },
  wallet: null,
  stripeCreated: Math.floor(Date.now() / 1000),
  ...overrides,
});

const cardState = async (id: number) => {
  const row = await ctx.db
    .selectFrom('cards')
    .select(['spending_limit', 'holds_amount', 'last_used_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { spending_limit: row.spending_limit, holds_amount: row.holds_amount, used: row.last_used_at !== null };
};
/** created_at is insert-only in the schema types; tests move it with plain SQL. */
const backdate = (userId: number, iso: string) =>
  sql`UPDATE users SET created_at = ${iso}::timestamptz WHERE id = ${userId}`.execute(ctx.db);
const holdsOf = (cardId: number) =>
  ctx.db.selectFrom('authorization_holds').selectAll().where('card_id', '=', cardId).orderBy('id').execute();

describe('authorize(): the decline reasons', () => {
  it('approves up to exactly what is available and declines one cent more', async () => {
    const { card } = await fundedCard(5_000);
    expect(await cardState(card.id)).toMatchObject({ used: false });
    expect(await authorize(ctx.db, request(card.provider_card_id, 3_000))).toMatchObject({
      approved: true,
      reason: null,
      cardId: card.id,
    });
    expect(await authorize(ctx.db, request(card.provider_card_id, 2_001))).toMatchObject({
      approved: false,
      reason: 'insufficient_funds',
      cardId: card.id,
    });
    expect(await authorize(ctx.db, request(card.provider_card_id, 2_000))).toMatchObject({ approved: true });
    expect(await authorize(ctx.db, request(card.provider_card_id, 1))).toMatchObject({
      approved: false,
      reason: 'insufficient_funds',
    });
    expect(await cardState(card.id)).toEqual({ spending_limit: 5_000, holds_amount: 5_000, used: true });
    const holds = await holdsOf(card.id);
    expect(holds.map((hold) => [hold.status, hold.amount, hold.requested_amount, hold.decline_reason])).toEqual([
      ['pending', 3_000, 3_000, null],
      ['declined', 0, 2_001, 'insufficient_funds'],
      ['pending', 2_000, 2_000, null],
      ['declined', 0, 1, 'insufficient_funds'],
    ]);
    expect(holds[0]).toMatchObject({
      merchant_data: { name: 'Blue Bottle Coffee' },
      user_id: card.user_id,
      org_id: card.org_id,
      provider: 'simulator',
    });
  });

  it("marks the card used, at minute precision (so a busy card's updates stay heap-only)", async () => {
    const { card } = await fundedCard(5_000);
    const usedAt = async () =>
      (await ctx.db.selectFrom('cards').select('last_used_at').where('id', '=', card.id).executeTakeFirstOrThrow())
        .last_used_at;
    await authorize(ctx.db, request(card.provider_card_id, 100));
    const first = await usedAt();
    expect(first).not.toBeNull();
    await authorize(ctx.db, request(card.provider_card_id, 100));
    expect(await usedAt()).toEqual(first);
    await sql`UPDATE cards SET last_used_at = now() - interval '2 minutes' WHERE id = ${card.id}`.execute(ctx.db);
    await authorize(ctx.db, request(card.provider_card_id, 100));
    expect(Date.now() - (await usedAt())!.getTime()).toBeLessThan(30_000);
    // A decline is not a use.
    await sql`UPDATE cards SET last_used_at = NULL WHERE id = ${card.id}`.execute(ctx.db);
    await authorize(ctx.db, request(card.provider_card_id, 1_000_000));
    expect(await usedAt()).toBeNull();
  });

  it('declines an unknown card without recording anything', async () => {
    const id = newAuthorizationId();
    expect(await authorize(ctx.db, request('ic_sim_nobody', 100, { providerAuthorizationId: id }))).toEqual({
      approved: false,
      reason: 'card_not_found',
      detail: null,
      holdId: null,
      cardId: null,
      orgId: null,
      holderId: null,
    });
    expect(
      await ctx.db.selectFrom('authorization_holds').select('id').where('provider_authorization_id', '=', id).execute(),
    ).toEqual([]);
    // The provider is part of the key: a simulator card is unknown to another issuer.
    const { card } = await fundedCard(1_000);
    expect(await authorize(ctx.db, request(card.provider_card_id, 100, { provider: 'stripe' }))).toMatchObject({
      reason: 'card_not_found',
    });
  });

  it('declines an inactive card, a holder who is no longer a wallet user, and a holder without accepted terms', async () => {
    const { client, card, member } = await fundedCard(5_000);
    await client.put(`/api/cards/${card.id}/status`, { status: 'inactive' });
    expect(await authorize(ctx.db, request(card.provider_card_id, 100))).toMatchObject({
      approved: false,
      reason: 'card_inactive',
      detail: null,
    });
    await client.put(`/api/cards/${card.id}/status`, { status: 'active' });

    await ctx.db.updateTable('users').set({ issuing_tos_accepted_at: null }).where('id', '=', member.id).execute();
    expect(await authorize(ctx.db, request(card.provider_card_id, 100))).toMatchObject({
      approved: false,
      reason: 'cardholder_terms_not_accepted',
    });
    // Holders from before 2023-06-01 never had to accept the terms.
    await backdate(member.id, '2023-05-31T23:59:59Z');
    expect(await authorize(ctx.db, request(card.provider_card_id, 100))).toMatchObject({ approved: true });
    await backdate(member.id, '2023-06-01T00:00:00Z');
    expect(await authorize(ctx.db, request(card.provider_card_id, 100))).toMatchObject({
      reason: 'cardholder_terms_not_accepted',
    });

    await ctx.db.deleteFrom('user_roles').where('user_id', '=', member.id).where('role', '=', 'wallet-user').execute();
    expect(await authorize(ctx.db, request(card.provider_card_id, 100))).toMatchObject({
      approved: false,
      reason: 'holder_inactive',
    });
    expect(await cardState(card.id)).toMatchObject({ holds_amount: 100 });
  });

  it('declines an amount that is not a positive whole number of cents, recording what fits', async () => {
    const { card } = await fundedCard(5_000);
    for (const amount of [0, -5, 1.5, Number.NaN, 1e20, Number.POSITIVE_INFINITY]) {
      const decision = await authorize(ctx.db, request(card.provider_card_id, amount));
      expect({ amount, decision }).toMatchObject({ amount, decision: { approved: false, reason: 'invalid_amount' } });
    }
    const holds = await holdsOf(card.id);
    expect(holds.map((hold) => [hold.status, hold.amount, hold.requested_amount])).toEqual([
      ['declined', 0, 0],
      ['declined', 0, 0],
      ['declined', 0, 1],
      ['declined', 0, 0],
      ['declined', 0, 0],
      ['declined', 0, 0],
    ]);
    // A malformed timestamp from an issuer is recorded as now rather than failing the decision.
    const decision = await authorize(ctx.db, request(card.provider_card_id, 100, { stripeCreated: Number.NaN }));
    expect(decision.approved).toBe(true);
    expect(await cardState(card.id)).toMatchObject({ spending_limit: 5_000, holds_amount: 100 });
  });
});

describe('authorize(): repeated ids and concurrency', () => {
  it('answers a repeated authorisation id as it was first answered, even after the card changed', async () => {
    const { card, client } = await fundedCard(1_000);
    const approved = request(card.provider_card_id, 800);
    const declined = request(card.provider_card_id, 900);
    expect((await authorize(ctx.db, approved)).approved).toBe(true);
    expect((await authorize(ctx.db, declined)).reason).toBe('insufficient_funds');
    await fundCard(client, card.id, 100_000);
    expect(await authorize(ctx.db, declined)).toMatchObject({ approved: false, reason: 'insufficient_funds' });
    await client.put(`/api/cards/${card.id}/status`, { status: 'inactive' });
    expect(await authorize(ctx.db, approved)).toMatchObject({ approved: true, reason: null });
    expect(await holdsOf(card.id)).toHaveLength(2);
    expect(await cardState(card.id)).toMatchObject({ holds_amount: 800 });
  });

  it('records one hold for the same id sent many times at once', async () => {
    const { card } = await fundedCard(1_000);
    const same = request(card.provider_card_id, 600);
    const decisions = await Promise.all(Array.from({ length: 20 }, () => authorize(pool, same)));
    expect(new Set(decisions.map((decision) => `${decision.approved}:${decision.holdId}`)).size).toBe(1);
    expect(decisions[0]!.approved).toBe(true);
    expect(await holdsOf(card.id)).toHaveLength(1);
    expect(await cardState(card.id)).toMatchObject({ holds_amount: 600 });
  });

  it('never overspends under concurrent purchases of random amounts, and the cached holds stay exact', async () => {
    const limit = 100_000;
    const { card, orgId } = await fundedCard(limit);
    let seed = 42;
    const nextAmount = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return 1 + (seed % 5_000);
    };
    const asks = Array.from({ length: 300 }, () => request(card.provider_card_id, nextAmount()));
    const decisions = await Promise.all(asks.map((ask) => authorize(pool, ask)));
    const approvedTotal = asks.reduce((sum, ask, index) => sum + (decisions[index]!.approved ? ask.amount : 0), 0);
    expect(approvedTotal).toBeLessThanOrEqual(limit);
    const state = await cardState(card.id);
    expect(state.holds_amount).toBe(approvedTotal);
    const pending = (await holdsOf(card.id)).filter((hold) => hold.status === 'pending');
    expect(pending.reduce((sum, hold) => sum + hold.amount, 0)).toBe(approvedTotal);
    // Every decline for insufficient funds asked for more than was left even at the end (it only shrinks).
    const left = limit - approvedTotal;
    for (const [index, decision] of decisions.entries())
      if (!decision.approved) expect(asks[index]!.amount).toBeGreaterThan(left);
    expect(
      decisions.filter((decision) => !decision.approved).every((decision) => decision.reason === 'insufficient_funds'),
    ).toBe(true);
    expect(await ledgerIntegrity(ctx.db, orgId)).toEqual(SOUND_LEDGER);
  });
});

describe('incremental authorisations', () => {
  it('raises a pending hold when the card covers the increase, with the same reasons otherwise', async () => {
    const { card, client } = await fundedCard(5_000);
    const first = request(card.provider_card_id, 2_000);
    await authorize(ctx.db, first);
    expect(await incrementAuthorization(ctx.db, 'simulator', first.providerAuthorizationId, 5_001)).toEqual({
      approved: false,
      reason: 'insufficient_funds',
      detail: { left: 3_000 },
    });
    expect(await incrementAuthorization(ctx.db, 'simulator', first.providerAuthorizationId, 4_500)).toEqual({
      approved: true,
      reason: null,
      detail: null,
    });
    expect(await cardState(card.id)).toMatchObject({ holds_amount: 4_500 });
    // Lowering is not an increment: nothing moves.
    expect(await incrementAuthorization(ctx.db, 'simulator', first.providerAuthorizationId, 1_000)).toEqual({
      approved: true,
      reason: null,
      detail: null,
    });
    await client.put(`/api/cards/${card.id}/status`, { status: 'inactive' });
    expect(await incrementAuthorization(ctx.db, 'simulator', first.providerAuthorizationId, 4_600)).toEqual({
      approved: false,
      reason: 'card_inactive',
      detail: null,
    });
    expect(await incrementAuthorization(ctx.db, 'simulator', 'iauth_sim_unknown', 100)).toEqual({
      approved: false,
      reason: 'card_not_found',
      detail: null,
    });
    expect(await cardState(card.id)).toMatchObject({ holds_amount: 4_500 });
  });
});
