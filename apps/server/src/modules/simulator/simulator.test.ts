import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { useTestApp } from '../../test/context.js';
import { TestClient } from '../../test/client.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { acceptTermsInDb, activateCard, createCard, fundCard, topUp } from '../../test/card-factories.js';

/** POST /api/simulator/purchases and the authorisation actions (ARCHITECTURE.md D9): who may, and what is refused. */
const ctx = useTestApp();

async function setup() {
  const { organization, admin, host } = await makeOrganization(ctx.db);
  const member = await makeUser(ctx.db, organization.id, 'wallet-user');
  await acceptTermsInDb(ctx.db, member.id);
  const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
  await topUp(client, 1_000_000);
  const card = await createCard(client, member.id);
  await fundCard(client, card.id, 10_000);
  await activateCard(client, card.id);
  const memberClient = await ctx.client(host).signIn(member.email, TEST_PASSWORD);
  return { client, memberClient, card, host, orgId: organization.id };
}

const purchase = (client: TestClient, body: Record<string, unknown>) => client.post('/api/simulator/purchases', body);

describe('POST /api/simulator/purchases', () => {
  it('stores the merchant and wallet given, or a realistic merchant when none is', async () => {
    const { client, card } = await setup();
    const merchant = {
      name: 'Figma',
      category: 'computer_software_stores',
      category_code: '5734',
      city: 'San Francisco',
      state: 'CA',
      postal_code: '94107',
      country: 'US',
      url: 'figma.com',
    };
    const response = await purchase(client, {
      card_id: card.id,
      amount: 1_500,
      merchant,
      wallet: 'google_pay',
      capture: 'never',
    });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({ approved: true, decline_reason: null, explanation: null, expense_id: null });
    expect(data.authorization_id).toMatch(/^iauth_sim_[0-9a-f]{20}$/);
    const hold = await ctx.db
      .selectFrom('authorization_holds')
      .selectAll()
      .where('provider_authorization_id', '=', data.authorization_id)
      .executeTakeFirstOrThrow();
    expect(hold).toMatchObject({ merchant_data: merchant, wallet: 'google_pay', status: 'pending', amount: 1_500 });
    expect(Math.abs(hold.stripe_created - Date.now() / 1000)).toBeLessThan(60);

    const random = (await purchase(client, { card_id: card.id, amount: 100 })).json().data;
    const randomHold = await ctx.db
      .selectFrom('authorization_holds')
      .selectAll()
      .where('provider_authorization_id', '=', random.authorization_id)
      .executeTakeFirstOrThrow();
    expect(randomHold.merchant_data.name).toBeTruthy();
    expect(randomHold.merchant_data.category_code).toMatch(/^\d{4}$/);
  });

  it("refuses members, bad amounts, unknown fields values and other organisations' cards", async () => {
    const { client, memberClient, card } = await setup();
    expect((await purchase(memberClient, { card_id: card.id, amount: 100 })).statusCode).toBe(403);
    for (const amount of [0, -1, 1.5, '100', null, 1e12]) {
      const response = await purchase(client, { card_id: card.id, amount });
      expect({ amount, status: response.statusCode }).toEqual({ amount, status: 422 });
    }
    expect((await purchase(client, { card_id: card.id, amount: 100, wallet: 'paypal' })).statusCode).toBe(422);
    expect((await purchase(client, { card_id: card.id, amount: 100, capture: 'soon' })).statusCode).toBe(422);
    expect((await purchase(client, { card_id: card.id, amount: 100, merchant: { name: '' } })).statusCode).toBe(422);
    expect((await purchase(client, { card_id: 999_999, amount: 100 })).statusCode).toBe(404);
    const elsewhere = await setup();
    expect((await purchase(client, { card_id: elsewhere.card.id, amount: 100 })).statusCode).toBe(404);
    expect(
      await ctx.db.selectFrom('authorization_holds').select('id').where('card_id', '=', card.id).execute(),
    ).toEqual([]);
  });
});

describe('/api/simulator/authorizations/{id}/...', () => {
  it('refuses what a real issuer never sends: capturing a decline or a closed authorisation, refunding before a capture', async () => {
    const { client, card } = await setup();
    const declined = (await purchase(client, { card_id: card.id, amount: 10_001 })).json().data;
    expect(declined).toMatchObject({ approved: false, decline_reason: 'insufficient_funds' });
    expect(
      (await client.post(`/api/simulator/authorizations/${declined.authorization_id}/capture`, {})).statusCode,
    ).toBe(409);

    const pending = (await purchase(client, { card_id: card.id, amount: 2_000 })).json().data.authorization_id;
    expect((await client.post(`/api/simulator/authorizations/${pending}/refund`, { amount: 100 })).statusCode).toBe(
      409,
    );
    expect(
      (await client.post(`/api/simulator/authorizations/${pending}/increment`, { amount: 2_500 })).json().data,
    ).toEqual({ approved: true, reason: null });
    expect((await client.post(`/api/simulator/authorizations/${pending}/capture`, {})).statusCode).toBe(200);
    expect((await client.post(`/api/simulator/authorizations/${pending}/capture`, {})).statusCode).toBe(409);
    expect((await client.post(`/api/simulator/authorizations/${pending}/expire`)).statusCode).toBe(409);
    const card_ = (await client.get(`/api/cards/${card.id}`)).json().data;
    expect(card_).toMatchObject({ spending_limit: 7_500, issuing_holds_amount: 0 });

    expect((await client.post('/api/simulator/authorizations/iauth_123/capture', {})).statusCode).toBe(422);
    expect(
      (await client.post(`/api/simulator/authorizations/iauth_sim_${'0'.repeat(20)}/capture`, {})).statusCode,
    ).toBe(404);
    const elsewhere = await setup();
    expect(
      (await elsewhere.client.post(`/api/simulator/authorizations/${pending}/refund`, { amount: 100 })).statusCode,
    ).toBe(404);
  });

  it('posts one capture when two race for the same authorisation', async () => {
    const { client, card } = await setup();
    const id = (await purchase(client, { card_id: card.id, amount: 3_000 })).json().data.authorization_id;
    const answers = await Promise.all(
      [1, 2, 3].map(() => client.post(`/api/simulator/authorizations/${id}/capture`, {})),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await ctx.db.selectFrom('expenses').select('amount').where('card_id', '=', card.id).execute()).toEqual([
      { amount: 3_000 },
    ]);
    expect((await client.get(`/api/cards/${card.id}`)).json().data).toMatchObject({
      spending_limit: 7_000,
      issuing_holds_amount: 0,
    });
  });

  it('does not exist in production', async () => {
    const { host } = await setup();
    const config = { ...ctx.config, NODE_ENV: 'production' as const };
    const app = await buildApp({ ...ctx.deps, config });
    try {
      const client = new TestClient(app, host);
      const response = await client.post('/api/simulator/purchases', { card_id: 1, amount: 100 });
      expect(response.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
