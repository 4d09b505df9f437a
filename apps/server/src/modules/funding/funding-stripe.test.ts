import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type StripeObject } from '../../issuing/stripe/fake-stripe.js';
import { useTestApp } from '../../test/context.js';
import { setupOrg } from '../../test/helpers.js';
import { waitFor } from '../../test/helpers.js';
import { availableFunds, ledgerCounts } from '../../test/card-factories.js';
import { fixtureEvent, fixtureObject } from '../webhooks/test-fixtures.js';
import { ledgerIntegrity, SOUND_LEDGER } from '../ledger/service.js';

/**
 * Account Funding with ISSUER=stripe (ARCHITECTURE.md D7, §9), against the local fake of the Stripe API: a top-up Stripe
 * refuses is failed with Stripe's reason, and Stripe's topup events find our top-up by the id we put in its metadata,
 * even when they arrive before we stored Stripe's id. Events are Stripe's fixture envelopes, signed with the SDK.
 */
const WEBHOOK_SECRET = 'whsec_funding_test';
// The fake must be listening before useTestApp's beforeAll builds the app with its port.
const fake = await startFakeStripe({ secretKey: 'sk_test_x' });
const ctx = useTestApp({
  ISSUER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: String(fake.port),
  STRIPE_API_PROTOCOL: 'http',
});
afterAll(() => fake.stop());
const stripe = new Stripe('sk_test_x');

async function deliver(event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
  expect(response.statusCode).toBe(200);
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

/** Stripe's topup fixture carrying the fake's top-up (its id, amount, status, metadata). */
const topupEvent = (type: string, topup: StripeObject) =>
  fixtureEvent(type, fixtureObject('topup', { ...topup, source: null }));

const topupRow = (id: number) => ctx.db.selectFrom('topups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const listed = async (client: Awaited<ReturnType<typeof setupOrg>>['adminClient']) =>
  (await client.get('/api/topups')).json().data as Array<Record<string, unknown>>;

describe('top-ups Stripe refuses', () => {
  it.each([
    { status: 402, code: 'insufficient_funds', message: 'Your account has insufficient funds to cover this top-up.' },
    { status: 400, code: 'amount_too_large', message: 'Top-ups are limited to 1,000,000.00 USD.' },
  ])(
    "a $status from POST /v1/topups fails the top-up with Stripe's message; a retry answers the same without asking again",
    async ({ status, code, message }) => {
      const org = await setupOrg(ctx);
      const key = randomUUID();
      fake.refuseNextTopup({ status, code, message });
      const response = await org.adminClient.post(
        '/api/topups',
        { amount: 7_000, description: 'Refused wire' },
        { 'idempotency-key': key },
      );
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toContain(message);

      expect(await listed(org.adminClient)).toMatchObject([
        { description: 'Refused wire', status: 'failed', failure_message: message, settled_at: null },
      ]);
      expect(await availableFunds(org.adminClient)).toBe(0);
      expect(await ledgerCounts(ctx.db, org.organization.id)).toEqual({ entries: 0, lines: 0 });

      const sent = fake.requestsTo('POST', '/v1/topups').length;
      const retry = await org.adminClient.post(
        '/api/topups',
        { amount: 7_000, description: 'Refused wire' },
        { 'idempotency-key': key },
      );
      expect(retry.statusCode).toBe(502);
      expect(retry.json().message).toContain(message);
      expect(fake.requestsTo('POST', '/v1/topups')).toHaveLength(sent);
      expect(
        await ctx.db.selectFrom('topups').select('id').where('org_id', '=', org.organization.id).execute(),
      ).toHaveLength(1);
    },
  );

  it('a top-up whose answer never came (a 5xx) stays pending and lands when retried with its key', async () => {
    const org = await setupOrg(ctx);
    const key = randomUUID();
    fake.failNext({ status: 500, message: 'Stripe is having trouble.' }, 3); // the SDK's own two retries too
    expect(
      (await org.adminClient.post('/api/topups', { amount: 4_000, description: 'Wire' }, { 'idempotency-key': key }))
        .statusCode,
    ).toBe(502);
    expect(await listed(org.adminClient)).toMatchObject([{ status: 'pending', failure_message: null }]);
    const retry = await org.adminClient.post(
      '/api/topups',
      { amount: 4_000, description: 'Wire' },
      { 'idempotency-key': key },
    );
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data).toMatchObject({ status: 'pending', failure_message: null });
    expect((await topupRow(retry.json().data.id)).provider_topup_id).toMatch(/^tu_/);
  });
});

describe("Stripe's topup events", () => {
  it("carry our top-up id in the Stripe top-up's metadata: topup.succeeded before we stored Stripe's id still settles it, once", async () => {
    const org = await setupOrg(ctx);
    const pause = fake.pauseNextAnswer('POST', '/v1/topups');
    const posting = org.adminClient.post(
      '/api/topups',
      { amount: 12_345, description: 'Early event' },
      { 'idempotency-key': randomUUID() },
    );
    const { body } = await pause.reached;
    const created = body as StripeObject;
    const ours = await ctx.db
      .selectFrom('topups')
      .selectAll()
      .where('org_id', '=', org.organization.id)
      .executeTakeFirstOrThrow();
    expect(fake.requestsTo('POST', '/v1/topups').at(-1)!.body.metadata).toEqual({
      org_id: String(org.organization.id),
      topup_id: String(ours.id),
    });
    expect(ours).toMatchObject({ status: 'pending', provider_topup_id: null });

    // Stripe settles the top-up and its event is processed while our request still waits for Stripe's answer.
    await deliver(topupEvent('topup.succeeded', fake.setTopupStatus(created.id, 'succeeded')));
    expect(await topupRow(ours.id)).toMatchObject({ status: 'succeeded', provider_topup_id: created.id });
    pause.release();
    const response = await posting;
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ id: ours.id, status: 'succeeded' });

    // The same event again, or another one for the same top-up, changes nothing.
    await deliver(topupEvent('topup.succeeded', fake.objects.get(created.id)!));
    expect(await availableFunds(org.adminClient)).toBe(12_345);
    expect(await ledgerCounts(ctx.db, org.organization.id)).toEqual({ entries: 1, lines: 2 });
    expect(await ledgerIntegrity(ctx.db, org.organization.id)).toEqual(SOUND_LEDGER);
  });

  it("topup.failed before we stored Stripe's id fails the top-up with Stripe's failure message", async () => {
    const org = await setupOrg(ctx);
    const pause = fake.pauseNextAnswer('POST', '/v1/topups');
    const posting = org.adminClient.post(
      '/api/topups',
      { amount: 900, description: 'Bounced later' },
      { 'idempotency-key': randomUUID() },
    );
    const created = (await pause.reached).body as StripeObject;
    await deliver(
      topupEvent('topup.failed', fake.setTopupStatus(created.id, 'failed', 'The bank returned the debit.')),
    );
    pause.release();
    expect((await posting).statusCode).toBe(201);
    expect(await listed(org.adminClient)).toMatchObject([
      { status: 'failed', failure_message: 'The bank returned the debit.' },
    ]);
    expect(await availableFunds(org.adminClient)).toBe(0);
  });

  it("an event without our metadata (a top-up made before it was sent) is matched by the stored Stripe id; another organisation's id never matches", async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    const response = await org.adminClient.post(
      '/api/topups',
      { amount: 5_000, description: 'Older' },
      { 'idempotency-key': randomUUID() },
    );
    const ours = await topupRow(response.json().data.id);
    const stripeTopup = fake.setTopupStatus(ours.provider_topup_id!, 'succeeded');
    // Metadata naming our top-up id under another organisation, on a Stripe top-up we don't know: nothing settles.
    await deliver(
      topupEvent('topup.succeeded', {
        ...stripeTopup,
        id: 'tu_not_ours',
        metadata: { org_id: String(other.organization.id), topup_id: String(ours.id) },
      }),
    );
    expect(await topupRow(ours.id)).toMatchObject({ status: 'pending' });
    await deliver(topupEvent('topup.succeeded', { ...stripeTopup, metadata: {} }));
    expect(await topupRow(ours.id)).toMatchObject({ status: 'succeeded' });
    expect(await availableFunds(org.adminClient)).toBe(5_000);
    expect(await availableFunds(other.adminClient)).toBe(0);
  });
});

