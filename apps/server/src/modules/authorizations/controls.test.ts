import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { spendingWindowEnd, spendingWindowStart } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { acceptTermsInDb, activateCard, createCard, fundCard, topUp } from '../../test/card-factories.js';
import { ledgerIntegrity, SOUND_LEDGER } from '../ledger/service.js';
import { setCardControls, spendWindowsOf } from './test-fixtures.js';

/**
 * Every card control and decline reason through POST /api/simulator/purchases (the very decision a Stripe webhook
 * gets): what is declined, why, with what detail and sentence, and how the spend windows move.
 */
const ctx = useTestApp();

const DELTA = { name: 'Delta Air Lines', category: 'airlines_air_carriers' };
const AWS = { name: 'AMAZON WEB SERVICES', category: 'computer_network_services' };
const COFFEE = { name: 'Blue Bottle Coffee', category: 'eating_places_restaurants' };
const today = () => new Date().toISOString().slice(0, 10);

async function fundedCard(limit = 100_000) {
  const { organization, admin, host } = await makeOrganization(ctx.db);
  const member = await makeUser(ctx.db, organization.id, 'wallet-user');
  await acceptTermsInDb(ctx.db, member.id);
  const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
  await topUp(client, 10_000_000);
  const created = await createCard(client, member.id);
  await fundCard(client, created.id, limit);
  await activateCard(client, created.id);
  const card = { id: created.id, org_id: organization.id, last4: created.last4 };
  const buy = async (amount: number, merchant: Record<string, string> = COFFEE, capture = 'later') => {
    const response = await client.post('/api/simulator/purchases', { card_id: card.id, amount, merchant, capture });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as {
      authorization_id: string;
      approved: boolean;
      decline_reason: string | null;
      decline_detail: Record<string, unknown> | null;
      explanation: string | null;
    };
  };
  return { client, card, orgId: organization.id, buy };
}

