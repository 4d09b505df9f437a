import { afterAll, describe, expect, it } from 'vitest';
import { CARD_MESSAGES } from '@wallet/contract';
import { startFakeStripe } from '../../issuing/stripe/fake-stripe.js';
import { useTestApp } from '../../test/context.js';
import { setupOrg, waitFor } from '../../test/helpers.js';
import {
  acceptTermsInDb,
  availableFunds,
  createCard,
  fundCard,
  ledgerCounts,
  newCardBody,
  putBalance,
  setUserCreatedAt,
  shippingBody,
  waitForIssuerSync,
} from '../../test/card-factories.js';
import { settleProviderTopup } from '../funding/service.js';

// The fake must be listening before useTestApp's beforeAll builds the app with its port.
const fake = await startFakeStripe({ secretKey: 'sk_test_x' });
const ctx = useTestApp({
  ISSUER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: String(fake.port),
  STRIPE_API_PROTOCOL: 'http',
});
afterAll(() => fake.stop());

const last = (method: string, path: RegExp | string) => {
  const request = fake.requestsTo(method, path).at(-1);
  if (!request) throw new Error(`no ${method} ${String(path)} reached the fake`);
  return request;
};
const providerCardId = async (cardId: number) =>
  (await ctx.db.selectFrom('cards').select('provider_card_id').where('id', '=', cardId).executeTakeFirstOrThrow())
    .provider_card_id;

/** A top-up that Stripe has settled, so cards can be funded. */
async function settledTopup(client: Parameters<typeof availableFunds>[0], amount: number) {
  const response = await client.post('/api/topups', { amount, description: 'Wire' });
  const topup = await ctx.db
    .selectFrom('topups')
    .selectAll()
    .where('id', '=', response.json().data.id)
    .executeTakeFirstOrThrow();
  fake.setTopupStatus(topup.provider_topup_id!, 'succeeded');
  await settleProviderTopup(ctx.db, 'stripe', topup.provider_topup_id!);
}

