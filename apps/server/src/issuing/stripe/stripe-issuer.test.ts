import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SPENDING_CONTROLS } from '@wallet/contract';
import { issuerRefusal, type CardholderInput, type IssuingProvider } from '../provider.js';
import { parseStripeForm, startFakeStripe, type FakeStripe, type RecordedRequest } from './fake-stripe.js';
import { createStripeIssuer, STRIPE_API_VERSION, StripeIssuerError } from './stripe-issuer.js';

const SECRET = 'sk_test_fake_4eC39HqLyjWDarjtT1zdp7dc';
/** The installation's id (the `installation` table); every key the adapter sends starts with it. */
const INSTALLATION = '6f1d2c3b-0a9e-4d8f-b7c6-5e4d3c2b1a09';
const sent = (key: string) => `${INSTALLATION}:${key}`;

const luhnValid = (number: string) => {
  let sum = 0;
  [...number].reverse().forEach((char, index) => {
    let digit = Number(char);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  });
  return /^\d{16}$/.test(number) && sum % 10 === 0;
};

const billing = {
  line1: '1 Market St',
  line2: 'Suite 200',
  city: 'San Francisco',
  state: 'CA',
  postal_code: '94105',
  country: 'US',
};
const terms = {
  date: new Date('2024-03-05T10:20:30.900Z'),
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Test/1.0',
};

const cardholderInput = (overrides: Partial<CardholderInput> = {}): CardholderInput => ({
  orgId: 7,
  name: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@demo.test',
  phone: '+14155550100',
  billing,
  terms,
  ...overrides,
});

let counter = 0;
const key = (what: string) => `test-${what}-${Date.now()}-${++counter}`;

