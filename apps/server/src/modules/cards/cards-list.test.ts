import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZES } from '@wallet/contract';
import type { TestClient } from '../../test/client.js';
import { useTestApp } from '../../test/context.js';
import { TEST_PASSWORD } from '../../test/factories.js';
import { addUser, setupOrg } from '../../test/helpers.js';
import { acceptTermsInDb, activateCard, createCard, fundCard, shippingBody, topUp } from '../../test/card-factories.js';

const ctx = useTestApp();

/**
 * One organisation for the whole file: Ann Zed (3 cards: 2 virtual, 1 physical; one active and funded), Bob Young
 * (2 cards), Cara Xu (1 card, recently used), the setup member Mia Member (1 card), and 5 more cards for Mia so
 * there are 12 in all. Another organisation has its own card.
 */
let org: Awaited<ReturnType<typeof setupOrg>>;
let other: Awaited<ReturnType<typeof setupOrg>>;
const people: Record<'ann' | 'bob' | 'cara', { id: number; email: string }> = {} as never;
const cards: Record<string, number> = {};
let otherCard: number;
let annClient: TestClient;

const ids = (response: { json(): { data: Array<{ id: number }> } }) => response.json().data.map((card) => card.id);
const list = (client: TestClient, query: string) => client.get(`/api/cards${query ? `?${query}` : ''}`);

beforeAll(async () => {
  org = await setupOrg(ctx);
  other = await setupOrg(ctx);
  const orgId = org.organization.id;
  people.ann = await addUser(ctx.db, orgId, 'wallet-user', { first_name: 'Ann', last_name: 'Zed' });
  people.bob = await addUser(ctx.db, orgId, 'wallet-user', { first_name: 'Bob', last_name: 'Young' });
  people.cara = await addUser(ctx.db, orgId, 'wallet-user', { first_name: 'Cara', last_name: 'Xu' });
  await acceptTermsInDb(ctx.db, people.ann.id);
  await topUp(org.adminClient, 50_000);
  const make = async (name: string, userId: number, overrides: Record<string, unknown> = {}) => {
    cards[name] = (await createCard(org.adminClient, userId, overrides)).id;
  };
  await make('ann1', people.ann.id);
  await make('ann2', people.ann.id, { type: 'physical', shipping: shippingBody });
  await make('ann3', people.ann.id);
  await make('bob1', people.bob.id);
  await make('bob2', people.bob.id);
  await make('cara1', people.cara.id);
  await make('mia1', org.member.id);
  for (let index = 2; index <= 6; index++) await make(`mia${index}`, org.member.id);
  await fundCard(org.adminClient, cards.ann1!, 12_000);
  await activateCard(org.adminClient, cards.ann1!);
  await ctx.db
    .updateTable('cards')
    .set({ last_used_at: new Date(Date.now() - 60_000) })
    .where('id', '=', cards.cara1!)
    .execute();
  await ctx.db.updateTable('cards').set({ last_used_at: new Date() }).where('id', '=', cards.bob2!).execute();
  otherCard = (await createCard(other.adminClient, other.member.id)).id;
  annClient = await ctx.client(org.host).signIn(people.ann.email, TEST_PASSWORD);
});