describe("Stripe's topup.reversed (issue 16.2)", () => {
  it('after topup.succeeded takes the money back once: funds reduced, ledger balanced, listed as reversed; a redelivery moves nothing', async () => {
    const org = await setupOrg(ctx);
    const response = await org.adminClient.post(
      '/api/topups',
      { amount: 6_000, description: 'Wire that bounced' },
      { 'idempotency-key': randomUUID() },
    );
    const ours = await topupRow(response.json().data.id);
    await deliver(topupEvent('topup.succeeded', fake.setTopupStatus(ours.provider_topup_id!, 'succeeded')));
    expect(await availableFunds(org.adminClient)).toBe(6_000);

    const reversed = topupEvent('topup.reversed', fake.setTopupStatus(ours.provider_topup_id!, 'reversed'));
    await deliver(reversed);
    expect(await availableFunds(org.adminClient)).toBe(0);
    expect(await listed(org.adminClient)).toMatchObject([{ id: ours.id, status: 'reversed', failure_message: null }]);
    expect(await ledgerCounts(ctx.db, org.organization.id)).toEqual({ entries: 2, lines: 4 });
    expect(await ledgerIntegrity(ctx.db, org.organization.id)).toEqual(SOUND_LEDGER);

    // The same event again, another topup.reversed for it, or a late topup.succeeded: nothing moves.
    await deliver(reversed);
    await deliver(topupEvent('topup.reversed', fake.objects.get(ours.provider_topup_id!)!));
    await deliver(
      topupEvent('topup.succeeded', { ...fake.objects.get(ours.provider_topup_id!)!, status: 'succeeded' }),
    );
    expect(await availableFunds(org.adminClient)).toBe(0);
    expect(await ledgerCounts(ctx.db, org.organization.id)).toEqual({ entries: 2, lines: 4 });
    expect((await topupRow(ours.id)).status).toBe('reversed');
  });

  it('before topup.succeeded was processed (events out of order): reversed, and the late success credits nothing', async () => {
    const org = await setupOrg(ctx);
    const response = await org.adminClient.post(
      '/api/topups',
      { amount: 2_500, description: 'Out of order' },
      { 'idempotency-key': randomUUID() },
    );
    const ours = await topupRow(response.json().data.id);
    const succeeded = topupEvent('topup.succeeded', fake.setTopupStatus(ours.provider_topup_id!, 'succeeded'));
    await deliver(topupEvent('topup.reversed', fake.setTopupStatus(ours.provider_topup_id!, 'reversed')));
    expect((await topupRow(ours.id)).status).toBe('reversed');
    await deliver(succeeded);
    expect((await topupRow(ours.id)).status).toBe('reversed');
    expect(await availableFunds(org.adminClient)).toBe(0);
    expect(await ledgerCounts(ctx.db, org.organization.id)).toEqual({ entries: 0, lines: 0 });
  });
});
