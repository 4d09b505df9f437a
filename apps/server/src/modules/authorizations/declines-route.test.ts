import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { setupOrg } from '../../test/helpers.js';
import { acceptTermsInDb, activateCard, createCard, fundCard, topUp } from '../../test/card-factories.js';

/** GET /api/users/{id}/declines: a person's declined purchases, newest first, for themselves and their admins. */
const ctx = useTestApp();

describe('GET /api/users/{id}/declines', () => {
  it("lists a person's declines newest first with the card, reason and sentence; only theirs to a member", async () => {
    const { admin, member, adminClient, memberClient } = await setupOrg(ctx);
    await acceptTermsInDb(ctx.db, member.id);
    await topUp(adminClient, 1_000_000);
    const card = await createCard(adminClient, member.id);
    await fundCard(adminClient, card.id, 1_000);
    await activateCard(adminClient, card.id);
    await ctx.db.updateTable('cards').set({ nickname: 'Coffee runs' }).where('id', '=', card.id).execute();
    const buy = (amount: number, name: string) =>
      adminClient.post('/api/simulator/purchases', { card_id: card.id, amount, merchant: { name }, capture: 'later' });
    await buy(500, 'Blue Bottle Coffee');
    await buy(2_000, 'Delta Air Lines');
    await buy(3_000, 'Marriott Hotels');

    const page = (await memberClient.get(`/api/users/${member.id}/declines?page[size]=5`)).json();
    expect(page.meta).toMatchObject({ total: 2, current_page: 1, per_page: 5, last_page: 1 });
    expect(page.data).toEqual([
      {
        id: expect.any(Number),
        card: { id: card.id, last4: card.last4, name: card.name, nickname: 'Coffee runs' },
        merchant_data: { name: 'Marriott Hotels' },
        requested_amount: 3_000,
        decline_reason: 'insufficient_funds',
        decline_detail: { left: 500 },
        decline_explanation: `•••• ${card.last4} has $5.00 available to spend, less than this purchase.`,
        created_at: expect.any(String),
      },
      expect.objectContaining({ merchant_data: { name: 'Delta Air Lines' }, requested_amount: 2_000 }),
    ]);
    const second = (await memberClient.get(`/api/users/${member.id}/declines?page[size]=1&page[number]=2`)).json();
    expect(second.data.map((decline: { requested_amount: number }) => decline.requested_amount)).toEqual([2_000]);

    // An admin reads anyone's of their organisation; a member only their own.
    expect((await adminClient.get(`/api/users/${member.id}/declines`)).json().meta.total).toBe(2);
    expect((await memberClient.get(`/api/users/${admin.id}/declines`)).statusCode).toBe(404);
    expect((await adminClient.get(`/api/users/${admin.id}/declines`)).json()).toMatchObject({ data: [] });
  });
});

describe('GET /api/declines (Reports & Insights)', () => {
  it("lists the organisation's declines for admins, filtered by reason and person; a member sees only their own", async () => {
    const { admin, member, adminClient, memberClient, anonymous } = await setupOrg(ctx);
    await acceptTermsInDb(ctx.db, member.id);
    await topUp(adminClient, 1_000_000);
    const card = await createCard(adminClient, member.id);
    await fundCard(adminClient, card.id, 1_000);
    await activateCard(adminClient, card.id);
    const buy = (amount: number, name: string) =>
      adminClient.post('/api/simulator/purchases', { card_id: card.id, amount, merchant: { name }, capture: 'later' });
    await buy(2_000, 'Delta Air Lines');
    await adminClient.put(`/api/cards/${card.id}/status`, { status: 'inactive' });
    await buy(100, 'Blue Bottle Coffee');

    const all = (await adminClient.get('/api/declines')).json();
    expect(all.meta.total).toBe(2);
    expect(all.data.map((row: { decline_reason: string }) => row.decline_reason)).toEqual([
      'card_inactive',
      'insufficient_funds',
    ]);
    expect(all.data[0]).toMatchObject({ user: { id: member.id }, card: { id: card.id }, requested_amount: 100 });
    const funds = (
      await adminClient.get('/api/declines?filter[reason]=insufficient_funds,spending_limit_exceeded')
    ).json();
    expect(funds.data.map((row: { requested_amount: number }) => row.requested_amount)).toEqual([2_000]);
    expect((await adminClient.get(`/api/declines?filter[user_id]=${admin.id}`)).json().meta.total).toBe(0);
    // A member's are their own, whoever they name.
    expect((await memberClient.get(`/api/declines?filter[user_id]=${admin.id}`)).json().meta.total).toBe(2);
    expect((await adminClient.get('/api/declines?filter[reason]=lost_card')).statusCode).toBe(422);
    expect((await anonymous.get('/api/declines')).statusCode).toBe(401);
  });
});
