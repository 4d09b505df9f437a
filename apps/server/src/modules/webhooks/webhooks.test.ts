import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StripeObject } from '../../issuing/stripe/fake-stripe.js';
import { useStripeTestApp } from '../../test/stripe-app.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import {
  acceptTermsInDb,
  activateCard,
  cardAccountBalances,
  createCard,
  fundCard,
  topUp,
  waitForIssuerSync,
} from '../../test/card-factories.js';
import { waitFor } from '../../test/helpers.js';
import type { TestClient } from '../../test/client.js';
import { ledgerIntegrity, SOUND_LEDGER } from '../ledger/service.js';
import { reconcileWithIssuer } from './service.js';
import { fixtureEvent, fixtureObject } from './test-fixtures.js';

/**
 * Stripe webhooks end to end (ARCHITECTURE.md D7, §9): the app runs with ISSUER=stripe against the local fake of the Stripe
 * API, events are signed with the SDK's generateTestHeaderString and processed by the real pg-boss worker.
 */
const WEBHOOK_SECRET = 'whsec_test';
const { ctx, fake, deliver } = useStripeTestApp(WEBHOOK_SECRET);
const stripe = new Stripe('sk_test_x');

const unixNow = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

function signedPost(body: string, signature?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: { 'content-type': 'application/json', ...(signature !== undefined && { 'stripe-signature': signature }) },
    payload: body,
  });
}

async function deliverOk(event: StripeObject) {
  const response = await deliver(event);
  if (response.statusCode !== 200) throw new Error(`webhook ${event.type}: ${response.statusCode} ${response.body}`);
  return response;
}

const storedEvent = (id: string) =>
  ctx.db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirst();
const processed = (ids: string[]) =>
  waitFor(async () => {
    const rows = await ctx.db
      .selectFrom('webhook_events')
      .select(['id', 'processed_at'])
      .where('id', 'in', ids)
      .execute();
    return rows.length === new Set(ids).size && rows.every((row) => row.processed_at !== null);
  }, 20_000);

interface Setup {
  client: TestClient;
  orgId: number;
}
let setup: Setup;

/**
 * One organisation for the file: a top-up that stays pending at Stripe until its signed topup.succeeded event
 * arrives (which is itself a test of that path), and a member who accepted the terms.
 */
let memberId: number;
beforeAll(async () => {
  const { organization, admin, host } = await makeOrganization(ctx.db);
  const member = await makeUser(ctx.db, organization.id, 'wallet-user');
  memberId = member.id;
  await acceptTermsInDb(ctx.db, member.id);
  const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
  const topup = await topUp(client, 10_000_000);
  expect(topup.status).toBe('pending');
  const row = await ctx.db.selectFrom('topups').selectAll().where('id', '=', topup.id).executeTakeFirstOrThrow();
  const event = fake.event('topup.succeeded', fake.setTopupStatus(row.provider_topup_id!, 'succeeded'));
  await deliverOk(event);
  await processed([event.id]);
  const settled = await ctx.db
    .selectFrom('topups')
    .select('status')
    .where('id', '=', topup.id)
    .executeTakeFirstOrThrow();
  expect(settled.status).toBe('succeeded');
  setup = { client, orgId: organization.id };
});

/** A card issued through POST /api/cards (so it exists at the fake), funded and active. */
async function stripeCard(limit: number) {
  const card = await createCard(setup.client, memberId);
  await fundCard(setup.client, card.id, limit);
  await activateCard(setup.client, card.id);
  await waitForIssuerSync(ctx.db, card.id);
  const row = await ctx.db
    .selectFrom('cards')
    .select(['provider_card_id'])
    .where('id', '=', card.id)
    .executeTakeFirstOrThrow();
  expect(fake.objects.get(row.provider_card_id)?.status).toBe('active');
  return { id: card.id, stripeId: row.provider_card_id };
}

const MERCHANT = {
  name: 'Blue Bottle Coffee',
  category: 'eating_places_restaurants',
  category_code: '5812',
  city: 'Oakland',
  state: 'CA',
  postal_code: '94607',
  country: 'US',
  url: null,
};

