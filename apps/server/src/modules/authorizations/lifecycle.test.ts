import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { acceptTermsInDb, activateCard, createCard, fundCard, topUp } from '../../test/card-factories.js';
import { ledgerIntegrity, SOUND_LEDGER } from '../ledger/service.js';

const ctx = useTestApp();

/** An organisation with an active, funded card of a member who accepted the terms. */
async function fundedCard(limit: number) {
  const { organization, admin, host } = await makeOrganization(ctx.db);
  const member = await makeUser(ctx.db, organization.id, 'wallet-user');
  await acceptTermsInDb(ctx.db, member.id);
  const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
  await topUp(client, 10_000_000);
  const card = await createCard(client, member.id);
  await fundCard(client, card.id, limit);
  await activateCard(client, card.id);
  return { client, card, organization, member, host };
}

async function cardState(client: Awaited<ReturnType<typeof fundedCard>>['client'], cardId: number) {
  return (await client.get(`/api/cards/${cardId}`)).json().data as {
    spending_limit: number;
    issuing_holds_amount: number;
    available_to_spend: number;
  };
}

const purchase = (
  client: Awaited<ReturnType<typeof fundedCard>>['client'],
  cardId: number,
  amount: number,
  capture = 'later',
) =>
  client.post('/api/simulator/purchases', {
    card_id: cardId,
    amount,
    capture,
    merchant: { name: 'Blue Bottle Coffee' },
  });

describe('authorisation decisions', () => {
  it('approves within what is left and declines beyond it, with a reason', async () => {
    const { client, card } = await fundedCard(5_000);
    const approved = (await purchase(client, card.id, 3_000)).json().data;
    expect(approved).toMatchObject({ approved: true, decline_reason: null });
    expect(await cardState(client, card.id)).toMatchObject({
      spending_limit: 5_000,
      issuing_holds_amount: 3_000,
      available_to_spend: 2_000,
    });
    const declined = (await purchase(client, card.id, 2_001)).json().data;
    expect(declined).toMatchObject({ approved: false, decline_reason: 'insufficient_funds' });
    expect(declined.explanation).toBe(`•••• ${card.last4} has $20.00 available to spend, less than this purchase.`);
    const holds = (await client.get(`/api/cards/${card.id}/issuing-authorization-holds?filter[status]=declined`)).json()
      .data;
    expect(holds).toHaveLength(1);
  });

  it('declines an inactive card and a holder without accepted terms', async () => {
    const { client, card, member } = await fundedCard(5_000);
    await client.put(`/api/cards/${card.id}/status`, { status: 'inactive' });
    expect((await purchase(client, card.id, 100)).json().data.decline_reason).toBe('card_inactive');
    await client.put(`/api/cards/${card.id}/status`, { status: 'active' });
    await ctx.db.updateTable('users').set({ issuing_tos_accepted_at: null }).where('id', '=', member.id).execute();
    expect((await purchase(client, card.id, 100)).json().data.decline_reason).toBe('cardholder_terms_not_accepted');
  });

  it('never overspends: 200 parallel $10 purchases against $1,000 approve exactly 100', async () => {
    const { client, card } = await fundedCard(100_000);
    const results = await Promise.all(Array.from({ length: 200 }, () => purchase(client, card.id, 1_000)));
    const approved = results.filter((result) => result.json().data.approved).length;
    expect(approved).toBe(100);
    expect(await cardState(client, card.id)).toMatchObject({ issuing_holds_amount: 100_000, available_to_spend: 0 });
  }, 60_000);
});

describe('the purchase lifecycle', () => {
  it('capture closes the hold, posts the expense and lowers the spending limit; the ledger balances', async () => {
    const { client, card, organization } = await fundedCard(10_000);
    const { authorization_id: id } = (await purchase(client, card.id, 4_000)).json().data;
    expect((await client.post(`/api/simulator/authorizations/${id}/capture`, {})).statusCode).toBe(200);
    expect(await cardState(client, card.id)).toMatchObject({
      spending_limit: 6_000,
      issuing_holds_amount: 0,
      available_to_spend: 6_000,
    });
    const expenses = (await client.get(`/api/cards/${card.id}/expenses?include=issuingAuthorizationHold`)).json().data;
    expect(expenses).toHaveLength(1);
    expect(expenses[0]).toMatchObject({
      amount: 4_000,
      type: 'capture',
      merchant_data: { name: 'Blue Bottle Coffee' },
    });
    expect(expenses[0].issuing_authorization_hold.status).toBe('closed');
    expect(await ledgerIntegrity(ctx.db, organization.id)).toEqual(SOUND_LEDGER);
  });

  it('partial capture releases the rest; over-capture is posted in full and shows a negative available', async () => {
    const { client, card } = await fundedCard(10_000);
    const partial = (await purchase(client, card.id, 5_000)).json().data.authorization_id;
    await client.post(`/api/simulator/authorizations/${partial}/capture`, { amount: 3_000 });
    expect(await cardState(client, card.id)).toMatchObject({ spending_limit: 7_000, issuing_holds_amount: 0 });
    const over = (await purchase(client, card.id, 7_000)).json().data.authorization_id;
    await client.post(`/api/simulator/authorizations/${over}/capture`, { amount: 8_000 });
    expect(await cardState(client, card.id)).toMatchObject({
      spending_limit: -1_000,
      issuing_holds_amount: 0,
      available_to_spend: -1_000,
    });
  });

  it('refund raises the spending limit back; reversal and expiry release holds', async () => {
    const { client, card, organization } = await fundedCard(10_000);
    const bought = (await purchase(client, card.id, 4_000, 'now')).json().data.authorization_id;
    await client.post(`/api/simulator/authorizations/${bought}/refund`, { amount: 1_500 });
    expect(await cardState(client, card.id)).toMatchObject({ spending_limit: 7_500 });
    const reversed = (await purchase(client, card.id, 2_000)).json().data.authorization_id;
    const expired = (await purchase(client, card.id, 1_000)).json().data.authorization_id;
    expect(await cardState(client, card.id)).toMatchObject({ issuing_holds_amount: 3_000, available_to_spend: 4_500 });
    await client.post(`/api/simulator/authorizations/${reversed}/reverse`);
    await client.post(`/api/simulator/authorizations/${expired}/expire`);
    expect(await cardState(client, card.id)).toMatchObject({ issuing_holds_amount: 0, available_to_spend: 7_500 });
    const expenses = (await client.get(`/api/cards/${card.id}/expenses`)).json().data;
    expect(expenses.map((expense: { type: string; amount: number }) => [expense.type, expense.amount]).sort()).toEqual([
      ['capture', 4_000],
      ['refund', -1_500],
    ]);
    expect(await ledgerIntegrity(ctx.db, organization.id)).toEqual(SOUND_LEDGER);
  });

  it("exports a card's transactions as CSV for a date range", async () => {
    const { client, card } = await fundedCard(10_000);
    await purchase(client, card.id, 1_234, 'now');
    const today = new Date().toISOString().slice(0, 10);
    const response = await client.get(`/api/cards/${card.id}/expenses/export?from=${today}&to=${today}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`${today}-to-${today}.csv`);
    expect(response.body.split('\n')[0]).toContain('Posted Date');
    expect(response.body).toContain('12.34');
  });
});