describe('cards with ISSUER=stripe (against the local fake Stripe API)', () => {
  it('creates the cardholder, then the card, with the right parameters and idempotency keys', async () => {
    const org = await setupOrg(ctx);
    const before = fake.requests.length;
    const response = await org.adminClient.post(
      '/api/cards',
      newCardBody(org.member.id, { type: 'physical', shipping: shippingBody }),
      { 'idempotency-key': 'stripe-create-0001' },
    );
    expect(response.statusCode).toBe(201);
    const calls = fake.requests.slice(before).map((request) => `${request.method} ${request.path}`);
    expect(calls).toEqual(['POST /v1/issuing/cardholders', 'POST /v1/issuing/cards']);

    const cardholder = last('POST', '/v1/issuing/cardholders');
    expect(cardholder.body).toMatchObject({
      type: 'individual',
      name: 'Mia Member',
      email: org.member.email,
      billing: {
        address: {
          line1: '1 Market St',
          line2: 'Suite 5',
          city: 'San Francisco',
          state: 'CA',
          postal_code: '94105',
          country: 'US',
        },
      },
      individual: { first_name: 'Mia', last_name: 'Member' },
      status: 'active',
    });
    expect((cardholder.body.individual as Record<string, unknown>).card_issuing).toBeUndefined();
    // Every key carries the installation's id, so two databases on one Stripe account never collide (issue 16.9).
    const { id: installation } = await ctx.db.selectFrom('installation').select('id').executeTakeFirstOrThrow();
    expect(cardholder.headers['idempotency-key']).toBe(
      `${installation}:cardholder-${org.organization.id}-${org.member.id}`,
    );

    const card = last('POST', '/v1/issuing/cards');
    const stripeCardholder = fake.objects.get(
      (
        await ctx.db
          .selectFrom('cardholders')
          .select('provider_cardholder_id')
          .where('user_id', '=', org.member.id)
          .executeTakeFirstOrThrow()
      ).provider_cardholder_id,
    )!;
    expect(card.body).toMatchObject({
      cardholder: stripeCardholder.id,
      currency: 'usd',
      type: 'physical',
      status: 'inactive',
      spending_controls: { spending_limits: [{ amount: '0', interval: 'all_time' }] },
      shipping: {
        name: 'Mia Member',
        service: 'express',
        address: { line1: '2 Ship Rd', city: 'Austin', state: 'TX', postal_code: '73301', country: 'US' },
      },
    });
    expect(card.headers['idempotency-key']).toBe(
      `${installation}:card-${org.organization.id}-${org.member.id}-stripe-create-0001`,
    );
    const stored = fake.objects.get(await providerCardId(response.json().data.id))!;
    expect(response.json().data).toMatchObject({
      last4: stored.last4,
      exp_month: stored.exp_month,
      exp_year: stored.exp_year,
      brand: 'Visa',
      stripe_cardholder_id: stripeCardholder.id,
    });

    // The second card reuses the cardholder.
    const second = fake.requests.length;
    await createCard(org.adminClient, org.member.id);
    expect(fake.requests.slice(second).map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/issuing/cards',
    ]);
    expect(last('POST', '/v1/issuing/cards').body.shipping).toBeUndefined();
  });

  it('passes an earlier terms acceptance when the cardholder is created', async () => {
    const org = await setupOrg(ctx);
    await acceptTermsInDb(ctx.db, org.member.id);
    await createCard(org.adminClient, org.member.id);
    const individual = last('POST', '/v1/issuing/cardholders').body.individual as {
      card_issuing: { user_terms_acceptance: Record<string, string> };
    };
    expect(individual.card_issuing.user_terms_acceptance.date).toMatch(/^\d+$/);
  });

  it('does not call Stripe when the request is invalid or the user is not a wallet user', async () => {
    const org = await setupOrg(ctx);
    const before = fake.requests.length;
    expect(
      (await org.adminClient.post('/api/cards', newCardBody(org.member.id, { legal_first_name: '' }))).statusCode,
    ).toBe(422);
    expect((await org.adminClient.post('/api/cards', newCardBody(org.admin.id))).statusCode).toBe(422);
    expect(fake.requests.length).toBe(before);
  });

  it('sends the terms acceptance (date, ip, user agent) and then the status; sends the all-time limit on every funding', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    const stripeId = await providerCardId(card.id);
    const cardholderId = fake.objects.get(stripeId)!.cardholder as string;

    expect(
      (
        await org.memberClient.post(
          '/api/issuing-tos-acceptances/accept',
          { issuer: 'stripe' },
          { 'user-agent': 'MemberBrowser/2.0' },
        )
      ).statusCode,
    ).toBe(201);
    const terms = last('POST', `/v1/issuing/cardholders/${cardholderId}`).body as {
      individual: { card_issuing: { user_terms_acceptance: Record<string, string> } };
    };
    expect(terms.individual.card_issuing.user_terms_acceptance).toMatchObject({
      ip: expect.any(String),
      user_agent: 'MemberBrowser/2.0',
    });
    expect(Number(terms.individual.card_issuing.user_terms_acceptance.date)).toBeGreaterThan(Date.now() / 1000 - 60);

    expect((await org.adminClient.put(`/api/cards/${card.id}/status`, { status: 'active' })).statusCode).toBe(200);
    await waitForIssuerSync(ctx.db, card.id);
    expect(last('POST', `/v1/issuing/cards/${stripeId}`).body).toEqual({ status: 'active' });
    expect(fake.objects.get(stripeId)!.status).toBe('active');

    await settledTopup(org.adminClient, 10_000);
    await fundCard(org.adminClient, card.id, 4_200);
    await waitForIssuerSync(ctx.db, card.id);
    expect(last('POST', `/v1/issuing/cards/${stripeId}`).body).toEqual({
      spending_controls: { spending_limits: [{ amount: '4200', interval: 'all_time' }] },
    });
    await fundCard(org.adminClient, card.id, 1_000);
    await waitForIssuerSync(ctx.db, card.id);
    expect(last('POST', `/v1/issuing/cards/${stripeId}`).body).toEqual({
      spending_controls: { spending_limits: [{ amount: '1000', interval: 'all_time' }] },
    });

    expect((await org.adminClient.put(`/api/cards/${card.id}/status`, { status: 'inactive' })).statusCode).toBe(200);
    await waitForIssuerSync(ctx.db, card.id);
    expect(last('POST', `/v1/issuing/cards/${stripeId}`).body).toEqual({ status: 'inactive' });
  });

  it('sends nothing to Stripe for a refused funding', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    const before = fake.requests.length;
    const refused = await putBalance(org.adminClient, card.id, 100);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CARD_MESSAGES.insufficientFunds);
    expect(fake.requests.length).toBe(before);
  });

  it("shows Stripe's refusal of a change on the card, and answers a clear error, not a sign-out, when Stripe refuses a new card", async () => {
    const org = await setupOrg(ctx);
    // Exempt from our terms warning, but Stripe still wants the acceptance before it activates the card.
    await setUserCreatedAt(ctx.db, org.member.id, new Date('2023-01-01T00:00:00Z'));
    const card = await createCard(org.adminClient, org.member.id);
    const activated = await org.adminClient.put(`/api/cards/${card.id}/status`, { status: 'active' });
    expect(activated.statusCode).toBe(200);
    const shown = await waitFor(async () => {
      const data = (await org.adminClient.get(`/api/cards/${card.id}`)).json().data;
      return data.issuer_sync.state === 'failed' && data;
    });
    expect(shown.issuer_sync.error).toMatch(/user_terms_acceptance/);
    expect(fake.objects.get(await providerCardId(card.id))!.status).toBe('inactive');

    fake.failNext({ status: 401, type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_x' });
    const unauthorised = await org.adminClient.post('/api/cards', newCardBody(org.member.id));
    expect(unauthorised.statusCode).toBe(502);
    expect(unauthorised.body).not.toContain('sk_test_x');
    expect((await org.adminClient.get('/api/me')).statusCode).toBe(200);
  });
});

