import { afterAll, describe, expect, it } from 'vitest';
import { CARD_ISSUER_MESSAGES, CARD_MESSAGES } from '@wallet/contract';
import { startFakeStripe } from '../../issuing/stripe/fake-stripe.js';
import { STRIPE_API_VERSION } from '../../issuing/stripe/stripe-issuer.js';
import { useTestApp } from '../../test/context.js';
import { TEST_PASSWORD } from '../../test/factories.js';
import { addUser, setupOrg } from '../../test/helpers.js';
import { createCard, newCardBody, shippingBody } from '../../test/card-factories.js';

// Issue 16 points 8 and 10 with ISSUER=stripe: the server never handles a full number or CVC. Stripe.js in the browser
// makes a nonce, the server exchanges it for an ephemeral key, and Issuing Elements show the card from Stripe.
const fake = await startFakeStripe({ secretKey: 'sk_test_x' });
const PUBLISHABLE = 'pk_test_51Reveal0000000000000000';
const ctx = useTestApp({
  ISSUER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: PUBLISHABLE,
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: String(fake.port),
  STRIPE_API_PROTOCOL: 'http',
});
afterAll(() => fake.stop());

const stripeCardId = async (cardId: number) =>
  (await ctx.db.selectFrom('cards').select('provider_card_id').where('id', '=', cardId).executeTakeFirstOrThrow())
    .provider_card_id;
/** Everything the fake was asked since `from` that could carry a card number (a retrieve with expand, any answer with one). */
const numberRequests = (from: number) =>
  fake.requests.slice(from).filter((r) => r.method === 'GET' && r.path.startsWith('/v1/issuing/cards/'));

describe('card numbers with ISSUER=stripe: ephemeral keys for Issuing Elements', () => {
  it('exchanges the browser’s nonce for an ephemeral key of that card, after a password confirmation (423 before)', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    const issuingCard = await stripeCardId(card.id);
    // Stripe.js makes the nonce for the card's id at Stripe, which the card resource carries.
    expect((await org.memberClient.get(`/api/cards/${card.id}`)).json().data.stripe_card_id).toBe(issuingCard);

    const locked = await org.memberClient.post(`/api/cards/${card.id}/ephemeral-keys`, {
      nonce: fake.ephemeralKeyNonce(issuingCard),
    });
    expect(locked.statusCode).toBe(423);
    expect(fake.requestsTo('POST', '/v1/ephemeral_keys')).toHaveLength(0);

    await org.memberClient.post('/user/confirm-password', { password: TEST_PASSWORD });
    const before = fake.requests.length;
    const nonce = fake.ephemeralKeyNonce(issuingCard);
    const response = await org.memberClient.post(`/api/cards/${card.id}/ephemeral-keys`, { nonce });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const sent = fake.requestsTo('POST', '/v1/ephemeral_keys').at(-1)!;
    expect(sent.body).toEqual({ issuing_card: issuingCard, nonce });
    expect(sent.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    const key = [...fake.objects.values()].find(
      (o) => o.object === 'ephemeral_key' && o.secret === response.json().data.secret,
    )!;
    expect(response.json()).toEqual({ data: { issuing_card: issuingCard, secret: key.secret, expires: key.expires } });
    // Nothing that could carry the number: no retrieve of the card, and no digits of it in the answer.
    expect(numberRequests(before)).toEqual([]);
    const stored = fake.objects.get(issuingCard) as unknown as { number: string; cvc: string };
    expect(response.body).not.toContain(stored.number);
  });

  it('lets an admin ask too; another member gets 404, signed out 401, and a missing nonce is a 422', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    const issuingCard = await stripeCardId(card.id);
    await org.adminClient.post('/user/confirm-password', { password: TEST_PASSWORD });
    expect(
      (
        await org.adminClient.post(`/api/cards/${card.id}/ephemeral-keys`, {
          nonce: fake.ephemeralKeyNonce(issuingCard),
        })
      ).statusCode,
    ).toBe(200);

    const missing = await org.adminClient.post(`/api/cards/${card.id}/ephemeral-keys`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ nonce: [CARD_ISSUER_MESSAGES.nonceRequired] });

    const peer = await addUser(ctx.db, org.organization.id, 'wallet-user', { first_name: 'Pat', last_name: 'Peer' });
    const peerClient = await ctx.client(org.host).signIn(peer.email, TEST_PASSWORD);
    await peerClient.post('/user/confirm-password', { password: TEST_PASSWORD });
    expect(
      (await peerClient.post(`/api/cards/${card.id}/ephemeral-keys`, { nonce: fake.ephemeralKeyNonce(issuingCard) }))
        .statusCode,
    ).toBe(404);
    expect((await org.anonymous.post(`/api/cards/${card.id}/ephemeral-keys`, { nonce: 'x' })).statusCode).toBe(401);
  });

  it("answers a clear 422 when Stripe refuses the nonce (another card's, or used), not a 502", async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    const other = await createCard(org.adminClient, org.member.id);
    await org.memberClient.post('/user/confirm-password', { password: TEST_PASSWORD });
    const refused = await org.memberClient.post(`/api/cards/${card.id}/ephemeral-keys`, {
      nonce: fake.ephemeralKeyNonce(await stripeCardId(other.id)),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ nonce: [CARD_ISSUER_MESSAGES.nonceRefused] });
  });

  it('GET /api/cards/{id}/details never returns the number or CVC: 409 pointing to the new flow, without asking Stripe', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    await org.memberClient.post('/user/confirm-password', { password: TEST_PASSWORD });
    const before = fake.requests.length;
    const response = await org.memberClient.get(`/api/cards/${card.id}/details`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: CARD_ISSUER_MESSAGES.revealInBrowser });
    expect(fake.requests.length).toBe(before);
  });

  it("a physical card's number can't be revealed: a 422 with the contract's message, before any Stripe call", async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id, { type: 'physical', shipping: shippingBody });
    await org.memberClient.post('/user/confirm-password', { password: TEST_PASSWORD });
    const before = fake.requests.length;
    const response = await org.memberClient.post(`/api/cards/${card.id}/ephemeral-keys`, {
      nonce: fake.ephemeralKeyNonce(await stripeCardId(card.id)),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(CARD_ISSUER_MESSAGES.physicalCardNotRevealable);
    expect(fake.requests.length).toBe(before);
  });

  it('tells the SPA the issuer and the publishable key (GET /api/me), and lets Stripe.js load under the CSP', async () => {
    const org = await setupOrg(ctx);
    const me = await org.memberClient.get('/api/me');
    expect(me.json().data.card_issuer).toEqual({ name: 'stripe', stripe_publishable_key: PUBLISHABLE });
    const csp = String(me.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com(;|$)/);
    expect(csp).toMatch(/frame-src https:\/\/js\.stripe\.com(;|$)/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com(;|$)/);
  });
});

describe('cardholder names Stripe refuses (issue 16.8)', () => {
  it.each(['R2D2 Unit', "Mia O'Neil", 'Mia-Member'])(
    '%j is a 422 on cardholder_name before any Stripe call',
    async (name) => {
      const org = await setupOrg(ctx);
      const before = fake.requests.length;
      const response = await org.adminClient.post('/api/cards', newCardBody(org.member.id, { cardholder_name: name }));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ cardholder_name: [CARD_ISSUER_MESSAGES.cardholderNameCharacters] });
      expect(fake.requests.length).toBe(before);
      expect(CARD_MESSAGES.cardholderName).not.toBe(CARD_ISSUER_MESSAGES.cardholderNameCharacters);
    },
  );
});
