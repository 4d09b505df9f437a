import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from './fake-stripe.js';
import { stripeSpec } from './openapi-check.js';

const SECRET = 'sk_test_openapi_check';

describe("the fake Stripe checks every request against Stripe's OpenAPI description", () => {
  let fake: FakeStripe;
  const post = (path: string, form: Record<string, string>) =>
    fetch(`http://127.0.0.1:${fake.port}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  const get = (path: string) =>
    fetch(`http://127.0.0.1:${fake.port}${path}`, { headers: { authorization: `Bearer ${SECRET}` } });
  const cardholderForm = {
    type: 'individual',
    name: 'Ada Lovelace',
    'billing[address][line1]': '1 Market St',
    'billing[address][city]': 'San Francisco',
    'billing[address][state]': 'CA',
    'billing[address][postal_code]': '94105',
    'billing[address][country]': 'US',
  };

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET });
  });
  afterAll(() => fake.stop());

  it('reads the description of the version in SOURCE.json', () => {
    expect(stripeSpec().version).toBe('2023-08-16');
    expect(stripeSpec().operation('POST', '/v1/issuing/cards/ic_123')).toEqual({
      operationId: 'PostIssuingCardsCard',
      path: '/v1/issuing/cards/{card}',
    });
    expect(stripeSpec().operation('POST', '/v1/ephemeral_keys')).toEqual({
      operationId: 'PostEphemeralKeys',
      path: '/v1/ephemeral_keys',
    });
  });

  it('accepts a documented request', async () => {
    const response = await post('/v1/issuing/cardholders', { ...cardholderForm, 'metadata[org_id]': '7' });
    expect(response.status).toBe(200);
  });

  it('refuses an undocumented parameter with a 400 naming the operation and the parameter', async () => {
    const response = await post('/v1/issuing/cardholders', { ...cardholderForm, nickname: 'Ada' });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { type: string; message: string; param: string } };
    expect(error.type).toBe('invalid_request_error');
    expect(error.param).toBe('nickname');
    expect(error.message).toBe(
      'PostIssuingCardholders (POST /v1/issuing/cardholders): parameter nickname is not documented.',
    );
  });

  it('refuses an undocumented nested parameter', async () => {
    const response = await post('/v1/issuing/cardholders', { ...cardholderForm, 'billing[address][county]': 'SF' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
      'parameter billing[address][county] is not documented',
    );
  });

  it('refuses an enum value the description does not allow', async () => {
    const holder = (await (await post('/v1/issuing/cardholders', cardholderForm)).json()) as { id: string };
    const response = await post('/v1/issuing/cards', {
      cardholder: holder.id,
      currency: 'usd',
      type: 'virtual',
      'spending_controls[spending_limits][0][amount]': '100',
      'spending_controls[spending_limits][0][interval]': 'fortnightly',
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { message: string; param: string } };
    expect(error.param).toBe('spending_controls[spending_limits][0][interval]');
    expect(error.message).toContain(
      "PostIssuingCards (POST /v1/issuing/cards): parameter spending_controls[spending_limits][0][interval] has the value 'fortnightly', which is not one of",
    );
  });

  it('refuses a value of the wrong type', async () => {
    const response = await post('/v1/topups', { amount: 'ten', currency: 'usd' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      "PostTopups (POST /v1/topups): parameter amount must be an integer, not 'ten'.",
    );
  });

  it('refuses an undocumented query parameter and an undocumented operation', async () => {
    const query = await get('/v1/issuing/cards/ic_123?include[0]=number');
    expect(query.status).toBe(400);
    expect(((await query.json()) as { error: { message: string } }).error.message).toBe(
      'GetIssuingCardsCard (GET /v1/issuing/cards/{card}): parameter include is not documented.',
    );
    const operation = await post('/v1/issuing/cards/ic_123/reveal', {});
    expect(operation.status).toBe(400);
    expect(((await operation.json()) as { error: { message: string } }).error.message).toBe(
      "POST /v1/issuing/cards/ic_123/reveal is not an operation in Stripe's API description (2023-08-16).",
    );
  });

  it('allows only the listed undocumented parameter: destination_balance on POST /v1/topups', async () => {
    expect((await post('/v1/topups', { amount: '500', currency: 'usd', destination_balance: 'issuing' })).status).toBe(
      200,
    );
    expect((await post('/v1/topups', { amount: '500', currency: 'usd', destination_account: 'issuing' })).status).toBe(
      400,
    );
  });
});
