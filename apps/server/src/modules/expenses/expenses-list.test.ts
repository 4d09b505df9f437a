import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { parseExpenseQuery } from './criteria.js';
import { countExpenses } from './repo.js';
import { otherOrganisation, spendWorld, type SpendWorld } from '../analytics/test-fixtures.js';

/**
 * GET /api/expenses (the All Transactions table, PRODUCT.md §2) and PATCH /api/expenses/{id} (inline notes). The world's
 * transactions, newest first (see spendWorld):
 *   700 Mia Jun 1 | 4,000 Ned Apr 30 | -250 Mia Mar 15 (refund) | 3,000 Mia Feb 3 | 500 Ned Feb 1 noon | 2,000 Mia Feb 1 | 1,000 Mia Jan 31
 */
const ctx = useTestApp();
let world: SpendWorld;
let other: Awaited<ReturnType<typeof otherOrganisation>>;
let ids: Map<number, number>;
let last4: { mia: string; ned: string };

type Listed = {
  id: number;
  amount: number;
  notes: string | null;
  user?: { id: number; name: string };
  wallet_category?: unknown;
  team?: unknown;
  wallet_card: { id: number; last4: string };
};

const list = async (query: string, client = world.admin) => {
  const response = await client.get(`/api/expenses${query ? `?${query}` : ''}`);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return response.json() as {
    data: Listed[];
    meta: { total: number; current_page: number; per_page: number; last_page: number };
  };
};
const amountsOf = async (query: string, client = world.admin) =>
  (await list(query, client)).data.map((row) => row.amount);
const patch = (id: number, body: unknown, client = world.admin) => client.request('PATCH', `/api/expenses/${id}`, body);

beforeAll(async () => {
  world = await spendWorld(ctx);
  other = await otherOrganisation(ctx);
  const rows = (await list('page[size]=50')).data;
  ids = new Map(rows.map((row) => [row.amount, row.id]));
  last4 = {
    mia: rows.find((row) => row.amount === 700)!.wallet_card.last4,
    ned: rows.find((row) => row.amount === 4_000)!.wallet_card.last4,
  };
  expect((await patch(ids.get(4_000)!, { notes: 'Airport taxi' })).statusCode).toBe(200);
  expect((await patch(ids.get(2_000)!, { notes: 'booked for the offsite' })).statusCode).toBe(200);
}, 60_000);

