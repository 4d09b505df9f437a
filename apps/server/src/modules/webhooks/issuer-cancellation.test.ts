import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CANCELED_CARD_MESSAGES, REQUEST_MESSAGES } from '@wallet/contract';
import { useStripeTestApp } from '../../test/stripe-app.js';
import {
  availableFunds,
  cardAccountBalances,
  createCard,
  fundCard,
  putBalance,
  waitForIssuerSync,
} from '../../test/card-factories.js';
import { waitFor } from '../../test/helpers.js';
import { ledgerIntegrity, SOUND_LEDGER } from '../ledger/service.js';
import {
  decide,
  fileRequest,
  requestBody,
  requestWorld,
  type RequestWorld,
} from '../purchase-requests/test-fixtures.js';
import { fixtureEvent, fixtureObject } from './test-fixtures.js';

/**
 * What Stripe ends or changes on its side (issue 16.4), by signed webhooks processed by the real worker against the fake
 * Stripe: a card canceled there (lost, stolen, expired) becomes canceled here for good, its free money goes back to the
 * organisation at once and what it holds when its holds settle; a cardholder Stripe blocks or needs more from is shown.
 */
const { ctx, fake, deliver } = useStripeTestApp('whsec_cancel_test');
const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const unixNow = () => Math.floor(Date.now() / 1000);

/** Delivers a stored (not synchronous) event and waits until the worker has processed it. */
async function deliverProcessed(event: Record<string, unknown>) {
  expect((await deliver(event)).statusCode).toBe(200);
  await waitFor(
    async () =>
      (
        await ctx.db
          .selectFrom('webhook_events')
          .select('processed_at')
          .where('id', '=', event.id as string)
          .executeTakeFirst()
      )?.processed_at,
    20_000,
  );
}

/** issuing_authorization.request, answered synchronously. */
async function requestAuthorization(stripeCardId: string, amount: number) {
  const id = newId('iauth');
  const object = fixtureObject('issuing.authorization', {
    id,
    amount: 0,
    approved: false,
    status: 'pending',
    card: fixtureObject('issuing.card', { id: stripeCardId }),
    created: unixNow(),
    pending_request: {
      amount,
      currency: 'usd',
      is_amount_controllable: false,
      merchant_amount: amount,
      merchant_currency: 'usd',
    },
    wallet: null,
  });
  const response = await deliver(fixtureEvent('issuing_authorization.request', object));
  expect(response.statusCode).toBe(200);
  return { id, approved: (response.json() as { approved: boolean }).approved };
}

const authorizationUpdated = (id: string, stripeCardId: string, fields: { amount: number; status: string }) =>
  fixtureEvent(
    'issuing_authorization.updated',
    fixtureObject('issuing.authorization', {
      id,
      approved: true,
      card: fixtureObject('issuing.card', { id: stripeCardId }),
      created: unixNow(),
      pending_request: null,
      wallet: null,
      ...fields,
    }),
  );

const capture = (authorizationId: string, stripeCardId: string, amount: number) =>
  fixtureEvent(
    'issuing_transaction.created',
    fixtureObject('issuing.transaction', {
      id: newId('ipi'),
      type: 'capture',
      amount: -amount,
      authorization: authorizationId,
      card: stripeCardId,
      created: unixNow(),
      wallet: null,
    }),
  );

/** Stripe's issuing_card.updated for our card as the fake holds it, with these fields changed. */
const cardUpdated = (stripeCardId: string, fields: Record<string, unknown>) =>
  fixtureEvent(
    'issuing_card.updated',
    fixtureObject('issuing.card', { ...fake.objects.get(stripeCardId)!, ...fields }),
  );

async function cardRow(cardId: number) {
  return ctx.db
    .selectFrom('cards')
    .select(['status', 'cancellation_reason', 'spending_limit', 'holds_amount'])
    .where('id', '=', cardId)
    .executeTakeFirstOrThrow();
}
const cancellations = (orgId: number) =>
  ctx.db
    .selectFrom('journal_entries')
    .select(['kind', 'card_id'])
    .where('org_id', '=', orgId)
    .where('kind', '=', 'card_cancellation')
    .execute();

