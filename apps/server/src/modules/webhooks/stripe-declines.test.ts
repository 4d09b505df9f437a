import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StripeObject } from '../../issuing/stripe/fake-stripe.js';
import { useStripeTestApp } from '../../test/stripe-app.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import {
  acceptTermsInDb,
  activateCard,
  createCard,
  fundCard,
  topUp,
  waitForIssuerSync,
} from '../../test/card-factories.js';
import { waitFor } from '../../test/helpers.js';
import type { TestClient } from '../../test/client.js';
import { setCardControls } from '../authorizations/test-fixtures.js';

/**
 * Card controls on Stripe's path (issue 20.1, 20.6): our answer to issuing_authorization.request enforces them and
 * records why; an authorisation Stripe declined on its own (issuing_authorization.created, approved false) keeps our
 * code for Stripe's reason, read against the card's controls.
 */
const { ctx, fake, deliver } = useStripeTestApp('whsec_declines_test');
const unixNow = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const AIRLINE = { name: 'Delta Air Lines', category: 'airlines_air_carriers', category_code: '3058' };
const COFFEE = { name: 'Blue Bottle Coffee', category: 'eating_places_restaurants', category_code: '5812' };

let client: TestClient;
let memberId: number;
let orgId: number;
beforeAll(async () => {
  const { organization, admin, host } = await makeOrganization(ctx.db);
  orgId = organization.id;
  const member = await makeUser(ctx.db, organization.id, 'wallet-user');
  memberId = member.id;
  await acceptTermsInDb(ctx.db, member.id);
  client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
  const topup = await topUp(client, 1_000_000);
  const row = await ctx.db.selectFrom('topups').selectAll().where('id', '=', topup.id).executeTakeFirstOrThrow();
  const event = fake.event('topup.succeeded', fake.setTopupStatus(row.provider_topup_id!, 'succeeded'));
  expect((await deliver(event)).statusCode).toBe(200);
  await processedEvent(event.id);
});

const processedEvent = (id: string) =>
  waitFor(
    async () =>
      (await ctx.db.selectFrom('webhook_events').select('processed_at').where('id', '=', id).executeTakeFirst())
        ?.processed_at,
    20_000,
  );

async function stripeCard(limit: number) {
  const card = await createCard(client, memberId);
  await fundCard(client, card.id, limit);
  await activateCard(client, card.id);
  await waitForIssuerSync(ctx.db, card.id);
  const row = await ctx.db
    .selectFrom('cards')
    .select(['provider_card_id', 'last4'])
    .where('id', '=', card.id)
    .executeTakeFirstOrThrow();
  return { id: card.id, org_id: orgId, stripeId: row.provider_card_id, last4: row.last4 };
}

function authorization(
  id: string,
  cardId: string,
  fields: { amount?: number; approved?: boolean; pending?: number; merchant?: object; reason?: string },
): StripeObject {
  return {
    id,
    object: 'issuing.authorization',
    amount: fields.amount ?? 0,
    approved: fields.approved ?? false,
    status: fields.approved === false && fields.reason ? 'closed' : 'pending',
    card: { id: cardId, object: 'issuing.card' },
    created: unixNow(),
    currency: 'usd',
    merchant_data: fields.merchant ?? COFFEE,
    wallet: null,
    pending_request:
      fields.pending === undefined ? null : { amount: fields.pending, currency: 'usd', is_amount_controllable: false },
    request_history: fields.reason
      ? [{ amount: fields.amount ?? 0, approved: false, reason: fields.reason, created: unixNow() }]
      : [],
  };
}

const holdOf = (id: string) =>
  ctx.db
    .selectFrom('authorization_holds')
    .select(['approved', 'status', 'amount', 'decline_reason', 'decline_detail'])
    .where('provider', '=', 'stripe')
    .where('provider_authorization_id', '=', id)
    .executeTakeFirst();

async function request(card: { stripeId: string }, amount: number, merchant: object) {
  const id = newId('iauth');
  const response = await deliver(
    fake.event('issuing_authorization.request', authorization(id, card.stripeId, { pending: amount, merchant })),
  );
  expect(response.statusCode).toBe(200);
  return { id, approved: (response.json() as { approved: boolean }).approved };
}

async function stripeDeclined(
  card: { stripeId: string },
  id: string,
  amount: number,
  merchant: object,
  reason: string,
) {
  const event = fake.event(
    'issuing_authorization.created',
    authorization(id, card.stripeId, { amount, approved: false, merchant, reason }),
  );
  expect((await deliver(event)).statusCode).toBe(200);
  await processedEvent(event.id);
  return holdOf(id);
}

describe('card controls through Stripe', () => {
  it('answers a request with our decision on the controls, and keeps the reason and detail', async () => {
    const card = await stripeCard(50_000);
    await setCardControls(ctx.db, card, {
      controls: {
        blocked_categories: ['airlines_air_carriers'],
        spending_limits: [{ interval: 'daily', amount: 10_000 }],
      },
    });
    const blocked = await request(card, 1_000, AIRLINE);
    expect(blocked.approved).toBe(false);
    expect(await holdOf(blocked.id)).toMatchObject({
      decline_reason: 'merchant_category_blocked',
      decline_detail: { category: 'airlines_air_carriers' },
    });
    expect((await request(card, 8_000, COFFEE)).approved).toBe(true);
    const over = await request(card, 3_000, COFFEE);
    expect(over.approved).toBe(false);
    expect(await holdOf(over.id)).toMatchObject({
      decline_reason: 'spending_limit_exceeded',
      decline_detail: { interval: 'daily', limit: 10_000, left: 2_000 },
    });
  });

  it("maps Stripe's own declines to our codes: its controls, funds, and the rest as the issuer's", async () => {
    const card = await stripeCard(50_000);
    await setCardControls(ctx.db, card, { controls: { blocked_categories: ['airlines_air_carriers'] } });
    expect(await stripeDeclined(card, newId('iauth'), 1_000, AIRLINE, 'spending_controls')).toMatchObject({
      approved: false,
      status: 'declined',
      decline_reason: 'merchant_category_blocked',
    });
    expect(await stripeDeclined(card, newId('iauth'), 1_000, COFFEE, 'spending_controls')).toMatchObject({
      decline_reason: 'spending_limit_exceeded',
    });
    expect(await stripeDeclined(card, newId('iauth'), 1_000, COFFEE, 'insufficient_funds')).toMatchObject({
      decline_reason: 'insufficient_funds',
    });
    expect(await stripeDeclined(card, newId('iauth'), 1_000, COFFEE, 'suspected_fraud')).toMatchObject({
      decline_reason: 'issuer_declined',
    });
  });

  it('marks a purchase we approved and Stripe then declined as declined, with its reason, and releases it', async () => {
    const card = await stripeCard(50_000);
    const approved = await request(card, 4_000, COFFEE);
    expect(approved.approved).toBe(true);
    expect(await stripeDeclined(card, approved.id, 4_000, COFFEE, 'card_inactive')).toMatchObject({
      approved: false,
      status: 'declined',
      amount: 0,
      decline_reason: 'card_inactive',
    });
    const row = await ctx.db
      .selectFrom('cards')
      .select('holds_amount')
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(row.holds_amount).toBe(0);
  });
});