/** An issuing.authorization as Stripe sends it; `amount` is what is held, pending_request what is asked for. */
function authorization(
  id: string,
  cardId: string,
  fields: Partial<{ amount: number; approved: boolean; status: string; pending: number | null; wallet: string | null }>,
): StripeObject {
  return {
    id,
    object: 'issuing.authorization',
    amount: fields.amount ?? 0,
    approved: fields.approved ?? false,
    status: fields.status ?? 'pending',
    card: { id: cardId, object: 'issuing.card' },
    created: unixNow(),
    currency: 'usd',
    merchant_data: MERCHANT,
    wallet: fields.wallet ?? null,
    pending_request:
      fields.pending == null ? null : { amount: fields.pending, currency: 'usd', is_amount_controllable: false },
  };
}

function transaction(
  authorizationId: string,
  cardId: string,
  type: 'capture' | 'refund',
  amount: number,
): StripeObject {
  return {
    id: newId('ipi'),
    object: 'issuing.transaction',
    type,
    // Stripe: captures are negative, refunds positive.
    amount: type === 'capture' ? -amount : amount,
    authorization: authorizationId,
    card: cardId,
    created: unixNow(),
    currency: 'usd',
    merchant_data: MERCHANT,
    wallet: 'apple_pay',
  };
}

/** issuing_authorization.request, answered synchronously. */
async function requestAuthorization(
  card: { stripeId: string },
  amount: number,
  id = newId('iauth'),
  apiVersion: string | null = null,
) {
  const event = {
    ...fake.event('issuing_authorization.request', authorization(id, card.stripeId, { pending: amount })),
    api_version: apiVersion,
  };
  const response = await deliver(event);
  expect(response.statusCode).toBe(200);
  return { id, response, approved: (response.json() as { approved: boolean }).approved };
}

async function cardRow(cardId: number) {
  const row = await ctx.db
    .selectFrom('cards')
    .select(['spending_limit', 'holds_amount'])
    .where('id', '=', cardId)
    .executeTakeFirstOrThrow();
  return { spending_limit: Number(row.spending_limit), holds_amount: Number(row.holds_amount) };
}

const holdOf = (providerId: string) =>
  ctx.db
    .selectFrom('authorization_holds')
    .selectAll()
    .where('provider', '=', 'stripe')
    .where('provider_authorization_id', '=', providerId)
    .executeTakeFirst();
const expensesOf = (cardId: number) =>
  ctx.db
    .selectFrom('expenses')
    .select(['type', 'amount', 'hold_id', 'wallet'])
    .where('card_id', '=', cardId)
    .orderBy('id')
    .execute();

async function expectLedgerSound() {
  expect(await ledgerIntegrity(ctx.db, setup.orgId)).toEqual(SOUND_LEDGER);
}

describe('POST /webhooks/stripe signatures', () => {
  it('refuses a missing, a wrong or a stale signature and a tampered body with 400, storing nothing', async () => {
    const event = fake.event('issuing_card.updated', { id: 'ic_nothing', object: 'issuing.card', status: 'active' });
    const payload = JSON.stringify(event);
    const wrongSecret = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    const stale = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: unixNow() - 3_600,
    });
    const good = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const responses = [
      await signedPost(payload),
      await signedPost(payload, 'garbage'),
      await signedPost(payload, wrongSecret),
      await signedPost(payload, stale),
      await signedPost(payload.replace('"active"', '"inactive"'), good),
      // A signed body that is not JSON, and signed JSON that is not an event.
      await signedPost(
        'not json',
        stripe.webhooks.generateTestHeaderString({ payload: 'not json', secret: WEBHOOK_SECRET }),
      ),
      await signedPost(
        '{"hello":1}',
        stripe.webhooks.generateTestHeaderString({ payload: '{"hello":1}', secret: WEBHOOK_SECRET }),
      ),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 400, 400, 400]);
    expect(await storedEvent(event.id)).toBeUndefined();
  });

  it('refuses an unsigned authorisation request: no hold, no decision', async () => {
    const event = fake.event(
      'issuing_authorization.request',
      authorization('iauth_unsigned_1', 'ic_x', { pending: 100 }),
    );
    expect((await signedPost(JSON.stringify(event), 't=1,v1=deadbeef')).statusCode).toBe(400);
    expect((await signedPost(JSON.stringify(event))).statusCode).toBe(400);
    expect(await holdOf('iauth_unsigned_1')).toBeUndefined();
  });
});