describe('GET /api/cards', () => {
  it("pages 8 by default, newest first, with meta; page 2 has the rest; another organisation's cards never appear", async () => {
    const first = await list(org.adminClient, '');
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({ total: 12, current_page: 1, per_page: PAGE_SIZES.cards, last_page: 2 });
    expect(PAGE_SIZES.cards).toBe(8);
    expect(ids(first)).toHaveLength(8);
    expect(ids(first)[0]).toBe(cards.mia6);
    const second = await list(org.adminClient, 'page[number]=2');
    expect(ids(second)).toHaveLength(4);
    expect(ids(second).at(-1)).toBe(cards.ann1);
    expect([...ids(first), ...ids(second)]).not.toContain(otherCard);
    expect(ids(await list(org.adminClient, 'page[size]=96'))).toHaveLength(12);
  });

  it('includes the user and pending holds when asked', async () => {
    const response = await list(
      org.adminClient,
      'include=user,pendingIssuingAuthorizationHolds&filter[user_id]=' + people.ann.id,
    );
    const data = response.json().data;
    expect(data).toHaveLength(3);
    expect(data[0]).toMatchObject({
      user: { id: people.ann.id, name: 'Ann Zed', email: people.ann.email },
      pending_issuing_authorization_holds: [],
    });
    const plain = (await list(org.adminClient, 'filter[user_id]=' + people.ann.id)).json().data[0];
    expect(plain.user).toBeUndefined();
    expect(plain.pending_issuing_authorization_holds).toBeUndefined();
  });

  it('filters by holder name with spaces removed and a comma list', async () => {
    expect(ids(await list(org.adminClient, 'filter[name]=' + encodeURIComponent('Ann Zed'))).sort()).toEqual(
      [cards.ann1, cards.ann2, cards.ann3].sort(),
    );
    expect(ids(await list(org.adminClient, 'filter[name]=annz'))).toHaveLength(3);
    expect(ids(await list(org.adminClient, 'filter[name]=' + encodeURIComponent('bob young, cara'))).sort()).toEqual(
      [cards.bob1, cards.bob2, cards.cara1].sort(),
    );
    expect((await list(org.adminClient, 'filter[name]=nobody')).json()).toMatchObject({ data: [], meta: { total: 0 } });
    expect(ids(await list(org.adminClient, 'filter[name]=' + encodeURIComponent('100%')))).toEqual([]);
  });

  it('filters by status, type and user_id, and combines filters', async () => {
    expect(ids(await list(org.adminClient, 'filter[status]=active'))).toEqual([cards.ann1]);
    expect((await list(org.adminClient, 'filter[status]=inactive')).json().meta.total).toBe(11);
    expect(ids(await list(org.adminClient, 'filter[type]=physical'))).toEqual([cards.ann2]);
    expect(ids(await list(org.adminClient, `filter[user_id]=${people.bob.id}`)).sort()).toEqual(
      [cards.bob1, cards.bob2].sort(),
    );
    expect(
      ids(await list(org.adminClient, `filter[user_id]=${people.ann.id}&filter[type]=virtual&filter[status]=inactive`)),
    ).toEqual([cards.ann3]);
    expect(ids(await list(org.adminClient, `filter[name]=bob&filter[user_id]=${people.ann.id}`))).toEqual([]);
  });

  it('filter[recently_used]=true lists used cards, most recent first', async () => {
    expect(ids(await list(org.adminClient, 'filter[recently_used]=true'))).toEqual([cards.bob2, cards.cara1]);
  });

  it('sorts by user name both ways, and by other columns', async () => {
    const byUser = (await list(org.adminClient, 'sort=user&page[size]=96&include=user'))
      .json()
      .data.map((card: { user: { name: string } }) => card.user.name);
    expect([...new Set(byUser)]).toEqual(['Ann Zed', 'Bob Young', 'Cara Xu', 'Mia Member']);
    const byUserDesc = (await list(org.adminClient, 'sort=-user&page[size]=96&include=user'))
      .json()
      .data.map((card: { user: { name: string } }) => card.user.name);
    expect([...new Set(byUserDesc)]).toEqual(['Mia Member', 'Cara Xu', 'Bob Young', 'Ann Zed']);
    expect(ids(await list(org.adminClient, 'sort=-spending_limit'))[0]).toBe(cards.ann1);
    expect(ids(await list(org.adminClient, 'sort=type,created_at&page[size]=96')).at(-1)).toBe(cards.mia6);
    expect(ids(await list(org.adminClient, 'sort=type'))[0]).toBe(cards.ann2);
    expect(ids(await list(org.adminClient, 'sort=-type&page[size]=96')).at(-1)).toBe(cards.ann2);
    expect(ids(await list(org.adminClient, 'sort=status'))[0]).toBe(cards.ann1);
    expect(ids(await list(org.adminClient, 'sort=created_at'))[0]).toBe(cards.ann1);
    expect(ids(await list(org.adminClient, 'sort=-last_used_at')).slice(0, 2)).toEqual([cards.bob2, cards.cara1]);
    for (const sort of ['last4', 'name', '-name'])
      expect((await list(org.adminClient, `sort=${sort}`)).statusCode).toBe(200);
  });

  it('answers 400 for an unknown filter, sort or include, and 422 for a bad filter value or page size', async () => {
    expect((await list(org.adminClient, 'filter[colour]=red')).statusCode).toBe(400);
    expect((await list(org.adminClient, 'sort=secret')).statusCode).toBe(400);
    expect((await list(org.adminClient, 'include=transactions')).statusCode).toBe(400);
    expect((await list(org.adminClient, 'filter[status]=frozen')).statusCode).toBe(422);
    expect((await list(org.adminClient, 'filter[type]=metal')).statusCode).toBe(422);
    expect((await list(org.adminClient, 'filter[user_id]=abc')).statusCode).toBe(422);
    expect((await list(org.adminClient, 'page[size]=500')).statusCode).toBe(422);
  });

  it('shows a member only their own cards, whatever they filter on', async () => {
    expect(ids(await list(annClient, '')).sort()).toEqual([cards.ann1, cards.ann2, cards.ann3].sort());
    expect(ids(await list(annClient, `filter[user_id]=${people.bob.id}`))).toEqual([]);
    expect(ids(await list(annClient, 'filter[name]=bob'))).toEqual([]);
    expect(ids(await list(annClient, 'filter[recently_used]=true'))).toEqual([]);
  });

  it('answers 401 signed out', async () => {
    expect((await list(org.anonymous, '')).statusCode).toBe(401);
  });
});