/** An organisation funded at Stripe (a signed topup.succeeded) with the member's active card of `limit` cents. */
async function world(limit: number): Promise<RequestWorld & { stripeCardId: string }> {
  const base = await requestWorld(ctx, { funds: 0 });
  const topup = await base.adminClient.post(
    '/api/topups',
    { amount: 100_000, description: 'Wire' },
    { 'idempotency-key': randomUUID() },
  );
  const row = await ctx.db
    .selectFrom('topups')
    .selectAll()
    .where('id', '=', topup.json().data.id)
    .executeTakeFirstOrThrow();
  await deliverProcessed(
    fixtureEvent(
      'topup.succeeded',
      fixtureObject('topup', { ...fake.setTopupStatus(row.provider_topup_id!, 'succeeded'), source: null }),
    ),
  );
  await fundCard(base.adminClient, base.card.id, limit);
  await waitForIssuerSync(ctx.db, base.card.id);
  const card = await ctx.db
    .selectFrom('cards')
    .select('provider_card_id')
    .where('id', '=', base.card.id)
    .executeTakeFirstOrThrow();
  expect(fake.objects.get(card.provider_card_id)?.status).toBe('active');
  return { ...base, stripeCardId: card.provider_card_id };
}

describe('issuing_card.updated with status canceled', () => {
  it('cancels the card for good with its reason: free money back at once, held money when each hold settles, one entry each, redeliveries change nothing', async () => {
    const w = await world(30_000);
    const orgId = w.organization.id;
    const first = await requestAuthorization(w.stripeCardId, 5_000);
    const second = await requestAuthorization(w.stripeCardId, 2_000);
    expect([first.approved, second.approved]).toEqual([true, true]);
    expect(await availableFunds(w.adminClient)).toBe(70_000);

    const canceled = cardUpdated(w.stripeCardId, { status: 'canceled', cancellation_reason: 'lost' });
    await deliverProcessed(canceled);
    // 23,000 was free: back to the organisation. The 7,000 held stays on the card for the purchases it approved.
    expect(await cardRow(w.card.id)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'lost',
      spending_limit: 7_000,
      holds_amount: 7_000,
    });
    expect(await availableFunds(w.adminClient)).toBe(93_000);
    expect(await cancellations(orgId)).toEqual([{ kind: 'card_cancellation', card_id: w.card.id }]);
    const shown = (await w.adminClient.get(`/api/cards/${w.card.id}`)).json().data;
    expect(shown).toMatchObject({ status: 'canceled', cancellation_reason: 'lost', available_to_spend: 0 });
    expect(shown.canceled_at).toEqual(expect.any(String));

    // The same event again, or Stripe saying it is active again: still canceled, nothing moves.
    await deliverProcessed({ ...canceled, id: newId('evt') });
    await deliverProcessed(cardUpdated(w.stripeCardId, { status: 'active', cancellation_reason: null }));
    expect(await cardRow(w.card.id)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'lost',
      spending_limit: 7_000,
    });
    expect(await availableFunds(w.adminClient)).toBe(93_000);

    // Declined from now on, whatever it holds.
    const declined = await requestAuthorization(w.stripeCardId, 1);
    expect(declined.approved).toBe(false);
    expect(
      await ctx.db
        .selectFrom('authorization_holds')
        .select('decline_reason')
        .where('provider_authorization_id', '=', declined.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ decline_reason: 'card_canceled' });

    // A purchase approved before is still captured (3,000 of its 5,000); what the hold let go returns to the organisation.
    await deliverProcessed(capture(first.id, w.stripeCardId, 3_000));
    await deliverProcessed(authorizationUpdated(first.id, w.stripeCardId, { amount: 0, status: 'closed' }));
    expect(await cardRow(w.card.id)).toMatchObject({ spending_limit: 2_000, holds_amount: 2_000 });
    expect(await availableFunds(w.adminClient)).toBe(95_000);
    // The other one expires: its 2,000 comes back too, and the card is empty.
    await deliverProcessed(authorizationUpdated(second.id, w.stripeCardId, { amount: 0, status: 'expired' }));
    expect(await cardRow(w.card.id)).toMatchObject({ spending_limit: 0, holds_amount: 0 });
    expect(await availableFunds(w.adminClient)).toBe(97_000);
    expect((await cardAccountBalances(ctx.db, orgId)).get(w.card.id)).toBe(0);
    expect(await cancellations(orgId)).toHaveLength(3);
    expect(await ledgerIntegrity(ctx.db, orgId)).toEqual(SOUND_LEDGER);
  });

  it('can never be activated or funded again (409 with the contract message), by an admin, a purchase request or Fund Card(s); the list filters it', async () => {
    const w = await world(10_000);
    // Filed while the card was still usable; decided after Stripe canceled it.
    const request = await fileRequest(w, { amount: 500 });
    await deliverProcessed(cardUpdated(w.stripeCardId, { status: 'canceled', cancellation_reason: 'stolen' }));
    expect(await cardRow(w.card.id)).toMatchObject({ status: 'canceled', spending_limit: 0 });
    const commandsBefore = await ctx.db
      .selectFrom('issuer_commands')
      .select('id')
      .where('card_id', '=', w.card.id)
      .execute();

    for (const status of ['active', 'inactive']) {
      const response = await w.adminClient.put(`/api/cards/${w.card.id}/status`, { status });
      expect(response.statusCode, status).toBe(409);
      expect(response.json().message).toBe(CANCELED_CARD_MESSAGES.canceled);
    }
    expect((await w.adminClient.put(`/api/cards/${w.card.id}/status`, { status: 'canceled' })).statusCode).toBe(422);
    const balance = await putBalance(w.adminClient, w.card.id, 1_000, 'More');
    expect(balance.statusCode).toBe(409);
    expect(balance.json().message).toBe(CANCELED_CARD_MESSAGES.canceled);
    const other = await createCard(w.adminClient, w.member.id);
    const many = await w.adminClient.post('/api/cards/fund', {
      card_ids: [other.id, w.card.id],
      amount: 100,
      description: 'Both',
    });
    expect(many.statusCode).toBe(409);
    expect(many.json().message).toBe(CANCELED_CARD_MESSAGES.canceled);
    const refiled = await w.memberClient.post(
      `/api/users/${w.member.id}/purchase-requests`,
      requestBody(w, { amount: 500 }),
    );
    expect(refiled.statusCode).toBe(422);
    expect(refiled.json().errors.card_id).toEqual([REQUEST_MESSAGES.cardCanceled]);
    expect((await decide(w.firstClient, request.id, request.approvals[0]!.id, 'approved')).statusCode).toBe(200);
    const approval = await decide(w.secondClient, request.id, request.approvals[1]!.id, 'approved');
    expect(approval.statusCode).toBe(409);
    expect(approval.json().message).toBe(CANCELED_CARD_MESSAGES.canceled);

    expect(await cardRow(w.card.id)).toMatchObject({ status: 'canceled', spending_limit: 0 });
    expect(await availableFunds(w.adminClient)).toBe(100_000);
    // Nothing was sent to Stripe for it (Stripe refuses any change to a canceled card).
    expect(await ctx.db.selectFrom('issuer_commands').select('id').where('card_id', '=', w.card.id).execute()).toEqual(
      commandsBefore,
    );

    const listed = (await w.adminClient.get('/api/cards?filter[status]=canceled')).json();
    expect(listed.data.map((card: { id: number }) => card.id)).toEqual([w.card.id]);
    expect(listed.data[0]).toMatchObject({ status: 'canceled', cancellation_reason: 'stolen' });
    expect((await w.adminClient.get('/api/cards?filter[status]=active')).json().data).toEqual([]);
  });
});