describe('card controls in the decision', () => {
  it('declines a canceled card as canceled, an inactive one as inactive', async () => {
    const { card, buy, client } = await fundedCard();
    await client.put(`/api/cards/${card.id}/status`, { status: 'inactive' });
    expect(await buy(100)).toMatchObject({ decline_reason: 'card_inactive' });
    await sql`UPDATE cards SET status = 'canceled', canceled_at = now() WHERE id = ${card.id}`.execute(ctx.db);
    expect(await buy(100)).toMatchObject({
      approved: false,
      decline_reason: 'card_canceled',
      explanation: `•••• ${card.last4} has been canceled and can no longer be used.`,
    });
  });

  it('declines once the allocation has expired (on its day, UTC), with the day', async () => {
    const { card, buy } = await fundedCard();
    const tomorrow = spendingWindowEnd('daily', new Date());
    await setCardControls(ctx.db, card, { allocation_expires_on: tomorrow });
    expect(await buy(100)).toMatchObject({ approved: true });
    await setCardControls(ctx.db, card, { allocation_expires_on: today() });
    expect(await buy(100)).toMatchObject({
      approved: false,
      decline_reason: 'allocation_expired',
      decline_detail: { expired_on: today() },
    });
  });

  it('approves only merchants whose name contains the lock, in any case', async () => {
    const { card, buy } = await fundedCard();
    await setCardControls(ctx.db, card, { merchant_lock: 'Amazon' });
    expect(await buy(500, AWS)).toMatchObject({ approved: true });
    expect(await buy(500, DELTA)).toMatchObject({
      approved: false,
      decline_reason: 'merchant_not_allowed',
      decline_detail: { merchant: 'Delta Air Lines', merchant_lock: 'Amazon' },
      explanation: `•••• ${card.last4} can be used only at Amazon.`,
    });
  });

  it('declines blocked categories, and categories outside the allowed ones (a purchase without one too)', async () => {
    const { card, buy } = await fundedCard();
    await setCardControls(ctx.db, card, { controls: { blocked_categories: ['airlines_air_carriers'] } });
    expect(await buy(500, DELTA)).toMatchObject({
      decline_reason: 'merchant_category_blocked',
      decline_detail: { category: 'airlines_air_carriers' },
      explanation: `Airlines Air Carriers purchases are blocked on •••• ${card.last4}.`,
    });
    expect(await buy(500, COFFEE)).toMatchObject({ approved: true });

    await setCardControls(ctx.db, card, { controls: { allowed_categories: ['eating_places_restaurants'] } });
    expect(await buy(500, COFFEE)).toMatchObject({ approved: true });
    expect(await buy(500, AWS)).toMatchObject({
      decline_reason: 'merchant_category_not_allowed',
      decline_detail: { category: 'computer_network_services' },
    });
    expect(await buy(500, { name: 'Somewhere' })).toMatchObject({
      decline_reason: 'merchant_category_not_allowed',
      decline_detail: { category: null },
    });
  });

  it('declines a purchase over the per-purchase limit', async () => {
    const { card, buy } = await fundedCard();
    await setCardControls(ctx.db, card, {
      controls: { spending_limits: [{ interval: 'per_authorization', amount: 5_000 }] },
    });
    expect(await buy(5_000)).toMatchObject({ approved: true });
    expect(await buy(5_001)).toMatchObject({
      decline_reason: 'spending_limit_exceeded',
      decline_detail: { interval: 'per_authorization', limit: 5_000 },
      explanation: `Purchases on •••• ${card.last4} are limited to $50.00 each.`,
    });
    // A per-purchase limit keeps no window.
    expect(await spendWindowsOf(ctx.db, card.id)).toEqual({});
  });

  it('counts a daily window: declines what would pass the limit, with what is left and when it resets', async () => {
    const { card, buy, client } = await fundedCard();
    await setCardControls(ctx.db, card, { controls: { spending_limits: [{ interval: 'daily', amount: 10_000 }] } });
    const first = await buy(6_000);
    expect(first).toMatchObject({ approved: true });
    const resetsOn = spendingWindowEnd('daily', new Date());
    expect(await buy(4_001)).toMatchObject({
      approved: false,
      decline_reason: 'spending_limit_exceeded',
      decline_detail: { interval: 'daily', limit: 10_000, left: 4_000, resets_on: resetsOn },
    });
    expect(await spendWindowsOf(ctx.db, card.id)).toEqual({
      daily: { window_start: spendingWindowStart('daily', new Date()), spent: 6_000 },
    });
    // A reversal gives back what the hold held.
    await client.post(`/api/simulator/authorizations/${first.authorization_id}/reverse`, {});
    expect((await spendWindowsOf(ctx.db, card.id)).daily?.spent).toBe(0);
    expect(await buy(10_000)).toMatchObject({ approved: true });
    expect(await buy(1)).toMatchObject({ decline_reason: 'spending_limit_exceeded' });
  });

  it('names the first limit a purchase would exceed, in interval order', async () => {
    const { card, buy } = await fundedCard();
    await setCardControls(ctx.db, card, {
      controls: {
        spending_limits: [
          { interval: 'yearly', amount: 2_000 },
          { interval: 'monthly', amount: 3_000 },
          { interval: 'weekly', amount: 50_000 },
        ],
      },
    });
    expect(await buy(3_500)).toMatchObject({ decline_detail: { interval: 'monthly', limit: 3_000, left: 3_000 } });
    expect(await buy(2_001)).toMatchObject({ decline_detail: { interval: 'yearly', limit: 2_000, left: 2_000 } });
    expect(await buy(2_000)).toMatchObject({ approved: true });
    expect(await spendWindowsOf(ctx.db, card.id)).toMatchObject({
      monthly: { spent: 2_000 },
      weekly: { spent: 2_000 },
      yearly: { spent: 2_000 },
    });
  });

  it("counts what the card spent earlier in the window when a limit is set, and nothing of an earlier window's", async () => {
    const { card, buy } = await fundedCard();
    await buy(3_000, COFFEE, 'now');
    await buy(2_000);
    await setCardControls(ctx.db, card, { controls: { spending_limits: [{ interval: 'monthly', amount: 6_000 }] } });
    expect((await spendWindowsOf(ctx.db, card.id)).monthly?.spent).toBe(5_000);
    expect(await buy(1_001)).toMatchObject({ decline_detail: { left: 1_000 } });
    // The row still holds last month's window: this month has spent nothing of it.
    await sql`UPDATE card_spend_windows SET window_start = '2000-01-01', spent = 6000 WHERE card_id = ${card.id}`.execute(
      ctx.db,
    );
    expect(await buy(6_000)).toMatchObject({ approved: true });
    expect((await spendWindowsOf(ctx.db, card.id)).monthly).toEqual({
      window_start: spendingWindowStart('monthly', new Date()),
      spent: 6_000,
    });
  });

  it('keeps captures in the window, adds an over-capture and gives back what a close let go', async () => {
    const { card, buy, client } = await fundedCard();
    await setCardControls(ctx.db, card, { controls: { spending_limits: [{ interval: 'weekly', amount: 50_000 }] } });
    const over = await buy(1_000);
    await client.post(`/api/simulator/authorizations/${over.authorization_id}/capture`, { amount: 1_500 });
    expect((await spendWindowsOf(ctx.db, card.id)).weekly?.spent).toBe(1_500);
    const under = await buy(2_000);
    await client.post(`/api/simulator/authorizations/${under.authorization_id}/capture`, { amount: 500 });
    expect((await spendWindowsOf(ctx.db, card.id)).weekly?.spent).toBe(2_000);
    const expired = await buy(700);
    await client.post(`/api/simulator/authorizations/${expired.authorization_id}/expire`, {});
    expect((await spendWindowsOf(ctx.db, card.id)).weekly?.spent).toBe(2_000);
  });

  it('applies the limits to an increment and counts an approved one', async () => {
    const { card, buy, client } = await fundedCard();
    await setCardControls(ctx.db, card, { controls: { spending_limits: [{ interval: 'daily', amount: 5_000 }] } });
    const first = await buy(2_000);
    const increment = (amount: number) =>
      client.post(`/api/simulator/authorizations/${first.authorization_id}/increment`, { amount });
    expect((await increment(5_001)).json().data).toEqual({ approved: false, reason: 'spending_limit_exceeded' });
    expect((await increment(5_000)).json().data).toEqual({ approved: true, reason: null });
    expect((await spendWindowsOf(ctx.db, card.id)).daily?.spent).toBe(5_000);
  });

  it('approves exactly what a daily limit allows under 200 concurrent purchases, the ledger sound', async () => {
    const { card, buy, orgId } = await fundedCard(1_000_000);
    await setCardControls(ctx.db, card, {
      controls: {
        spending_limits: [
          { interval: 'daily', amount: 100_000 },
          { interval: 'monthly', amount: 500_000 },
        ],
      },
    });
    const results = await Promise.all(Array.from({ length: 200 }, () => buy(1_000)));
    expect(results.filter((result) => result.approved)).toHaveLength(100);
    expect(new Set(results.filter((r) => !r.approved).map((r) => r.decline_reason))).toEqual(
      new Set(['spending_limit_exceeded']),
    );
    const windows = await spendWindowsOf(ctx.db, card.id);
    expect(windows.daily?.spent).toBe(100_000);
    expect(windows.monthly?.spent).toBe(100_000);
    const { held } = await ctx.db
      .selectFrom('authorization_holds')
      .select((eb) => eb.fn.sum<number>('amount').as('held'))
      .where('card_id', '=', card.id)
      .where('approved', '=', true)
      .executeTakeFirstOrThrow();
    expect(Number(held)).toBe(100_000);
    expect(await ledgerIntegrity(ctx.db, orgId)).toEqual(SOUND_LEDGER);
  });
});