describe('issuing_authorization.request', () => {
  it('approves within what is available, declines beyond it, answering {approved} with the Stripe-Version header', async () => {
    const card = await stripeCard(10_000);
    const approved = await requestAuthorization(card, 6_000, undefined, '2025-03-31.basil');
    expect(approved.response.json()).toEqual({ approved: true });
    expect(approved.response.headers['stripe-version']).toBe('2025-03-31.basil');
    expect(await cardRow(card.id)).toEqual({ spending_limit: 10_000, holds_amount: 6_000 });

    const declined = await requestAuthorization(card, 4_001);
    expect(declined.response.json()).toEqual({ approved: false });
    expect(declined.response.headers['stripe-version']).toBeUndefined();
    expect(await holdOf(declined.id)).toMatchObject({
      approved: false,
      status: 'declined',
      decline_reason: 'insufficient_funds',
      amount: 0,
      requested_amount: 4_001,
    });
    expect(await cardRow(card.id)).toEqual({ spending_limit: 10_000, holds_amount: 6_000 });
    // Synchronous requests are answered, never stored as events.
    expect(
      await ctx.db
        .selectFrom('webhook_events')
        .select('id')
        .where('type', '=', 'issuing_authorization.request')
        .execute(),
    ).toEqual([]);
  });

  it('answers a repeated request for the same authorisation the same way, with one hold', async () => {
    const card = await stripeCard(5_000);
    const id = newId('iauth');
    const answers = await Promise.all([
      requestAuthorization(card, 3_000, id),
      requestAuthorization(card, 3_000, id),
      requestAuthorization(card, 3_000, id),
    ]);
    expect(answers.map((answer) => answer.approved)).toEqual([true, true, true]);
    const holds = await ctx.db.selectFrom('authorization_holds').selectAll().where('card_id', '=', card.id).execute();
    expect(holds).toHaveLength(1);
    expect(await cardRow(card.id)).toEqual({ spending_limit: 5_000, holds_amount: 3_000 });

    // Declined first, declined again even after funds would allow it: the first answer stands.
    const declinedId = newId('iauth');
    expect((await requestAuthorization(card, 2_001, declinedId)).approved).toBe(false);
    await fundCard(setup.client, card.id, 50_000);
    expect((await requestAuthorization(card, 2_001, declinedId)).approved).toBe(false);
  });

  it('declines an unknown card and a malformed amount without a 500', async () => {
    const unknown = await requestAuthorization({ stripeId: 'ic_unknown' }, 100);
    expect(unknown.approved).toBe(false);
    const card = await stripeCard(5_000);
    const event = fake.event(
      'issuing_authorization.request',
      authorization(newId('iauth'), card.stripeId, { pending: null }),
    );
    const response = await deliver(event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ approved: false });
    // Malformed objects (no id, no timestamp, amounts that are not cents) are declined, never a 500.
    const base = authorization(newId('iauth'), card.stripeId, { pending: 100 });
    const malformed: StripeObject[] = [
      { ...base, id: undefined as unknown as string },
      { ...base, id: newId('iauth'), created: undefined },
      { ...base, id: newId('iauth'), pending_request: { amount: '100' } },
      { ...base, id: newId('iauth'), pending_request: { amount: 1e20 } },
      { ...base, id: newId('iauth'), pending_request: { amount: -100 } },
      { ...base, id: newId('iauth'), card: 42 },
    ];
    for (const object of malformed) {
      const reply = await deliver({
        ...fake.event('issuing_authorization.request', { id: 'x', object: 'issuing.authorization' }),
        data: { object },
      });
      expect({ object, status: reply.statusCode }).toEqual({ object, status: 200 });
    }
    expect(await cardRow(card.id)).toEqual({ spending_limit: 5_000, holds_amount: 100 });
  });

  it('raises an approved hold for an incremental authorisation when funds allow', async () => {
    const card = await stripeCard(5_000);
    const { id } = await requestAuthorization(card, 2_000);
    const increment = (by: number) =>
      deliver(
        fake.event(
          'issuing_authorization.request',
          authorization(id, card.stripeId, { amount: 2_000, approved: true, pending: by }),
        ),
      );
    expect((await increment(4_000)).json()).toEqual({ approved: false });
    expect((await increment(1_000)).json()).toEqual({ approved: true });
    expect(await holdOf(id)).toMatchObject({ status: 'pending', amount: 3_000 });
    expect(await cardRow(card.id)).toEqual({ spending_limit: 5_000, holds_amount: 3_000 });
  });
});

