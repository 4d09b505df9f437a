import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { acceptTermsInDb, activateCard, createCard, fundCard, topUp } from '../../test/card-factories.js';
import { PurchaseNotifier } from './purchase-notifier.js';
import { setCardControls } from './test-fixtures.js';

/**
 * Purchase notifications: the notifier reads decided holds past its cursor and tells each card's holder once, with
 * the decline's sentence, the approval, and card low when a purchase crosses the holder's threshold. The app's own
 * notifier is off (test/context.ts); each test starts its own, as the app would.
 */
const ctx = useTestApp();
let notifiers: PurchaseNotifier[] = [];
afterEach(async () => {
  await Promise.all(notifiers.map((notifier) => notifier.stop()));
  notifiers = [];
});
const startNotifier = () => {
  const notifier = new PurchaseNotifier(ctx.db).start();
  notifiers.push(notifier);
  return notifier;
};
const allIdle = () => Promise.all(notifiers.map((notifier) => notifier.idle()));

async function fundedCard(limit: number) {
  const { organization, admin, host } = await makeOrganization(ctx.db);
  const member = await makeUser(ctx.db, organization.id, 'wallet-user');
  await acceptTermsInDb(ctx.db, member.id);
  const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
  await topUp(client, 10_000_000);
  const created = await createCard(client, member.id);
  await fundCard(client, created.id, limit);
  await activateCard(client, created.id);
  const card = { id: created.id, org_id: organization.id, last4: created.last4 };
  const buy = async (
    amount: number,
    merchant = { name: 'Blue Bottle Coffee', category: 'eating_places_restaurants' },
  ) =>
    (await client.post('/api/simulator/purchases', { card_id: card.id, amount, merchant, capture: 'later' })).json()
      .data as { approved: boolean; hold_id: number };
  return { card, member, buy };
}

const noticesOf = (userId: number) =>
  ctx.db
    .selectFrom('notifications')
    .select(['kind', 'title', 'body', 'link'])
    .where('user_id', '=', userId)
    // Funding the card told them too; only the purchases' notices count here.
    .where('kind', 'in', ['purchase_approved', 'purchase_declined', 'card_low'])
    .orderBy('id')
    .execute();

describe('the purchase notifier', () => {
  it('tells the holder of an approval and of a decline with its reason', async () => {
    startNotifier();
    const { card, member, buy } = await fundedCard(5_000);
    await setCardControls(ctx.db, card, { controls: { blocked_categories: ['airlines_air_carriers'] } });
    expect(await buy(1_234)).toMatchObject({ approved: true });
    expect(await buy(2_000, { name: 'Delta Air Lines', category: 'airlines_air_carriers' })).toMatchObject({
      approved: false,
    });
    await allIdle();
    expect(await noticesOf(member.id)).toEqual([
      {
        kind: 'purchase_approved',
        title: 'Purchase approved',
        body: `$12.34 at Blue Bottle Coffee approved on •••• ${card.last4}.`,
        link: `/cards/${card.id}`,
      },
      {
        kind: 'purchase_declined',
        title: 'Purchase declined',
        body: `$20.00 at Delta Air Lines: Airlines Air Carriers purchases are blocked on •••• ${card.last4}.`,
        link: `/cards/${card.id}`,
      },
    ]);
  });

  it('tells of a card running low once, when a purchase takes it below the threshold', async () => {
    startNotifier();
    const { card, member, buy } = await fundedCard(10_000);
    await ctx.db.updateTable('cards').set({ low_balance_threshold: 3_000 }).where('id', '=', card.id).execute();
    await buy(5_000);
    await buy(2_500);
    await buy(500);
    await allIdle();
    const lows = (await noticesOf(member.id)).filter((notice) => notice.kind === 'card_low');
    expect(lows).toEqual([
      {
        kind: 'card_low',
        title: 'Card running low',
        body: `•••• ${card.last4} has $25.00 left to spend, below your alert at $30.00.`,
        link: `/cards/${card.id}`,
      },
    ]);
  });

  it('tells of each purchase exactly once with two notifiers racing over concurrent purchases', async () => {
    startNotifier();
    startNotifier();
    const { member, buy } = await fundedCard(30_000);
    const results = await Promise.all(Array.from({ length: 60 }, () => buy(1_000)));
    await allIdle();
    const notices = await noticesOf(member.id);
    expect(notices.filter((notice) => notice.kind === 'purchase_approved')).toHaveLength(30);
    expect(notices.filter((notice) => notice.kind === 'purchase_declined')).toHaveLength(30);
    expect(results.filter((result) => result.approved)).toHaveLength(30);
    // A later round finds nothing more to tell.
    startNotifier();
    await allIdle();
    expect(await noticesOf(member.id)).toHaveLength(60);
  });
});