describe('top-ups with ISSUER=stripe', () => {
  it('creates a Stripe top-up to the issuing balance and stays pending until Stripe says it succeeded', async () => {
    const org = await setupOrg(ctx);
    const response = await org.adminClient.post(
      '/api/topups',
      { amount: 50_000, description: 'Quarterly funding' },
      { 'idempotency-key': 'stripe-topup-0001' },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ status: 'pending', settled_at: null, amount: 50_000 });
    const request = last('POST', '/v1/topups');
    expect(request.body).toMatchObject({
      amount: '50000',
      currency: 'usd',
      description: 'Quarterly funding',
      destination_balance: 'issuing',
    });
    const { id: installation } = await ctx.db.selectFrom('installation').select('id').executeTakeFirstOrThrow();
    expect(request.headers['idempotency-key']).toBe(`${installation}:topup-${org.organization.id}-stripe-topup-0001`);
    expect(await availableFunds(org.adminClient)).toBe(0);
    expect(await ledgerCounts(ctx.db, org.organization.id)).toEqual({ entries: 0, lines: 0 });

    // A retry of the same submission creates nothing new.
    const retry = await org.adminClient.post(
      '/api/topups',
      { amount: 50_000, description: 'Quarterly funding' },
      { 'idempotency-key': 'stripe-topup-0001' },
    );
    expect(retry.json().data.id).toBe(response.json().data.id);
    expect(
      fake
        .requestsTo('POST', '/v1/topups')
        .filter((r) => r.headers['idempotency-key'] === request.headers['idempotency-key']),
    ).toHaveLength(2);
    expect(
      new Set(
        [...fake.objects.values()]
          .filter((o) => o.object === 'topup' && o.description === 'Quarterly funding')
          .map((o) => o.id),
      ).size,
    ).toBe(1);

    const topup = await ctx.db
      .selectFrom('topups')
      .selectAll()
      .where('id', '=', response.json().data.id)
      .executeTakeFirstOrThrow();
    fake.setTopupStatus(topup.provider_topup_id!, 'succeeded');
    const settled = await settleProviderTopup(ctx.db, 'stripe', topup.provider_topup_id!);
    expect(settled).toMatchObject({ status: 'succeeded' });
    await settleProviderTopup(ctx.db, 'stripe', topup.provider_topup_id!);
    expect(await availableFunds(org.adminClient)).toBe(50_000);
    expect(await ledgerCounts(ctx.db, org.organization.id)).toEqual({ entries: 1, lines: 2 });
    expect((await org.adminClient.get('/api/topups')).json().data[0]).toMatchObject({
      status: 'succeeded',
      settled_at: expect.any(String),
    });
  });

  it('a top-up Stripe refuses at once is a clear error and is recorded as failed, not left pending', async () => {
    const org = await setupOrg(ctx);
    fake.setTopupCreateStatus('failed');
    try {
      const response = await org.adminClient.post('/api/topups', { amount: 7_000, description: 'Bounced' });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(/insufficient funds/);
    } finally {
      fake.setTopupCreateStatus('pending');
    }
    expect((await org.adminClient.get('/api/topups')).json().data).toMatchObject([
      { description: 'Bounced', status: 'failed' },
    ]);
    expect(await availableFunds(org.adminClient)).toBe(0);
  });

  it('a top-up unknown to us is ignored', async () => {
    expect(await settleProviderTopup(ctx.db, 'stripe', 'tu_unknown')).toBeNull();
  });
});