describe('GET /api/expenses', () => {
  it('lists the organisation newest first, 10 a page, with holder, card, category and team when included', async () => {
    const body = await list('include=user,walletCard,walletCategory,team');
    expect(body.data.map((row) => row.amount)).toEqual([700, 4_000, -250, 3_000, 500, 2_000, 1_000]);
    expect(body.meta).toEqual({ total: 7, current_page: 1, per_page: 10, last_page: 1 });
    const refund = body.data[2]!;
    expect(refund).toMatchObject({
      type: 'refund',
      wallet: null,
      merchant_data: { name: 'Sweetgreen', category: 'eating_places_restaurants', category_code: '5812' },
      user: { id: world.mia.id, name: 'Mia Member' },
      wallet_card: { id: world.mia.cardId, last4: last4.mia },
      wallet_category: { id: world.categories.get('Meals'), name: 'Meals' },
      team: { id: world.team.id, name: 'Alpha', color: '#1677FF' },
    });
    expect(body.data[4]).toMatchObject({
      amount: 500,
      wallet: 'google_pay',
      wallet_category: null,
      team: null,
      wallet_category_id: null,
      team_id: null,
    });
    expect(typeof refund.id).toBe('number');
    const bare = (await list('')).data[0]!;
    expect(bare).not.toHaveProperty('user');
    expect(bare).not.toHaveProperty('team');
    expect(bare.wallet_card).toEqual({
      id: world.mia.cardId,
      last4: last4.mia,
      name: expect.any(String),
      nickname: null,
    });
    // A card's nickname names it in the list (issue 20.4).
    await world.admin.patch(`/api/cards/${world.mia.cardId}`, { nickname: 'Coffee run' });
    expect((await list('')).data[0]!.wallet_card).toMatchObject({ id: world.mia.cardId, nickname: 'Coffee run' });
    await world.admin.patch(`/api/cards/${world.mia.cardId}`, { nickname: null });
  });

  it('filters by UTC days (both included), type, digital wallet, holder and card', async () => {
    expect(await amountsOf('filter[between]=day,2025-02-01,2025-02-03')).toEqual([3_000, 500, 2_000]);
    expect(await amountsOf('filter[between]=day,2025-01-31,2025-01-31')).toEqual([1_000]);
    expect(await amountsOf('filter[between]=2025-04-30,2025-06-01')).toEqual([700, 4_000]);
    expect(await amountsOf('filter[type]=refund')).toEqual([-250]);
    expect((await list('filter[type]=capture,refund')).meta.total).toBe(7);
    expect(await amountsOf('filter[wallet]=apple_pay,google_pay')).toEqual([500, 1_000]);
    expect(await amountsOf(`filter[user_id]=${world.ned.id}`)).toEqual([4_000, 500]);
    expect(
      await amountsOf(
        `filter[card_id]=${world.mia.cardId}&filter[type]=capture&filter[between]=day,2025-02-01,2025-12-31`,
      ),
    ).toEqual([700, 3_000, 2_000]);
    expect((await list(`filter[user_id]=${world.ned.id}&filter[between]=day,2025-02-01,2025-02-28`)).meta.total).toBe(
      1,
    );
  });

  it.each([
    ['Blue BOTTLE', [700, 1_000]],
    ['ned', [4_000, 500]],
    ['Mia Member', [700, -250, 3_000, 2_000, 1_000]],
    ['travel', [4_000, 2_000]],
    ['alpha', [700, -250, 3_000, 2_000, 1_000]],
    ['uncategor', [500]],
    ['offsite', [2_000]],
    ['apple', [1_000]],
    ['refund', [-250]],
    ['air_carriers', [4_000, 2_000]],
    ['%', []],
  ])('searches merchant, holder, category, team, notes, wallet and type: %s', async (text, expected) => {
    const body = await list(`filter[custom_search]=${encodeURIComponent(text)}`);
    expect(body.data.map((row) => row.amount)).toEqual(expected);
    expect(body.meta.total).toBe(expected.length);
  });

  it("searches the card's last four digits", async () => {
    const rows = await amountsOf(`filter[custom_search]=${last4.ned}`);
    expect(rows).toEqual(expect.arrayContaining([4_000, 500]));
  });

  it.each([
    ['amount', [-250, 500, 700, 1_000, 2_000, 3_000, 4_000]],
    ['-amount', [4_000, 3_000, 2_000, 1_000, 700, 500, -250]],
    ['posted_date', [1_000, 2_000, 500, 3_000, -250, 4_000, 700]],
    ['cardholder', [700, -250, 3_000, 2_000, 1_000, 4_000, 500]],
    ['-cardholder', [4_000, 500, 700, -250, 3_000, 2_000, 1_000]],
    ['merchant', [700, 1_000, 2_000, 500, -250, 3_000, 4_000]],
    ['-merchant', [4_000, -250, 3_000, 500, 2_000, 700, 1_000]],
    ['category', [700, -250, 3_000, 1_000, 4_000, 2_000, 500]],
    ['-category', [4_000, 2_000, 700, -250, 3_000, 1_000, 500]],
    ['team', [700, -250, 3_000, 2_000, 1_000, 4_000, 500]],
    ['type', [700, 4_000, 3_000, 500, 2_000, 1_000, -250]],
    ['-type', [-250, 700, 4_000, 3_000, 500, 2_000, 1_000]],
    ['wallet', [1_000, 500, 700, 4_000, -250, 3_000, 2_000]],
    ['-wallet', [500, 1_000, 700, 4_000, -250, 3_000, 2_000]],
    ['notes', [4_000, 2_000, 700, -250, 3_000, 500, 1_000]],
    ['-notes', [2_000, 4_000, 700, -250, 3_000, 500, 1_000]],
    ['cardholder,-amount', [3_000, 2_000, 1_000, 700, -250, 4_000, 500]],
  ])('sorts on the server: %s (empty values last, ties newest first)', async (sort, expected) => {
    expect(await amountsOf(`sort=${sort}`)).toEqual(expected);
  });

  it('sorts by card number', async () => {
    const miaFirst = last4.mia < last4.ned;
    const mia = [700, -250, 3_000, 2_000, 1_000];
    const ned = [4_000, 500];
    expect(await amountsOf('sort=card')).toEqual(miaFirst ? [...mia, ...ned] : [...ned, ...mia]);
    expect(await amountsOf('sort=-card')).toEqual(miaFirst ? [...ned, ...mia] : [...mia, ...ned]);
  });

  it('counts a search up to a limit and says the total is a lower bound past it', async () => {
    // Mia's five transactions; the table's count stops at EXPENSE_COUNT_LIMIT (10,000), here at 3.
    const { criteria } = await parseExpenseQuery(
      ctx.db,
      world.orgId,
      { id: 0, roles: ['super-admin'] },
      { 'filter[custom_search]': 'mia' },
    );
    expect(await countExpenses(ctx.db, criteria, 3)).toEqual({ total: 3, complete: false });
    expect(await countExpenses(ctx.db, criteria, 5)).toEqual({ total: 5, complete: true });
    const body = await list('filter[custom_search]=mia');
    expect(body.meta).toEqual({ total: 5, current_page: 1, per_page: 10, last_page: 1 });
  });

  it("counts a holder's search past the limit from the ids alone, and text matches when the ids fall short", async () => {
    const criteriaOf = async (search: string, filters: Record<string, string> = {}) =>
      (
        await parseExpenseQuery(
          ctx.db,
          world.orgId,
          { id: 0, roles: ['super-admin'] },
          {
            'filter[custom_search]': search,
            ...filters,
          },
        )
      ).criteria;
    // 'mia' names Mia (five transactions): past 4 without reading a row's text.
    expect(await countExpenses(ctx.db, await criteriaOf('mia'), 4)).toEqual({ total: 4, complete: false });
    // Her refunds only: one, not past the limit; counted exactly, text and ids together.
    expect(await countExpenses(ctx.db, await criteriaOf('mia', { 'filter[type]': 'refund' }), 4)).toEqual({
      total: 1,
      complete: true,
    });
  });

  it('pages with meta', async () => {
    const body = await list('page[size]=3&page[number]=2');
    expect(body.data.map((row) => row.amount)).toEqual([3_000, 500, 2_000]);
    expect(body.meta).toEqual({ total: 7, current_page: 2, per_page: 3, last_page: 3 });
    expect((await list('page[size]=3&page[number]=9')).data).toEqual([]);
    // Sorted by holder, a page is read holder by holder: the same rows as one sort would give.
    expect(await amountsOf('sort=cardholder&page[size]=3&page[number]=2')).toEqual([2_000, 1_000, 4_000]);
    expect(await amountsOf('sort=-card&page[size]=2&page[number]=4')).toEqual(last4.mia < last4.ned ? [1_000] : [500]);
    expect(await amountsOf('sort=category&page[size]=3&page[number]=3')).toEqual([500]);
    expect(await amountsOf('sort=-notes&page[size]=3&page[number]=1')).toEqual([2_000, 4_000, 700]);
    expect(await amountsOf('sort=-wallet&page[size]=3&page[number]=2')).toEqual([4_000, -250, 3_000]);
    expect(
      await amountsOf(`sort=cardholder&filter[type]=capture&filter[between]=day,2025-02-01,2025-12-31&page[size]=4`),
    ).toEqual([700, 3_000, 2_000, 4_000]);
  });

  it('members see only their own transactions, whatever they filter on', async () => {
    expect(await amountsOf('', world.mia.client)).toEqual([700, -250, 3_000, 2_000, 1_000]);
    expect(await amountsOf(`filter[user_id]=${world.ned.id}`, world.mia.client)).toEqual([]);
    expect(await amountsOf(`filter[card_id]=${world.ned.cardId}`, world.mia.client)).toEqual([]);
    expect((await list('filter[custom_search]=ned', world.mia.client)).meta.total).toBe(0);
  });

  it("another organisation's transactions never show", async () => {
    expect(await amountsOf('', other.client)).toEqual([99_999]);
    expect(await amountsOf(`filter[card_id]=${other.cardId}`)).toEqual([]);
  });

  it.each([
    ['filter[between]=day,2025-03-01,2025-02-01', 422, 'on or before'],
    ['filter[between]=day,2025-02-30,2025-03-01', 422, 'real dates'],
    ['filter[between]=week,2025-02-01,2025-03-01', 422, 'real dates'],
    ['filter[type]=purchase', 422, 'Unknown type: purchase'],
    ['filter[wallet]=apple_pay,paypal', 422, 'Unknown wallet: paypal'],
    ['filter[user_id]=abc', 422, ''],
    ['filter[nope]=1', 400, 'Unknown filter: nope.'],
    ['sort=color', 400, 'Unknown sort: color.'],
    ['sort=amount,-amount', 422, 'twice'],
    ['include=approvals', 400, 'Unknown include: approvals.'],
    ['page[size]=201', 422, 'may not be greater than 200'],
    ['page[number]=0', 422, 'at least 1'],
  ])('refuses %s with %i', async (query, status, message) => {
    const response = await world.admin.get(`/api/expenses?${query}`);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toContain(message);
  });

  it('401 without a session', async () => {
    expect((await ctx.client(world.host).get('/api/expenses')).statusCode).toBe(401);
  });
});

