import { beforeAll, describe, expect, it } from 'vitest';
import type { CardResource } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { addUser, setupOrg } from '../../test/helpers.js';
import { acceptTermsInDb, activateCard, createCard, fundCard, topUp } from '../../test/card-factories.js';
import { simulatePurchase, simulateRefund } from '../simulator/service.js';

const ctx = useTestApp();

const DAY = 24 * 60 * 60;
const MERCHANT = { name: 'Corner Shop', category: 'grocery_stores_supermarkets', category_code: '5411' };

type Org = Awaited<ReturnType<typeof setupOrg>>;
let org: Org;
let other: Org;
/** Mia's card (bought on), Bo's card (never used), and the other organisation's card (bought on). */
let bo: { id: number };
let spender: number;
let idle: number;
let otherCard: number;

/** An active card of `holderId` with $500 on it, bought on at each `[cents, days ago]`; a refund is negative. */
async function cardWithPurchases(owner: Org, holderId: number, purchases: Array<[number, number]>): Promise<number> {
  await acceptTermsInDb(ctx.db, holderId);
  const { id } = await createCard(owner.adminClient, holderId);
  await fundCard(owner.adminClient, id, 50_000);
  await activateCard(owner.adminClient, id);
  const card = { id, org_id: owner.organization.id };
  const now = Math.floor(Date.now() / 1000);
  for (const [cents, daysAgo] of purchases) {
    const at = now - daysAgo * DAY;
    if (cents > 0) {
      await simulatePurchase(ctx.db, card, { amount: cents, merchant: MERCHANT, wallet: null, capture: 'now', at });
    } else {
      const bought = await simulatePurchase(ctx.db, card, {
        amount: -cents * 2,
        merchant: MERCHANT,
        wallet: null,
        capture: 'now',
        at,
      });
      await simulateRefund(ctx.db, owner.organization.id, bought.authorization_id, -cents, at);
    }
  }
  return id;
}

const spentOf = (response: { json(): { data: CardResource[] } }) =>
  Object.fromEntries(response.json().data.map((card) => [card.id, card.spent_last_30_days]));

beforeAll(async () => {
  org = await setupOrg(ctx);
  other = await setupOrg(ctx);
  await topUp(org.adminClient, 200_000);
  await topUp(other.adminClient, 200_000);
  // 45 days ago is outside the 30 days; 10 days ago $25; a day ago $5, and $4 bought and $2 of it refunded.
  spender = await cardWithPurchases(org, org.member.id, [
    [1_000, 45],
    [2_500, 10],
    [500, 1],
    [-200, 1],
  ]);
  bo = await addUser(ctx.db, org.organization.id, 'wallet-user', { first_name: 'Bo' });
  idle = (await createCard(org.adminClient, bo.id)).id;
  otherCard = await cardWithPurchases(other, other.member.id, [[7_700, 2]]);
});

describe('GET /api/cards?append=spent_last_30_days', () => {
  it("appends each card's spend of the last 30 days, captures less refunds, in cents", async () => {
    const response = await org.adminClient.get('/api/cards?include=user&append=spent_last_30_days');
    expect(response.statusCode).toBe(200);
    // $25 + $5 + $4 - $2: the purchase 45 days ago is not counted; a card never used spent nothing.
    expect(spentOf(response)).toEqual({ [spender]: 3_200, [idle]: 0 });
    expect(response.json().data.find((card: CardResource) => card.id === spender).user.id).toBe(org.member.id);
  });

  it("appends it to the dashboard's recently used cards and to a person's cards", async () => {
    const recent = await org.adminClient.get(
      '/api/cards?include=user&filter[recently_used]=true&page[size]=5&append=spent_last_30_days',
    );
    expect(spentOf(recent)).toEqual({ [spender]: 3_200 });
    const persons = await org.adminClient.get(`/api/users/${org.member.id}/cards?append=spent_last_30_days`);
    expect(spentOf(persons)).toEqual({ [spender]: 3_200 });
  });

  it('answers no spend unless asked, and 400 for an unknown append', async () => {
    const plain = await org.adminClient.get('/api/cards');
    expect(plain.json().data.every((card: CardResource) => !('spent_last_30_days' in card))).toBe(true);
    const unknown = await org.adminClient.get('/api/cards?append=spent_forever');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown append: spent_forever.');
  });

  it("shows a member their own cards' spend only", async () => {
    expect(spentOf(await org.memberClient.get('/api/cards?append=spent_last_30_days'))).toEqual({ [spender]: 3_200 });
    const someoneElses = await org.memberClient.get(`/api/users/${bo.id}/cards?append=spent_last_30_days`);
    expect(someoneElses.statusCode).toBe(404);
  });

  it("never counts or lists another organisation's cards", async () => {
    expect(spentOf(await other.adminClient.get('/api/cards?append=spent_last_30_days'))).toEqual({
      [otherCard]: 7_700,
    });
    const otherHolder = await org.adminClient.get(`/api/users/${other.member.id}/cards?append=spent_last_30_days`);
    expect(otherHolder.statusCode).toBe(404);
  });

  it('answers 401 signed out', async () => {
    expect((await org.anonymous.get('/api/cards?append=spent_last_30_days')).statusCode).toBe(401);
  });
});
