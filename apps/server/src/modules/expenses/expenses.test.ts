import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { acceptTermsInDb, activateCard, createCard, fundCard, topUp } from '../../test/card-factories.js';
import { simulatePurchase, simulateRefund } from '../simulator/service.js';

const RESTAURANTS = 'Eating Places Restaurants';

/** PRODUCT.md §7: a card's posted transactions, its holds, and the CSV export (ARCHITECTURE.md D7). */
const ctx = useTestApp();

async function cardWithHistory() {
  const { organization, admin, host } = await makeOrganization(ctx.db);
  const member = await makeUser(ctx.db, organization.id, 'wallet-user', { first_name: 'Mia', last_name: 'Member' });
  const other = await makeUser(ctx.db, organization.id, 'wallet-user');
  await acceptTermsInDb(ctx.db, member.id);
  const admin_ = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
  await topUp(admin_, 1_000_000);
  const created = await createCard(admin_, member.id);
  await fundCard(admin_, created.id, 100_000);
  await activateCard(admin_, created.id);
  const card = await ctx.db.selectFrom('cards').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
  const day = (iso: string) => Math.floor(Date.parse(`${iso}T12:00:00Z`) / 1000);
  const buy = (
    amount: number,
    at: string,
    name: string,
    wallet: 'apple_pay' | null = null,
    capture: 'now' | 'later' = 'now',
  ) =>
    simulatePurchase(ctx.db, card, {
      amount,
      merchant: { name, category: 'eating_places_restaurants', city: 'Oakland', state: 'CA', country: 'US' },
      wallet,
      capture,
      at: day(at),
    });
  const march = await buy(1_250, '2025-03-10', 'Blue Bottle Coffee', 'apple_pay');
  await buy(9_900, '2025-03-31', '=HYPERLINK("http://evil.test","click")');
  await buy(300, '2025-04-01', 'Sweetgreen');
  await simulateRefund(ctx.db, organization.id, march.authorization_id, 250, day('2025-03-20'));
  await buy(4_000, '2025-04-02', 'Delta Air Lines', null, 'later');
  await buy(1_000_000, '2025-04-02', 'Too Much');
  const memberClient = await ctx.client(host).signIn(member.email, TEST_PASSWORD);
  const otherClient = await ctx.client(host).signIn(other.email, TEST_PASSWORD);
  return { admin: admin_, memberClient, otherClient, card, host };
}

describe('GET /api/cards/{id}/expenses', () => {
  it('pages posted transactions newest first (5 a page), with the hold when asked, for the holder and admins only', async () => {
    const { admin, memberClient, otherClient, card, host } = await cardWithHistory();
    const first = await memberClient.get(`/api/cards/${card.id}/expenses?include=issuingAuthorizationHold`);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.meta).toMatchObject({ total: 4 });
    expect(body.data.map((expense: { type: string; amount: number }) => [expense.type, expense.amount])).toEqual([
      ['capture', 300],
      ['capture', 9_900],
      ['refund', -250],
      ['capture', 1_250],
    ]);
    expect(body.data[3]).toMatchObject({
      wallet: 'apple_pay',
      merchant_data: { name: 'Blue Bottle Coffee' },
      wallet_card: { id: card.id, last4: card.last4 },
    });
    expect(body.data[3].issuing_authorization_hold).toMatchObject({ status: 'closed', amount: 0, approved: true });
    expect((await admin.get(`/api/cards/${card.id}/expenses`)).json().data[0]).not.toHaveProperty(
      'issuing_authorization_hold',
    );

    const byAmount = (await admin.get(`/api/cards/${card.id}/expenses?sort=amount&page[size]=2&page[number]=2`)).json();
    expect(byAmount.data.map((expense: { amount: number }) => expense.amount)).toEqual([1_250, 9_900]);
    expect((await admin.get(`/api/cards/${card.id}/expenses?sort=merchant`)).statusCode).toBe(400);
    expect((await otherClient.get(`/api/cards/${card.id}/expenses`)).statusCode).toBe(404);
    expect((await ctx.client(host).get(`/api/cards/${card.id}/expenses`)).statusCode).toBe(401);
  });
});