describe('Stripe issuer against the local fake of the Stripe API', () => {
  let fake: FakeStripe;
  let issuer: IssuingProvider;
  const lastRequest = (method: string, path: RegExp | string): RecordedRequest => {
    const found = fake.requestsTo(method, path).at(-1);
    if (!found) throw new Error(`no ${method} ${String(path)} recorded`);
    return found;
  };
  const storedCard = (id: string) => {
    const card = fake.objects.get(id);
    if (card?.object !== 'issuing.card') throw new Error(`no card ${id} in the fake`);
    return card as typeof card & { number: string; cvc: string; exp_month: number; exp_year: number; status: string };
  };
  const newCardholder = async (overrides: Partial<CardholderInput> = {}) =>
    (await issuer.createCardholder(cardholderInput(overrides), key('cardholder'))).id;

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET });
    issuer = createStripeIssuer({
      secretKey: SECRET,
      idempotencyPrefix: INSTALLATION,
      apiHost: '127.0.0.1',
      apiPort: fake.port,
      apiProtocol: 'http',
    });
  });
  afterAll(async () => {
    await fake.stop();
  });

  it('is named stripe', () => {
    expect(issuer.name).toBe('stripe');
  });

  it('creates an individual cardholder with legal names, billing address and the terms acceptance', async () => {
    const idempotencyKey = key('cardholder');
    const { id } = await issuer.createCardholder(cardholderInput(), idempotencyKey);
    expect(id).toMatch(/^ich_/);

    const request = lastRequest('POST', '/v1/issuing/cardholders');
    expect(request.headers['idempotency-key']).toBe(sent(idempotencyKey));
    expect(request.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(request.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(request.body).toEqual({
      type: 'individual',
      name: 'Ada Lovelace',
      email: 'ada@demo.test',
      phone_number: '+14155550100',
      billing: {
        address: {
          line1: '1 Market St',
          line2: 'Suite 200',
          city: 'San Francisco',
          state: 'CA',
          postal_code: '94105',
          country: 'US',
        },
      },
      individual: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        card_issuing: {
          user_terms_acceptance: {
            date: String(Math.floor(terms.date.getTime() / 1000)),
            ip: '203.0.113.7',
            user_agent: terms.userAgent,
          },
        },
      },
      status: 'active',
      metadata: { org_id: '7' },
    });
    const stored = fake.objects.get(id);
    expect(stored).toMatchObject({ object: 'issuing.cardholder', livemode: false, requirements: { past_due: [] } });
  });

  it('leaves out the terms, the phone and an empty second address line when there are none', async () => {
    await newCardholder({ terms: null, phone: null, billing: { ...billing, line2: null } });
    const { body } = lastRequest('POST', '/v1/issuing/cardholders');
    expect(body.individual).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
    expect(body).not.toHaveProperty('phone_number');
    expect(body.billing).toEqual({
      address: { line1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' },
    });
  });

  it('records a later terms acceptance on the cardholder', async () => {
    const id = await newCardholder({ terms: null });
    expect(fake.objects.get(id)?.requirements).toMatchObject({ disabled_reason: 'requirements.past_due' });

    await issuer.acceptTerms(id, terms);
    const request = lastRequest('POST', `/v1/issuing/cardholders/${id}`);
    expect(request.body).toEqual({
      individual: {
        card_issuing: {
          user_terms_acceptance: {
            date: String(Math.floor(terms.date.getTime() / 1000)),
            ip: '203.0.113.7',
            user_agent: terms.userAgent,
          },
        },
      },
    });
    expect(fake.objects.get(id)?.requirements).toEqual({ disabled_reason: null, past_due: [] });
  });

  it('creates an inactive virtual card in usd with an all_time spending limit equal to the amount', async () => {
    const cardholderId = await newCardholder();
    const idempotencyKey = key('card');
    const card = await issuer.createCard(
      { orgId: 7, cardholderId, type: 'virtual', shipping: null, spendingLimit: 12_345 },
      idempotencyKey,
    );

    const request = lastRequest('POST', '/v1/issuing/cards');
    expect(request.headers['idempotency-key']).toBe(sent(idempotencyKey));
    expect(request.body).toEqual({
      cardholder: cardholderId,
      currency: 'usd',
      type: 'virtual',
      status: 'inactive',
      spending_controls: { spending_limits: [{ amount: '12345', interval: 'all_time' }] },
      metadata: { org_id: '7' },
    });

    const stored = storedCard(card.id);
    expect(card.id).toMatch(/^ic_/);
    expect(card).toEqual({
      id: card.id,
      brand: 'Visa',
      last4: stored.number.slice(-4),
      expMonth: stored.exp_month,
      expYear: stored.exp_year,
    });
    expect(luhnValid(stored.number)).toBe(true);
    expect(card.expMonth).toBeGreaterThanOrEqual(1);
    expect(card.expMonth).toBeLessThanOrEqual(12);
    expect(card.expYear).toBeGreaterThan(new Date().getUTCFullYear());
    expect(stored.status).toBe('inactive');
  });

  it('creates a physical card with its shipping name, service and address', async () => {
    const cardholderId = await newCardholder();
    const shipping = { service: 'express' as const, name: 'Ada Lovelace', address: { ...billing, line2: null } };
    await issuer.createCard({ orgId: 7, cardholderId, type: 'physical', shipping, spendingLimit: 0 }, key('card'));

    const { body } = lastRequest('POST', '/v1/issuing/cards');
    expect(body).toMatchObject({
      type: 'physical',
      status: 'inactive',
      currency: 'usd',
      spending_controls: { spending_limits: [{ amount: '0', interval: 'all_time' }] },
    });
    expect(body.shipping).toEqual({
      name: 'Ada Lovelace',
      service: 'express',
      address: { line1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' },
    });
  });

  it('refuses a physical card without shipping before calling Stripe', async () => {
    const before = fake.requests.length;
    await expect(
      issuer.createCard(
        { orgId: 7, cardholderId: 'ich_x', type: 'physical', shipping: null, spendingLimit: 0 },
        key('card'),
      ),
    ).rejects.toThrow(/physical card needs a shipping address/);
    expect(fake.requests.length).toBe(before);
  });

  it('activates and deactivates a card', async () => {
    const cardholderId = await newCardholder();
    const card = await issuer.createCard(
      { orgId: 7, cardholderId, type: 'virtual', shipping: null, spendingLimit: 500 },
      key('card'),
    );

    await issuer.setCardStatus(card.id, 'active', key('status'));
    expect(lastRequest('POST', `/v1/issuing/cards/${card.id}`).body).toEqual({ status: 'active' });
    expect(fake.objects.get(card.id)?.status).toBe('active');

    await issuer.setCardStatus(card.id, 'inactive', key('status'));
    expect(lastRequest('POST', `/v1/issuing/cards/${card.id}`).body).toEqual({ status: 'inactive' });
    expect(fake.objects.get(card.id)?.status).toBe('inactive');
  });

  it("passes on Stripe's refusal to activate a card whose holder has not accepted the terms", async () => {
    const cardholderId = await newCardholder({ terms: null });
    const card = await issuer.createCard(
      { orgId: 7, cardholderId, type: 'virtual', shipping: null, spendingLimit: 500 },
      key('card'),
    );
    const error = await issuer.setCardStatus(card.id, 'active', key('status')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StripeIssuerError);
    expect((error as StripeIssuerError).message).toMatch(
      /^Stripe set card status to active failed: .*user_terms_acceptance.*\(HTTP 400\)$/,
    );
    expect((error as StripeIssuerError).statusCode).toBe(400);
    expect(fake.objects.get(card.id)?.status).toBe('inactive');
  });

  it('keeps the all_time spending limit in step', async () => {
    const cardholderId = await newCardholder();
    const card = await issuer.createCard(
      { orgId: 7, cardholderId, type: 'virtual', shipping: null, spendingLimit: 1_000 },
      key('card'),
    );

    await issuer.setSpendingControls(card.id, { allTimeLimit: 4_250, ...NO_SPENDING_CONTROLS }, key('limit'));
    expect(lastRequest('POST', `/v1/issuing/cards/${card.id}`).body).toEqual({
      spending_controls: { spending_limits: [{ amount: '4250', interval: 'all_time' }] },
    });
    expect(fake.objects.get(card.id)?.spending_controls).toMatchObject({
      spending_limits: [{ amount: 4_250, interval: 'all_time' }],
    });
  });

  it("mirrors the card's controls beside the all-time limit: interval limits, one category list, a cleared list left out", async () => {
    const cardholderId = await newCardholder();
    const card = await issuer.createCard(
      {
        orgId: 7,
        cardholderId,
        type: 'virtual',
        shipping: null,
        spendingLimit: 0,
        spendingControls: {
          spending_limits: [
            { amount: 5_000, interval: 'per_authorization' },
            { amount: 50_000, interval: 'monthly' },
          ],
          allowed_categories: [],
          blocked_categories: ['betting_casino_gambling', 'drinking_places'],
        },
      },
      key('card'),
    );
    expect(lastRequest('POST', '/v1/issuing/cards').body.spending_controls).toEqual({
      spending_limits: [
        { amount: '0', interval: 'all_time' },
        { amount: '5000', interval: 'per_authorization' },
        { amount: '50000', interval: 'monthly' },
      ],
      blocked_categories: ['betting_casino_gambling', 'drinking_places'],
    });
    expect(fake.objects.get(card.id)?.spending_controls).toMatchObject({
      spending_limits: [
        { amount: 0, interval: 'all_time' },
        { amount: 5_000, interval: 'per_authorization' },
        { amount: 50_000, interval: 'monthly' },
      ],
      allowed_categories: null,
      blocked_categories: ['betting_casino_gambling', 'drinking_places'],
    });

    // Blocked becomes allowed: the new controls replace the old ones whole (Stripe refuses both lists at once).
    await issuer.setSpendingControls(
      card.id,
      {
        allTimeLimit: 9_000,
        spending_limits: [{ amount: 1_000, interval: 'daily' }],
        allowed_categories: ['airlines_air_carriers'],
        blocked_categories: [],
      },
      key('controls'),
    );
    expect(fake.objects.get(card.id)?.spending_controls).toMatchObject({
      spending_limits: [
        { amount: 9_000, interval: 'all_time' },
        { amount: 1_000, interval: 'daily' },
      ],
      allowed_categories: ['airlines_air_carriers'],
      blocked_categories: null,
    });

    await issuer.setSpendingControls(card.id, { allTimeLimit: 9_000, ...NO_SPENDING_CONTROLS }, key('cleared'));
    expect(lastRequest('POST', `/v1/issuing/cards/${card.id}`).body).toEqual({
      spending_controls: { spending_limits: [{ amount: '9000', interval: 'all_time' }] },
    });
    expect(fake.objects.get(card.id)?.spending_controls).toMatchObject({
      spending_limits: [{ amount: 9_000, interval: 'all_time' }],
      allowed_categories: null,
      blocked_categories: null,
    });
  });

  it('never reveals a number or CVC itself: it makes an ephemeral key of the card from the browser’s nonce, with the pinned version', async () => {
    expect('revealCard' in issuer).toBe(false);
    const cardholderId = await newCardholder();
    const card = await issuer.createCard(
      { orgId: 7, cardholderId, type: 'virtual', shipping: null, spendingLimit: 0 },
      key('card'),
    );
    const before = fake.requests.length;
    const nonce = fake.ephemeralKeyNonce(card.id);

    const ephemeral = await issuer.createEphemeralKey!(card.id, nonce);
    const requests = fake.requests.slice(before);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/ephemeral_keys']);
    expect(requests[0]!.body).toEqual({ issuing_card: card.id, nonce });
    expect(requests[0]!.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(ephemeral).toEqual({ secret: expect.stringMatching(/^ek_test_/), expires: expect.any(Number) });
    expect(JSON.stringify(ephemeral)).not.toContain(storedCard(card.id).number);

    // A nonce is single-use and bound to its card: Stripe's refusal is on `nonce`, and a refusal (nothing was made).
    const reused = await issuer.createEphemeralKey!(card.id, nonce).catch((error: unknown) => error);
    expect(reused).toMatchObject({ statusCode: 400, param: 'nonce', refused: true });
  });

  it('tops up the issuing balance; pending until Stripe says it succeeded', async () => {
    const idempotencyKey = key('topup');
    const topup = await issuer.createTopup(
      { orgId: 7, topupId: 41, amount: 100_000, description: 'March funding' },
      idempotencyKey,
    );
    expect(topup).toEqual({ id: expect.stringMatching(/^tu_/), status: 'pending' });

    const request = lastRequest('POST', '/v1/topups');
    expect(request.headers['idempotency-key']).toBe(sent(idempotencyKey));
    expect(request.body).toEqual({
      amount: '100000',
      currency: 'usd',
      description: 'March funding',
      destination_balance: 'issuing',
      metadata: { org_id: '7', topup_id: '41' },
    });
    // metadata is a documented parameter of POST /v1/topups (Stripe's OpenAPI description); the fake keeps it.
    expect(fake.objects.get(topup.id)?.metadata).toEqual({ org_id: '7', topup_id: '41' });

    expect(fake.setTopupStatus(topup.id, 'succeeded')).toMatchObject({
      id: topup.id,
      object: 'topup',
      status: 'succeeded',
      destination_balance: 'issuing',
    });

    fake.setTopupCreateStatus('succeeded');
    try {
      expect(
        await issuer.createTopup({ orgId: 7, topupId: 41, amount: 500, description: 'instant' }, key('topup')),
      ).toMatchObject({ status: 'succeeded' });
    } finally {
      fake.setTopupCreateStatus('pending');
    }
  });

  it('reports a top-up Stripe refused at once instead of leaving it pending', async () => {
    fake.setTopupCreateStatus('failed');
    try {
      const refused = issuer.createTopup({ orgId: 7, topupId: 41, amount: 500, description: 'refused' }, key('topup'));
      await expect(refused).rejects.toThrow(
        /^Stripe create top-up failed: top-up tu_\S+ is failed: The bank account has insufficient funds\.$/,
      );
      expect(issuerRefusal(await refused.catch((error: unknown) => error))).toBe(
        'The bank account has insufficient funds.',
      );
    } finally {
      fake.setTopupCreateStatus('pending');
    }
  });

  it("a 4xx from POST /v1/topups is a refusal with Stripe's message; a 5xx, a 409 or an idempotency error is not", async () => {
    fake.refuseNextTopup({ status: 402, code: 'insufficient_funds', message: 'Your account has insufficient funds.' });
    const refused = await issuer
      .createTopup({ orgId: 7, topupId: 41, amount: 500, description: 'no' }, key('topup'))
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      statusCode: 402,
      code: 'insufficient_funds',
      refused: true,
      issuerMessage: 'Your account has insufficient funds.',
    });
    expect(issuerRefusal(refused)).toBe('Your account has insufficient funds.');

    fake.failNext({ status: 500, message: 'Try again.' }, 3);
    expect(
      issuerRefusal(
        await issuer
          .createTopup({ orgId: 7, topupId: 41, amount: 500, description: 'later' }, key('topup'))
          .catch((error: unknown) => error),
      ),
    ).toBeNull();
    fake.failNext({ status: 409, type: 'idempotency_error', message: 'A request with this key is in progress.' }, 3);
    expect(
      issuerRefusal(
        await issuer
          .createTopup({ orgId: 7, topupId: 41, amount: 500, description: 'busy' }, key('topup'))
          .catch((error: unknown) => error),
      ),
    ).toBeNull();
    const topupKey = key('topup');
    await issuer.createTopup({ orgId: 7, topupId: 41, amount: 600, description: 'first' }, topupKey);
    expect(
      issuerRefusal(
        await issuer
          .createTopup({ orgId: 7, topupId: 41, amount: 601, description: 'first' }, topupKey)
          .catch((error: unknown) => error),
      ),
    ).toBeNull();
  });

  describe('idempotency', () => {
    it('sends the caller’s Idempotency-Key on every create', async () => {
      const keys = { cardholder: key('cardholder'), card: key('card'), topup: key('topup') };
      const before = fake.requests.length;
      const { id: cardholderId } = await issuer.createCardholder(cardholderInput(), keys.cardholder);
      await issuer.createCard({ orgId: 7, cardholderId, type: 'virtual', shipping: null, spendingLimit: 0 }, keys.card);
      await issuer.createTopup({ orgId: 7, topupId: 41, amount: 100, description: 'x' }, keys.topup);
      const creates = fake.requests
        .slice(before)
        .filter(
          (r) => r.method === 'POST' && ['/v1/issuing/cardholders', '/v1/issuing/cards', '/v1/topups'].includes(r.path),
        );
      expect(creates.map((r) => [r.path, r.headers['idempotency-key']])).toEqual([
        ['/v1/issuing/cardholders', sent(keys.cardholder)],
        ['/v1/issuing/cards', sent(keys.card)],
        ['/v1/topups', sent(keys.topup)],
      ]);
    });

    it("prefixes every key with the installation's id, once, so two databases on one Stripe account never collide", async () => {
      const other = createStripeIssuer({
        secretKey: SECRET,
        idempotencyPrefix: 'another-installation',
        apiHost: '127.0.0.1',
        apiPort: fake.port,
        apiProtocol: 'http',
      });
      // The same caller key from two installations (both start their own counters): two cardholders, not one replayed.
      const shared = key('cardholder');
      const ours = await issuer.createCardholder(cardholderInput(), shared);
      const theirs = await other.createCardholder(cardholderInput(), shared);
      expect(theirs.id).not.toBe(ours.id);
      expect(lastRequest('POST', '/v1/issuing/cardholders').headers['idempotency-key']).toBe(
        `another-installation:${shared}`,
      );

      // The outbox already prefixes card updates (issuer-sync.ts): the adapter doesn't prefix them twice.
      const card = await issuer.createCard(
        { orgId: 7, cardholderId: ours.id, type: 'virtual', shipping: null, spendingLimit: 0 },
        key('card'),
      );
      await issuer.setSpendingControls(
        card.id,
        { allTimeLimit: 500, ...NO_SPENDING_CONTROLS },
        sent('card_spending_limit:1:2'),
      );
      await issuer.setCardStatus(card.id, 'inactive', 'card_status:1:3');
      expect(fake.requestsTo('POST', `/v1/issuing/cards/${card.id}`).map((r) => r.headers['idempotency-key'])).toEqual([
        sent('card_spending_limit:1:2'),
        sent('card_status:1:3'),
      ]);
    });

    it('pins the API version it was written for on every request', async () => {
      expect(STRIPE_API_VERSION).toBe('2026-10-28.endive');
      const before = fake.requests.length;
      await newCardholder();
      await issuer.createTopup({ orgId: 7, topupId: 41, amount: 100, description: 'versioned' }, key('topup'));
      expect(fake.requests.slice(before).map((r) => r.headers['stripe-version'])).toEqual([
        STRIPE_API_VERSION,
        STRIPE_API_VERSION,
      ]);
    });

    it('a create repeated with the same key returns the same object and issues once', async () => {
      const cardholderKey = key('cardholder');
      const first = await issuer.createCardholder(cardholderInput(), cardholderKey);
      const again = await issuer.createCardholder(cardholderInput(), cardholderKey);
      expect(again).toEqual(first);

      const cardKey = key('card');
      const input = { orgId: 7, cardholderId: first.id, type: 'virtual' as const, shipping: null, spendingLimit: 900 };
      const card = await issuer.createCard(input, cardKey);
      expect(await issuer.createCard(input, cardKey)).toEqual(card);

      const topupKey = key('topup');
      const topup = await issuer.createTopup({ orgId: 7, topupId: 41, amount: 300, description: 'once' }, topupKey);
      expect(await issuer.createTopup({ orgId: 7, topupId: 41, amount: 300, description: 'once' }, topupKey)).toEqual(
        topup,
      );

      const issued = [...fake.objects.values()];
      expect(issued.filter((o) => o.object === 'issuing.card' && o.cardholder === first.id)).toHaveLength(1);
      expect(issued.filter((o) => o.object === 'topup' && o.description === 'once')).toHaveLength(1);
    });

    it('when the answer to a create is lost, the SDK retries with the same key and gets the same card', async () => {
      const cardholderId = await newCardholder();
      const cardKey = key('card');
      const before = fake.requests.length;
      fake.dropNextResponse();
      const card = await issuer.createCard(
        { orgId: 7, cardholderId, type: 'virtual', shipping: null, spendingLimit: 100 },
        cardKey,
      );

      const attempts = fake.requests.slice(before);
      expect(attempts.length).toBe(2);
      expect(attempts.every((r) => r.headers['idempotency-key'] === sent(cardKey))).toBe(true);
      const cards = [...fake.objects.values()].filter(
        (o) => o.object === 'issuing.card' && o.cardholder === cardholderId,
      );
      expect(cards.map((c) => c.id)).toEqual([card.id]);
    });

    it('a 500 from Stripe is retried with the same key', async () => {
      const topupKey = key('topup');
      const before = fake.requests.length;
      fake.failNext({ status: 500 });
      const topup = await issuer.createTopup(
        { orgId: 7, topupId: 41, amount: 200, description: 'after a 500' },
        topupKey,
      );
      expect(topup.id).toMatch(/^tu_/);
      const attempts = fake.requests.slice(before);
      expect(attempts.map((r) => r.headers['idempotency-key'])).toEqual([sent(topupKey), sent(topupKey)]);
    });

    it('the same key with other parameters is an idempotency error', async () => {
      const topupKey = key('topup');
      await issuer.createTopup({ orgId: 7, topupId: 41, amount: 200, description: 'first' }, topupKey);
      await expect(
        issuer.createTopup({ orgId: 7, topupId: 41, amount: 201, description: 'first' }, topupKey),
      ).rejects.toMatchObject({ statusCode: 400, type: 'idempotency_error' });
    });
  });

  describe('errors', () => {
    it('never carries the secret key, even when the API repeats it', async () => {
      const wrongKey = 'sk_test_wrong_51HxYzAbCdEfGhIjKlMnOp';
      const wrong = createStripeIssuer({
        secretKey: wrongKey,
        idempotencyPrefix: INSTALLATION,
        apiHost: '127.0.0.1',
        apiPort: fake.port,
        apiProtocol: 'http',
      });
      const error = (await wrong
        .createCardholder(cardholderInput(), key('cardholder'))
        .catch((e: unknown) => e)) as StripeIssuerError;
      expect(error).toBeInstanceOf(StripeIssuerError);
      expect(error.statusCode).toBe(401);
      expect(error.message).toMatch(/^Stripe create cardholder failed: Invalid API Key provided/);
      expect(error.message).not.toContain(wrongKey);
      expect(JSON.stringify(error)).not.toContain(wrongKey);
      expect(String(error.stack)).not.toContain(wrongKey);
      expect(error.cause).toBeUndefined();

      fake.failNext({
        status: 400,
        message: `Something about ${SECRET} and card 4000 0012 3456 7899 / 4000001234567899`,
      });
      const echoed = (await issuer
        .setCardStatus('ic_any', 'active', key('status'))
        .catch((e: unknown) => e)) as StripeIssuerError;
      expect(echoed.message).not.toContain(SECRET);
      expect(echoed.message).not.toMatch(/4000\s?0012\s?3456\s?7899/);
      expect(echoed.message).toContain('[redacted');
    });

    it('says what failed and why for an unknown card', async () => {
      await expect(issuer.createEphemeralKey!('ic_missing', fake.ephemeralKeyNonce('ic_missing'))).rejects.toThrow(
        "Stripe create ephemeral key failed: No such card: 'ic_missing' (HTTP 404, resource_missing)",
      );
      await expect(
        issuer.setSpendingControls('ic_missing', { allTimeLimit: 1, ...NO_SPENDING_CONTROLS }, key('limit')),
      ).rejects.toMatchObject({
        statusCode: 404,
        code: 'resource_missing',
        operation: 'set spending controls',
      });
    });

    it('says when Stripe cannot be reached', async () => {
      const gone = await startFakeStripe();
      const { port } = gone;
      await gone.stop();
      const unreachable = createStripeIssuer({
        secretKey: SECRET,
        idempotencyPrefix: INSTALLATION,
        apiHost: '127.0.0.1',
        apiPort: port,
        apiProtocol: 'http',
      });
      const error = (await unreachable
        .createTopup({ orgId: 7, topupId: 41, amount: 1, description: 'x' }, key('topup'))
        .catch((e: unknown) => e)) as StripeIssuerError;
      expect(error.message).toBe('Stripe create top-up failed: could not reach Stripe');
      expect(error.type).toBe('connection_error');
      expect(error.message).not.toContain(SECRET);
    });
  });
});