describe('PATCH /api/expenses/{id}', () => {
  it('sets, trims and clears notes (admins), answering the row as the table shows it', async () => {
    const id = ids.get(700)!;
    const response = await patch(id, { notes: '  Team coffee  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id,
      notes: 'Team coffee',
      user: { name: 'Mia Member' },
      wallet_category: { name: 'Meals' },
      team: { name: 'Alpha' },
    });
    expect((await list('filter[custom_search]=team coffee')).data.map((row) => row.id)).toEqual([id]);
    expect((await patch(id, { notes: '' })).json().data.notes).toBeNull();
    expect((await patch(id, { notes: null })).json().data.notes).toBeNull();
    expect((await list('')).data[0]!.notes).toBeNull();
  });

  it('refuses notes over 255 characters, another member’s transaction, other organisations and unknown ids (404), no session (401)', async () => {
    const id = ids.get(700)!;
    const long = await patch(id, { notes: 'x'.repeat(256) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.notes[0]).toContain('255');
    expect((await patch(id, { notes: 'x'.repeat(255) })).statusCode).toBe(200);
    expect((await patch(id, { notes: 5 })).statusCode).toBe(422);
    // The cardholder writes a memo on their own purchase (issue 21.5); another member may not (a 404, as missing).
    const memo = await patch(id, { notes: 'Client coffee' }, world.mia.client);
    expect(memo.statusCode, memo.body).toBe(200);
    expect(memo.json().data.notes).toBe('Client coffee');
    expect((await patch(id, { notes: 'not mine' }, world.ned.client)).statusCode).toBe(404);
    expect((await patch(id, { notes: 'theirs' }, other.client)).statusCode).toBe(404);
    expect((await patch(999_999, { notes: 'nobody' })).statusCode).toBe(404);
    expect((await ctx.client(world.host).request('PATCH', `/api/expenses/${id}`, { notes: 'x' })).statusCode).toBe(401);
    await patch(id, { notes: null });
  });
});