describe('GET /api/cards/{id}/issuing-authorization-holds', () => {
  it('lists pending holds newest first, and declines with their reason in words', async () => {
    const { memberClient, otherClient, card } = await cardWithHistory();
    const pending = (
      await memberClient.get(
        `/api/cards/${card.id}/issuing-authorization-holds?filter[status]=pending&sort=-created_at`,
      )
    ).json();
    expect(pending.data).toHaveLength(1);
    expect(pending.data[0]).toMatchObject({
      status: 'pending',
      amount: 4_000,
      merchant_data: { name: 'Delta Air Lines' },
      decline_reason: null,
    });
    const declined = (
      await memberClient.get(`/api/cards/${card.id}/issuing-authorization-holds?filter[status]=declined`)
    ).json();
    expect(declined.data[0]).toMatchObject({
      amount: 0,
      requested_amount: 1_000_000,
      approved: false,
      decline_reason: 'insufficient_funds',
      decline_explanation: `•••• ${card.last4} has $848.00 available to spend, less than this purchase.`,
    });
    expect(
      (await memberClient.get(`/api/cards/${card.id}/issuing-authorization-holds?filter[status]=lost`)).statusCode,
    ).toBe(422);
    expect((await otherClient.get(`/api/cards/${card.id}/issuing-authorization-holds`)).statusCode).toBe(404);
  });
});

describe('GET /api/cards/{id}/expenses/export', () => {
  it('downloads the range as CSV named after the holder and the dates, formulas neutralised, refunds as numbers', async () => {
    const { memberClient, card } = await cardWithHistory();
    const response = await memberClient.get(`/api/cards/${card.id}/expenses/export?from=2025-03-01&to=2025-03-31`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${card.name.replace(/[^\w.-]+/g, '-')}-transactions-2025-03-01-to-2025-03-31.csv"`,
    );
    const lines = response.body.trim().split('\n');
    // The category reads as a name; its key stays in a column of its own (issue 18.8); the receipt status comes last
    // (issue 21.7: no receipt is attached, every purchase needs one, a refund none).
    expect(lines[0]).toBe(
      'Posted Date,Amount,Type,Merchant,Category,Category Code,City,State,Country,Digital Wallet,Card,Receipt',
    );
    expect(lines.slice(1)).toEqual([
      `2025-03-10,12.50,capture,Blue Bottle Coffee,${RESTAURANTS},eating_places_restaurants,Oakland,CA,US,apple_pay,•••• ${card.last4},Missing`,
      `2025-03-20,-2.50,refund,Blue Bottle Coffee,${RESTAURANTS},eating_places_restaurants,Oakland,CA,US,apple_pay,•••• ${card.last4},Not required`,
      `2025-03-31,99.00,capture,"'=HYPERLINK(""http://evil.test"",""click"")",${RESTAURANTS},eating_places_restaurants,Oakland,CA,US,,•••• ${card.last4},Missing`,
    ]);
    // A single day, inclusive.
    const april = await memberClient.get(`/api/cards/${card.id}/expenses/export?from=2025-04-01&to=2025-04-01`);
    expect(april.body.trim().split('\n')).toHaveLength(2);
  });

  it('refuses a missing, malformed, impossible or reversed range with 422, never a 500', async () => {
    const { memberClient, card } = await cardWithHistory();
    for (const query of [
      '',
      '?from=2025-03-01',
      '?from=03/01/2025&to=2025-03-31',
      '?from=2025-02-30&to=2025-03-31',
      '?from=2025-03-01&to=2025-04-31',
      '?from=0000-01-01&to=2025-01-01',
      '?from=2025-04-01&to=2025-03-01',
    ]) {
      const response = await memberClient.get(`/api/cards/${card.id}/expenses/export${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 422 });
    }
  });
});
