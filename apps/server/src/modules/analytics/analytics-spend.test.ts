import { beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { acceptTermsInDb, activateCard, createCard, fundCard, topUp } from '../../test/card-factories.js';
import { simulatePurchase } from '../simulator/service.js';
import { addDaysIso, addMonthsIso } from './periods.js';
import { amounts, dates, otherOrganisation, spendWorld, type Row, type SpendWorld } from './test-fixtures.js';

/** docs/API.md, analytics: each filter of /api/expenses/analytics and the holder's, against figures worked out by hand. */
const ctx = useTestApp();
let world: SpendWorld;
let other: Awaited<ReturnType<typeof otherOrganisation>>;

beforeAll(async () => {
  world = await spendWorld(ctx);
  other = await otherOrganisation(ctx);
}, 60_000);

const get = async (path: string, client = world.admin) => {
  const response = await client.get(path);
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return response.json() as { data: Array<Row & { id: number | null; label: string }>; meta: Record<string, unknown> };
};
const spend = (filters: string) => get(`/api/expenses/analytics?${filters}`);

describe('series over months and days (UTC)', () => {
  it('sum_over_months: January ends at 23:59:59 on the 31st, February starts at 00:00:00 on the 1st; quiet months are 0', async () => {
    const body = await spend('filter[sum_over_months]=6&filter[between]=2025-01-01,2025-06-30');
    expect(dates(body.data)).toEqual([
      '2025-01-01',
      '2025-02-01',
      '2025-03-01',
      '2025-04-01',
      '2025-05-01',
      '2025-06-01',
    ]);
    // Jan 1,000; Feb 2,000 + 500 + 3,000; Mar the refund; Apr 4,000 (its last second); May nothing; Jun 700 (its first second).
    expect(amounts(body.data)).toEqual([1_000, 5_500, -250, 4_000, 0, 700]);
    expect(body.meta).toMatchObject({ filter: 'sum_over_months', from: '2025-01-01', to: '2025-06-30' });
  });

  it('a range starting mid-month counts only its own days, still labelled by the 1st', async () => {
    const body = await spend('filter[sum_over_months]=1&filter[between]=day,2025-02-02,2025-03-31');
    expect(body.data).toEqual([
      { date: '2025-02-01', amount: 3_000 },
      { date: '2025-03-01', amount: -250 },
    ]);
  });

  it('sum_over_days and max_over_days: one row a day, 0 for a quiet day', async () => {
    const sums = await spend('filter[sum_over_days]=4&filter[between]=2025-01-31,2025-02-03');
    expect(sums.data).toEqual([
      { date: '2025-01-31', amount: 1_000 },
      { date: '2025-02-01', amount: 2_500 },
      { date: '2025-02-02', amount: 0 },
      { date: '2025-02-03', amount: 3_000 },
    ]);
    expect((await spend('filter[max_over_days]=4&filter[between]=2025-01-31,2025-02-03')).data).toEqual(sums.data);
  });

  it('max_over_months: the biggest day of each month; a month of only a refund has quiet days, so 0', async () => {
    const body = await spend('filter[max_over_months]=6&filter[between]=2025-01-01,2025-06-30');
    // Feb: 2,500 on the 1st, 3,000 on the 3rd.
    expect(amounts(body.data)).toEqual([1_000, 3_000, 0, 4_000, 0, 700]);
    expect(body.meta).toMatchObject({ filter: 'max_over_months' });
  });

  it('without between: the last N calendar months or days up to today, gap-filled', async () => {
    const today = todayIso();
    const months = await spend('filter[sum_over_months]=3');
    expect(dates(months.data)).toEqual([addMonthsIso(today, -2), addMonthsIso(today, -1), `${today.slice(0, 7)}-01`]);
    expect(amounts(months.data)).toEqual([0, 0, 0]);
    const days = await spend('filter[sum_over_days]=7');
    expect(dates(days.data)).toEqual(Array.from({ length: 7 }, (_, index) => addDaysIso(today, index - 6)));
    // No filter at all is the last 6 months.
    expect((await spend('')).data).toHaveLength(6);
  });

  it('between_created reads when the transaction was recorded (today), not when it happened', async () => {
    const today = todayIso();
    expect((await spend(`filter[group_single]=1&filter[between_created]=${today},${today}`)).data[0]!.amount).toBe(
      10_950,
    );
    expect((await spend('filter[group_single]=1&filter[between_created]=2025-02-01,2025-02-28')).data[0]!.amount).toBe(
      0,
    );
  });
});

describe('group_single', () => {
  it('one row: the net total of the range (all time without one), dated by its first day', async () => {
    expect((await spend('filter[group_single]=1&filter[between]=2025-02-01,2025-02-28')).data).toEqual([
      { date: '2025-02-01', amount: 5_500 },
    ]);
    expect((await spend('filter[group_single]=1')).data).toEqual([
      { date: null, amount: 1_000 + 5_500 - 250 + 4_000 + 700 },
    ]);
    // The same second on either side of midnight.
    expect((await spend('filter[group_single]=1&filter[between]=2025-01-31,2025-01-31')).data[0]!.amount).toBe(1_000);
  });
});

describe('top-five lists', () => {
  it('top_five_spender: biggest net spend first, with names', async () => {
    const body = await spend('filter[top_five_spender]=1');
    expect(body.data).toEqual([
      { id: world.mia.id, label: 'Mia Member', amount: 6_450 },
      { id: world.ned.id, label: 'Ned Nobody', amount: 4_500 },
    ]);
  });

  it('over a range: whole months and the days at either end add up exactly', async () => {
    // Jan 31 (a day), then February to April whole.
    expect(amounts((await spend('filter[top_five_spender]=1&filter[between]=2025-01-31,2025-04-30')).data)).toEqual([
      5_750, 4_500,
    ]);
    // Only edge days: Feb 2 to Apr 29 leaves Mia's 3,000 less the refund, and Ned nothing (left out, not 0).
    expect((await spend('filter[top_five_spender]=1&filter[between]=2025-02-02,2025-04-29')).data).toEqual([
      { id: world.mia.id, label: 'Mia Member', amount: 2_750 },
    ]);
    expect(amounts((await spend('filter[top_five_spender]=1&filter[between]=2025-02-01,2025-02-28')).data)).toEqual([
      5_000, 500,
    ]);
  });

  it('top_five_categories and top_five_teams name what has none Uncategorized and No team', async () => {
    expect((await spend('filter[top_five_categories]=1')).data).toEqual([
      { id: world.categories.get('Travel'), label: 'Travel', amount: 6_000 },
      { id: world.categories.get('Meals'), label: 'Meals', amount: 4_450 },
      { id: null, label: 'Uncategorized', amount: 500 },
    ]);
    expect((await spend('filter[top_five_teams]=1')).data).toEqual([
      { id: world.team.id, label: 'Alpha', amount: 6_450 },
      { id: null, label: 'No team', amount: 4_500 },
    ]);
  });

  it('top_five_card_balances: active cards by what is left to spend now; limit trims any list', async () => {
    const body = await spend('filter[top_five_card_balances]=1');
    expect(body.data.map((row) => [row.id, row.amount])).toEqual([
      [world.mia.cardId, 100_000 - 6_450],
      [world.ned.cardId, 20_000 - 4_500],
    ]);
    expect(body.data[0]!.label).toMatch(/•••• \d{4}$/);
    // A card's nickname names it there, as on its tile (issue 20.4).
    const named = await world.admin.request('PATCH', `/api/cards/${world.ned.cardId}`, { nickname: 'Team offsite' });
    expect(named.statusCode, named.body).toBe(200);
    expect((await spend('filter[top_five_card_balances]=1')).data[1]!.label).toMatch(/^Team offsite •••• \d{4}$/);
    expect((await spend('filter[top_five_spender]=1&filter[limit]=1')).data).toHaveLength(1);
    expect((await get('/api/wallet-balances/analytics?filter[top_five_card_balances]=1')).data).toHaveLength(2);
  });
});

describe("a holder's own figures", () => {
  it('/api/users/{id}/expenses/analytics: only that holder, for the holder and for admins', async () => {
    const path = `/api/users/${world.mia.id}/expenses/analytics?filter[sum_over_months]=6&filter[between]=2025-01-01,2025-06-30`;
    expect(amounts((await get(path, world.mia.client)).data)).toEqual([1_000, 5_000, -250, 0, 0, 700]);
    expect(amounts((await get(path)).data)).toEqual([1_000, 5_000, -250, 0, 0, 700]);
    expect(
      (await get(`/api/users/${world.ned.id}/expenses/analytics?filter[group_single]=1`, world.ned.client)).data[0]!
        .amount,
    ).toBe(4_500);
  });

  it("members: 403 on the organisation's endpoints, 404 for someone else; 404 for another organisation's person", async () => {
    for (const path of [
      '/api/expenses/analytics',
      '/api/topups/analytics',
      '/api/wallet-balances/analytics',
      '/api/journal-entries/analytics',
    ]) {
      expect((await world.mia.client.get(`${path}?filter[sum_over_months]=6`)).statusCode, path).toBe(403);
    }
    for (const kind of ['expenses', 'journal-entries', 'purchase-requests']) {
      expect((await world.mia.client.get(`/api/users/${world.ned.id}/${kind}/analytics`)).statusCode, kind).toBe(404);
    }
    expect((await world.admin.get(`/api/users/${other.holderId}/expenses/analytics`)).statusCode).toBe(404);
    expect((await world.admin.get('/api/users/999999/expenses/analytics')).statusCode).toBe(404);
  });

  it('401 without a session', async () => {
    expect((await ctx.client(world.host).get('/api/expenses/analytics')).statusCode).toBe(401);
    expect((await ctx.client(world.host).get(`/api/users/${world.mia.id}/expenses/analytics`)).statusCode).toBe(401);
  });

  it("another organisation's spending never shows, and it sees only its own", async () => {
    expect((await spend('filter[group_single]=1&filter[between]=2025-02-01,2025-02-01')).data[0]!.amount).toBe(2_500);
    expect((await get('/api/expenses/analytics?filter[group_single]=1', other.client)).data[0]!.amount).toBe(99_999);
    expect(amounts((await get('/api/expenses/analytics?filter[top_five_spender]=1', other.client)).data)).toEqual([
      99_999,
    ]);
  });
});

describe('bad input', () => {
  it.each([
    ['filter[nope]=1', 400, 'Unknown filter: nope.'],
    ['nope=1', 400, 'Unknown parameter: nope.'],
    ['filter[top_five_teams]=1&filter[group_single]=1', 422, 'Choose one of'],
    ['filter[sum_over_months]=6&filter[sum_over_days]=7', 422, 'Choose one of'],
    ['filter[between]=2025-02-30,2025-03-01', 422, 'real dates'],
    ['filter[between]=2025-13-01,2025-12-01', 422, 'real dates'],
    ['filter[between]=2025/01/01,2025/02/01', 422, 'real dates'],
    ['filter[between]=month,2025-01-01,2025-02-01', 422, 'real dates'],
    ['filter[between]=2025-03-01,2025-02-01', 422, 'on or before'],
    ['filter[between_created]=2025-03-01', 422, 'real dates'],
    ['filter[between]=2025-01-01,2025-01-02&filter[between_created]=2025-01-01,2025-01-02', 422, 'not both'],
    ['filter[top_five_spender]=1&filter[limit]=101', 422, 'may not be greater than 100'],
    ['filter[top_five_spender]=1&filter[limit]=0', 422, 'at least 1'],
    ['filter[sum_over_months]=abc', 422, 'whole number'],
    ['filter[sum_over_months]=121', 422, 'may not be greater than 120'],
    ['filter[sum_over_days]=1&filter[between]=2020-01-01,2025-01-01', 422, 'at most 1100 days'],
  ])('%s -> %i', async (query, status, message) => {
    const response = await world.admin.get(`/api/expenses/analytics?${query}`);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toContain(message);
  });

  it('where_not_null is only transferred, and only on the purchase-requests figures', async () => {
    expect(
      (await world.mia.client.get(`/api/users/${world.mia.id}/purchase-requests/analytics?where_not_null=submitted`))
        .statusCode,
    ).toBe(422);
    expect(
      (await world.mia.client.get(`/api/users/${world.mia.id}/expenses/analytics?where_not_null=transferred`))
        .statusCode,
    ).toBe(400);
    expect((await world.admin.get('/api/topups/analytics?filter[top_five_spender]=1')).statusCode).toBe(400);
  });

  it("a holder's figures have no top-five lists, and their bad input is named like the organisation's", async () => {
    const base = `/api/users/${world.mia.id}/expenses/analytics`;
    const top = await world.mia.client.get(`${base}?filter[top_five_spender]=1`);
    expect(top.statusCode).toBe(400);
    expect(top.json().message).toBe('Unknown filter: top_five_spender.');
    const inverted = await world.mia.client.get(
      `${base}?filter[sum_over_days]=3&filter[between]=2025-02-03,2025-02-01`,
    );
    expect(inverted.statusCode).toBe(422);
    expect(inverted.json().errors['filter.between']).toEqual(['The start date must be on or before the end date.']);
    const days = await world.admin.get(
      `/api/users/${world.mia.id}/journal-entries/analytics?filter[max_over_days]=1101`,
    );
    expect(days.statusCode).toBe(422);
    expect(days.json().errors['filter.max_over_days']).toEqual(['max_over_days may not be greater than 1100.']);
  });
});

describe('GET /api/dashboard/kpi last_30_spend', () => {
  it('counts from exactly 30 days ago: part of that day from the transactions, the days after from the rollup', async () => {
    const { organization, admin, host } = await makeOrganization(ctx.db);
    const holder = await makeUser(ctx.db, organization.id, 'wallet-user');
    await acceptTermsInDb(ctx.db, holder.id);
    const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
    await topUp(client, 100_000);
    const card = await createCard(client, holder.id);
    await fundCard(client, card.id, 50_000);
    await activateCard(client, card.id);
    const row = await ctx.db.selectFrom('cards').selectAll().where('id', '=', card.id).executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);
    const buy = (amount: number, unix: number) =>
      simulatePurchase(ctx.db, row, { amount, merchant: { name: 'Shop' }, wallet: null, capture: 'now', at: unix });
    await buy(1_000, now - 30 * 86_400 - 3_600); // an hour too old
    await buy(200, now - 30 * 86_400 + 3_600); // an hour inside the window
    await buy(30, now - 2 * 86_400);
    await buy(4, now - 60);
    expect((await client.get('/api/dashboard/kpi')).json().data).toMatchObject({ last_30_spend: 234 });
  });
});

describe('a fresh organisation', () => {
  it('answers zeros, never an empty series or an error', async () => {
    const { organization, admin, host } = await makeOrganization(ctx.db);
    const member = await makeUser(ctx.db, organization.id, 'wallet-user');
    const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
    for (const path of [
      '/api/expenses/analytics',
      '/api/topups/analytics',
      '/api/wallet-balances/analytics',
      '/api/journal-entries/analytics',
      `/api/users/${member.id}/expenses/analytics`,
    ]) {
      const body = (await client.get(`${path}?filter[sum_over_days]=3`)).json();
      expect(amounts(body.data), path).toEqual([0, 0, 0]);
    }
    expect((await client.get('/api/expenses/analytics?filter[top_five_spender]=1')).json().data).toEqual([]);
  });
});