/** The events Stripe sends for one purchase of `amount`, captured in full, after the synchronous request. */
function purchaseEvents(card: { stripeId: string }, authorizationId: string, amount: number) {
  return [
    fake.event(
      'issuing_authorization.created',
      authorization(authorizationId, card.stripeId, { amount, approved: true, status: 'pending' }),
    ),
    fake.event('issuing_transaction.created', transaction(authorizationId, card.stripeId, 'capture', amount)),
    fake.event(
      'issuing_authorization.updated',
      authorization(authorizationId, card.stripeId, { amount: 0, approved: true, status: 'closed' }),
    ),
  ];
}

describe('asynchronous events', () => {
  it('ends a purchase in the same card state and ledger whether its events arrive in order, shuffled or duplicated', async () => {
    const orders: Array<{ name: string; arrange: (events: StripeObject[]) => StripeObject[] }> = [
      { name: 'in order', arrange: (events) => events },
      { name: 'reversed', arrange: (events) => [...events].reverse() },
      { name: 'shuffled', arrange: ([created, captured, closed]) => [captured!, closed!, created!] },
      { name: 'duplicated', arrange: (events) => [...events, ...[...events].reverse(), ...events] },
    ];
    const scenarios = await Promise.all(
      orders.map(async (order) => {
        const card = await stripeCard(10_000);
        const { id, approved } = await requestAuthorization(card, 4_000);
        expect(approved).toBe(true);
        return { order, card, id, events: order.arrange(purchaseEvents(card, id, 4_000)) };
      }),
    );
    // Each scenario's events go out in its order (pg-boss processes them first in, first out); duplicates in parallel.
    for (const scenario of scenarios) {
      if (scenario.order.name === 'duplicated') await Promise.all(scenario.events.map((event) => deliverOk(event)));
      else for (const event of scenario.events) await deliverOk(event);
    }
    await processed(scenarios.flatMap((scenario) => scenario.events.map((event) => event.id)));

    const balances = await cardAccountBalances(ctx.db, setup.orgId);
    for (const { order, card, id } of scenarios) {
      const state = {
        order: order.name,
        card: await cardRow(card.id),
        ledger: balances.get(card.id),
        hold: await holdOf(id),
        expenses: await expensesOf(card.id),
      };
      expect(state).toMatchObject({
        order: order.name,
        card: { spending_limit: 6_000, holds_amount: 0 },
        ledger: 6_000,
        hold: { status: 'closed', amount: 0, captured_amount: 4_000, approved: true },
        expenses: [{ type: 'capture', amount: 4_000, hold_id: state.hold!.id, wallet: 'apple_pay' }],
      });
    }
    // Stripe fell back to its own decision (our answer never reached it): the events alone, newest first.
    const orphan = await stripeCard(10_000);
    const orphanId = newId('iauth');
    const orphanEvents = purchaseEvents(orphan, orphanId, 4_000).reverse();
    for (const event of orphanEvents) await deliverOk(event);
    await processed(orphanEvents.map((event) => event.id));
    expect(await cardRow(orphan.id)).toEqual({ spending_limit: 6_000, holds_amount: 0 });
    expect((await cardAccountBalances(ctx.db, setup.orgId)).get(orphan.id)).toBe(6_000);
    expect(await holdOf(orphanId)).toMatchObject({ status: 'closed', amount: 0, approved: true });
    expect((await expensesOf(orphan.id)).map((expense) => [expense.type, Number(expense.amount)])).toEqual([
      ['capture', 4_000],
    ]);

    const duplicated = scenarios.find((scenario) => scenario.order.name === 'duplicated')!;
    expect(
      await ctx.db
        .selectFrom('webhook_events')
        .select('id')
        .where(
          'id',
          'in',
          duplicated.events.map((event) => event.id),
        )
        .execute(),
    ).toHaveLength(3);
    await expectLedgerSound();
  }, 30_000);

  it('a partial capture releases the rest of the hold; a refund raises the spending limit back', async () => {
    const card = await stripeCard(10_000);
    const { id } = await requestAuthorization(card, 5_000);
    const events = [
      fake.event('issuing_authorization.created', authorization(id, card.stripeId, { amount: 5_000, approved: true })),
      fake.event('issuing_transaction.created', transaction(id, card.stripeId, 'capture', 3_000)),
    ];
    for (const event of events) await deliverOk(event);
    await processed(events.map((event) => event.id));
    // Captured 3,000 of 5,000: the rest stays held until Stripe closes the authorisation.
    expect(await cardRow(card.id)).toEqual({ spending_limit: 7_000, holds_amount: 2_000 });

    const closing = [
      fake.event(
        'issuing_authorization.updated',
        authorization(id, card.stripeId, { amount: 0, approved: true, status: 'closed' }),
      ),
      fake.event('issuing_transaction.created', transaction(id, card.stripeId, 'refund', 1_200)),
    ];
    for (const event of closing) await deliverOk(event);
    await processed(closing.map((event) => event.id));
    expect(await cardRow(card.id)).toEqual({ spending_limit: 8_200, holds_amount: 0 });
    expect(await holdOf(id)).toMatchObject({ status: 'closed', amount: 0, captured_amount: 3_000 });
    expect((await expensesOf(card.id)).map((expense) => [expense.type, Number(expense.amount)])).toEqual([
      ['capture', 3_000],
      ['refund', -1_200],
    ]);
    expect((await cardAccountBalances(ctx.db, setup.orgId)).get(card.id)).toBe(8_200);
    await expectLedgerSound();

    // The card page shows both, as posted transactions.
    const page = (await setup.client.get(`/api/cards/${card.id}/expenses`)).json().data as Array<{
      type: string;
      amount: number;
    }>;
    expect(page.map((expense) => [expense.type, expense.amount]).sort()).toEqual([
      ['capture', 3_000],
      ['refund', -1_200],
    ]);
  });

  it("keeps Stripe's sign on issuing transactions (Stripe's fixture): captures and reversed refunds spend, refunds and reversed captures give back", async () => {
    const card = await stripeCard(10_000);
    const { id } = await requestAuthorization(card, 3_000);
    // Stripe's own issuing.transaction fixture, on our card: capture negative, refund positive, reversals the other sign.
    const stripeTransaction = (type: 'capture' | 'refund', amount: number) =>
      fixtureObject('issuing.transaction', {
        id: newId('ipi'),
        type,
        amount,
        merchant_amount: amount,
        card: card.stripeId,
        authorization: type === 'capture' ? id : null,
        created: unixNow(),
      });
    const spentOn = async () => {
      const row = await ctx.db
        .selectFrom('journal_lines as l')
        .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
        .innerJoin('journal_entries as e', 'e.id', 'l.entry_id')
        .select((eb) => eb.fn.sum<number>('l.amount').as('total'))
        .where('a.kind', '=', 'spent')
        .where('e.card_id', '=', card.id)
        .executeTakeFirstOrThrow();
      return Number(row.total ?? 0);
    };
    const steps: Array<{
      name: string;
      type: 'capture' | 'refund';
      amount: number;
      limit: number;
      spent: number;
      expense: [string, number];
    }> = [
      { name: 'capture', type: 'capture', amount: -3_000, limit: 7_000, spent: 3_000, expense: ['capture', 3_000] },
      {
        name: 'capture reversed',
        type: 'capture',
        amount: 1_000,
        limit: 8_000,
        spent: 2_000,
        expense: ['refund', -1_000],
      },
      { name: 'refund', type: 'refund', amount: 500, limit: 8_500, spent: 1_500, expense: ['refund', -500] },
      { name: 'refund reversed', type: 'refund', amount: -400, limit: 8_100, spent: 1_900, expense: ['capture', 400] },
    ];
    const seen: Array<[string, number]> = [];
    for (const step of steps) {
      const event = fixtureEvent('issuing_transaction.created', stripeTransaction(step.type, step.amount));
      await deliverOk(event);
      await processed([event.id]);
      seen.push(step.expense);
      const expenses = (await expensesOf(card.id)).map((expense): [string, number] => [
        expense.type,
        Number(expense.amount),
      ]);
      expect({ step: step.name, card: await cardRow(card.id), spent: await spentOn(), expenses }).toEqual({
        step: step.name,
        card: { spending_limit: step.limit, holds_amount: 0 },
        spent: step.spent,
        expenses: seen,
      });
      expect((await cardAccountBalances(ctx.db, setup.orgId)).get(card.id)).toBe(step.limit);
    }
    // The capture drew its hold down; the reversals and the refund leave the hold as it was.
    expect(await holdOf(id)).toMatchObject({ captured_amount: 3_000, amount: 0 });
    await expectLedgerSound();
  });

  it('a reversed authorisation releases its hold; a card deactivated at Stripe becomes inactive', async () => {
    const card = await stripeCard(10_000);
    const { id } = await requestAuthorization(card, 2_500);
    const reversed = fake.event(
      'issuing_authorization.updated',
      authorization(id, card.stripeId, { amount: 0, approved: true, status: 'reversed' }),
    );
    const stripeCardObject = fake.objects.get(card.stripeId)!;
    const deactivated = fake.event('issuing_card.updated', { ...stripeCardObject, status: 'inactive' });
    await deliverOk(reversed);
    await deliverOk(deactivated);
    await processed([reversed.id, deactivated.id]);
    expect(await cardRow(card.id)).toEqual({ spending_limit: 10_000, holds_amount: 0 });
    expect(await holdOf(id)).toMatchObject({ status: 'reversed', amount: 0 });
    expect(
      (await ctx.db.selectFrom('cards').select('status').where('id', '=', card.id).executeTakeFirstOrThrow()).status,
    ).toBe('inactive');
  });

  it('ignores an unknown event type: stored, processed, no error', async () => {
    const event = fake.event('issuing_dispute.funds_reinstated', { id: newId('idp'), object: 'issuing.dispute' });
    const response = await deliverOk(event);
    expect(response.json()).toEqual({ received: true });
    await processed([event.id]);
    expect(await storedEvent(event.id)).toMatchObject({
      type: 'issuing_dispute.funds_reinstated',
      last_error: null,
      attempts: 0,
    });
  });

  it('an event naming an unknown card is processed without creating anything', async () => {
    const event = fake.event('issuing_transaction.created', transaction(newId('iauth'), 'ic_nobody', 'capture', 500));
    await deliverOk(event);
    await processed([event.id]);
    expect(await storedEvent(event.id)).toMatchObject({ last_error: null });
  });

  it('a malformed event fails its job with the error recorded and writes nothing', async () => {
    const card = await stripeCard(10_000);
    const { id } = await requestAuthorization(card, 1_000);
    const broken = fake.event('issuing_transaction.created', {
      ...transaction(id, card.stripeId, 'capture', 1_000),
      amount: 'lots',
    });
    await deliverOk(broken);
    const stored = await waitFor(async () => {
      const row = await storedEvent(broken.id);
      return row?.last_error ? row : null;
    });
    expect(stored).toMatchObject({ processed_at: null, attempts: 1 });
    expect(await expensesOf(card.id)).toEqual([]);
    expect(await cardRow(card.id)).toEqual({ spending_limit: 10_000, holds_amount: 1_000 });
    await expectLedgerSound();
  });
});