describe('issuing_cardholder.updated', () => {
  it("stores the cardholder's status and requirements at Stripe, shown with the holder's cardholder; another's cardholder id changes nothing", async () => {
    const w = await world(1_000);
    const path = `/api/users/${w.member.id}/cardholder`;
    expect((await w.adminClient.get(path)).json().data.issuer_standing).toEqual({
      status: null,
      disabled_reason: null,
      past_due: [],
    });
    const holder = await ctx.db
      .selectFrom('cardholders')
      .select('provider_cardholder_id')
      .where('user_id', '=', w.member.id)
      .executeTakeFirstOrThrow();
    const updated = (fields: Record<string, unknown>) =>
      fixtureEvent(
        'issuing_cardholder.updated',
        fixtureObject('issuing.cardholder', { ...fake.objects.get(holder.provider_cardholder_id)!, ...fields }),
      );

    await deliverProcessed(
      updated({
        status: 'blocked',
        requirements: {
          disabled_reason: 'requirements.past_due',
          past_due: ['individual.dob.day', 'individual.verification.document'],
        },
      }),
    );
    const standing = {
      status: 'blocked',
      disabled_reason: 'requirements.past_due',
      past_due: ['individual.dob.day', 'individual.verification.document'],
    };
    expect((await w.adminClient.get(path)).json().data.issuer_standing).toEqual(standing);
    // The member sees their own.
    expect((await w.memberClient.get(path)).json().data.issuer_standing).toEqual(standing);

    await deliverProcessed(
      fixtureEvent(
        'issuing_cardholder.updated',
        fixtureObject('issuing.cardholder', { id: 'ich_not_ours', status: 'inactive' }),
      ),
    );
    expect((await w.adminClient.get(path)).json().data.issuer_standing).toEqual(standing);

    await deliverProcessed(updated({ status: 'active', requirements: { disabled_reason: null, past_due: [] } }));
    expect((await w.adminClient.get(path)).json().data.issuer_standing).toEqual({
      status: 'active',
      disabled_reason: null,
      past_due: [],
    });
  });
});