describe('GET /api/users/{id}/cards', () => {
  it("lists that user's cards for an admin and for the user; 404 for another member, another organisation's user, or unknown; 401 signed out", async () => {
    const response = await org.adminClient.get(
      `/api/users/${people.ann.id}/cards?include=user,pendingIssuingAuthorizationHolds&page[number]=1&page[size]=10`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().meta).toMatchObject({ total: 3, per_page: 10 });
    expect(response.json().data[0].user.id).toBe(people.ann.id);
    expect((await annClient.get(`/api/users/${people.ann.id}/cards`)).json().meta.total).toBe(3);
    expect((await annClient.get(`/api/users/${people.bob.id}/cards`)).statusCode).toBe(404);
    expect((await org.adminClient.get(`/api/users/${other.member.id}/cards`)).statusCode).toBe(404);
    expect((await org.adminClient.get('/api/users/999999/cards')).statusCode).toBe(404);
    expect((await org.anonymous.get(`/api/users/${people.ann.id}/cards`)).statusCode).toBe(401);
    // A user filter can't widen the path's user.
    expect(
      ids(await org.adminClient.get(`/api/users/${people.ann.id}/cards?filter[user_id]=${people.bob.id}`)),
    ).toEqual([]);
  });
});

describe('GET /api/users/{id}/cards/analytics', () => {
  it("sums the user's spending limits and pending holds", async () => {
    const response = await annClient.get(`/api/users/${people.ann.id}/cards/analytics?filter[available_to_spend]=1`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      cards_count: 3,
      cards_sum_spending_limit: 12_000,
      issuing_authorization_holds_sum_amount: 0,
      available_to_spend: 12_000,
    });
    expect(
      (await org.adminClient.get(`/api/users/${people.bob.id}/cards/analytics?filter[available_to_spend]=1`)).json()
        .data,
    ).toMatchObject({ cards_count: 2, cards_sum_spending_limit: 0 });
  });

  it("404 for another member or another organisation's user, 401 signed out", async () => {
    expect(
      (await annClient.get(`/api/users/${people.bob.id}/cards/analytics?filter[available_to_spend]=1`)).statusCode,
    ).toBe(404);
    expect(
      (await org.adminClient.get(`/api/users/${other.member.id}/cards/analytics?filter[available_to_spend]=1`))
        .statusCode,
    ).toBe(404);
    expect(
      (await org.anonymous.get(`/api/users/${people.ann.id}/cards/analytics?filter[available_to_spend]=1`)).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/users/{id}/cardholder', () => {
  it('gives the cardholder details to an admin and the user; null for someone who is not a cardholder', async () => {
    const response = await annClient.get(`/api/users/${people.ann.id}/cardholder`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      stripe_cardholder_id: expect.stringMatching(/^ich_sim_/),
      stripe_cardholder_details: {
        name: 'Mia Member',
        individual: { first_name: 'Mia', last_name: 'Member' },
        billing: {
          name: 'Mia Member',
          address: {
            line1: '1 Market St',
            line2: 'Suite 5',
            city: 'San Francisco',
            state: 'CA',
            postal_code: '94105',
            country: 'US',
          },
        },
      },
    });
    expect((await org.adminClient.get(`/api/users/${people.ann.id}/cardholder`)).statusCode).toBe(200);
    expect((await org.adminClient.get(`/api/users/${org.admin.id}/cardholder`)).json()).toEqual({ data: null });
  });

  it("404 for another member or another organisation's user, 401 signed out", async () => {
    expect((await annClient.get(`/api/users/${people.bob.id}/cardholder`)).statusCode).toBe(404);
    expect((await org.adminClient.get(`/api/users/${other.member.id}/cardholder`)).statusCode).toBe(404);
    expect((await org.anonymous.get(`/api/users/${people.ann.id}/cardholder`)).statusCode).toBe(401);
  });
});

describe('POST /api/issuing-tos-acceptances/accept', () => {
  it('records the acceptance on the user; 409 for someone who is not a cardholder; 401 signed out', async () => {
    const bobClient = await ctx.client(org.host).signIn(people.bob.email, TEST_PASSWORD);
    const accepted = await bobClient.post('/api/issuing-tos-acceptances/accept', { issuer: 'stripe' });
    expect(accepted.statusCode).toBe(201);
    const bob = await ctx.db
      .selectFrom('users')
      .select('issuing_tos_accepted_at')
      .where('id', '=', people.bob.id)
      .executeTakeFirstOrThrow();
    expect(bob.issuing_tos_accepted_at?.toISOString()).toBe(accepted.json().data.accepted_at);
    expect((await org.adminClient.post('/api/issuing-tos-acceptances/accept', { issuer: 'stripe' })).statusCode).toBe(
      409,
    );
    expect((await org.anonymous.post('/api/issuing-tos-acceptances/accept', { issuer: 'stripe' })).statusCode).toBe(
      401,
    );
  });
});