describe('reconciliation with the issuer', () => {
  it('catches up on an event Stripe published but never delivered, once', async () => {
    const card = await stripeCard(10_000);
    const id = newId('iauth');
    // The synchronous request never reached us (Stripe fell back to its own decision); only its log has the events.
    const missed = [
      fake.publish(
        fake.event(
          'issuing_authorization.created',
          authorization(id, card.stripeId, { amount: 1_500, approved: true, status: 'pending' }),
        ),
      ),
      fake.publish(fake.event('issuing_authorization.request', authorization(id, card.stripeId, { pending: 1_500 }))),
    ];
    expect(await reconcileWithIssuer(ctx.db, ctx.jobs, ctx.deps.issuer)).toBe(1);
    await processed([missed[0]!.id]);
    expect(await storedEvent(missed[1]!.id)).toBeUndefined(); // requests are decided synchronously, never replayed
    expect(await holdOf(id)).toMatchObject({ status: 'pending', amount: 1_500, approved: true });
    expect(await cardRow(card.id)).toEqual({ spending_limit: 10_000, holds_amount: 1_500 });

    // Running again (or the webhook arriving late after all) changes nothing.
    expect(await reconcileWithIssuer(ctx.db, ctx.jobs, ctx.deps.issuer)).toBe(0);
    await deliverOk(missed[0]!);
    expect(await cardRow(card.id)).toEqual({ spending_limit: 10_000, holds_amount: 1_500 });
    await expectLedgerSound();
  });
});