describe('fake Stripe', () => {
  it('parses bracketed form keys into nested objects and arrays', () => {
    expect(
      parseStripeForm(
        'a=1&billing[address][line1]=1%20Market%20St&spending_limits[0][amount]=5&spending_limits[0][interval]=all_time&spending_limits[1][amount]=6&expand[0]=number&expand[1]=cvc',
      ),
    ).toEqual({
      a: '1',
      billing: { address: { line1: '1 Market St' } },
      spending_limits: [{ amount: '5', interval: 'all_time' }, { amount: '6' }],
      expand: ['number', 'cvc'],
    });
  });

  it("answers a documented operation it doesn't implement with a Stripe-shaped 404, an undocumented one with a 400", async () => {
    const fake = await startFakeStripe();
    try {
      const response = await fetch(`http://127.0.0.1:${fake.port}/v1/issuing/disputes`, {
        headers: { authorization: 'Bearer sk_test_x' },
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: {
          type: 'invalid_request_error',
          message: expect.stringContaining('Unrecognized request URL (GET: /v1/issuing/disputes)'),
        },
      });
      const nope = await fetch(`http://127.0.0.1:${fake.port}/v1/nope`, {
        headers: { authorization: 'Bearer sk_test_x' },
      });
      expect(nope.status).toBe(400);
      expect(await nope.json()).toEqual({
        error: {
          type: 'invalid_request_error',
          message: "GET /v1/nope is not an operation in Stripe's API description (2023-08-16).",
        },
      });
      expect(fake.requests).toHaveLength(2);
    } finally {
      await fake.stop();
    }
  });

  it('never puts a card number into an event', async () => {
    const fake = await startFakeStripe();
    try {
      const issuer = createStripeIssuer({
        secretKey: 'sk_test_x',
        idempotencyPrefix: INSTALLATION,
        apiHost: '127.0.0.1',
        apiPort: fake.port,
        apiProtocol: 'http',
      });
      const { id: cardholderId } = await issuer.createCardholder(cardholderInput(), key('cardholder'));
      const card = await issuer.createCard(
        { orgId: 1, cardholderId, type: 'virtual', shipping: null, spendingLimit: 0 },
        key('card'),
      );
      const event = fake.event('issuing_card.created', fake.objects.get(card.id)!);
      expect(event).toMatchObject({
        object: 'event',
        type: 'issuing_card.created',
        data: { object: { id: card.id, object: 'issuing.card', cardholder: { id: cardholderId } } },
      });
      expect((event.data as { object: Record<string, unknown> }).object).not.toHaveProperty('number');
      expect((event.data as { object: Record<string, unknown> }).object).not.toHaveProperty('cvc');
    } finally {
      await fake.stop();
    }
  });
});
