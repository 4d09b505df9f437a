import { beforeAll, describe, expect, it } from 'vitest';
import { DATE_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { requestBody, requestWorld, type RequestWorld } from './test-fixtures.js';

/**
 * Issue 15 point 9: every date a request body or query carries is a real calendar day. An impossible one
 * (2099-02-30, month 13, 29 February of a common year, year 0) is a 422 naming the field, never a 500 from
 * PostgreSQL; a real one (29 February of a leap year) is accepted.
 */
const ctx = useTestApp();
let world: RequestWorld;

beforeAll(async () => {
  world = await requestWorld(ctx);
});

const IMPOSSIBLE = ['2099-02-30', '2026-13-01', '2025-02-29', '2099-04-31', '2099-00-10', '0000-01-01'];

const file = (overrides: Record<string, unknown>) =>
  world.memberClient.post(`/api/users/${world.member.id}/purchase-requests`, requestBody(world, overrides));

function expectDateRefused(response: { statusCode: number; body: string; json: () => unknown }, field: string) {
  expect(response.statusCode, response.body).toBe(422);
  const errors = (response.json() as { errors: Record<string, string[]> }).errors;
  expect(errors[field], response.body).toEqual([DATE_MESSAGES.notReal]);
}

describe('purchase request dates', () => {
  it('an impossible start_date or end_date is a 422 on that field, on filing and on editing', async () => {
    for (const date of IMPOSSIBLE) {
      expectDateRefused(await file({ interval: 'monthly', start_date: date, end_date: null }), 'start_date');
      expectDateRefused(await file({ interval: 'monthly', start_date: '2099-01-01', end_date: date }), 'end_date');
    }
    const filed = await file({});
    expect(filed.statusCode, filed.body).toBe(201);
    const edited = await world.memberClient.put(
      `/api/purchase-requests/${filed.json().data.id}`,
      requestBody(world, { interval: 'weekly', start_date: '2099-02-30' }),
    );
    expectDateRefused(edited, 'start_date');
    const count = await ctx.db
      .selectFrom('purchase_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('org_id', '=', world.organization.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('29 February of a leap year is a real day', async () => {
    const response = await file({ interval: 'yearly', start_date: '2096-02-29', end_date: '2100-02-28' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ start_date: '2096-02-29', end_date: '2100-02-28' });
    expect((await file({ interval: 'yearly', start_date: '2100-02-29' })).statusCode).toBe(422);
  });
});

describe('query dates', () => {
  it('the card transactions export: from and to must be real days (2024-02-29 is)', async () => {
    const path = (from: string, to: string) => `/api/cards/${world.card.id}/expenses/export?from=${from}&to=${to}`;
    for (const date of IMPOSSIBLE) {
      expectDateRefused(await world.memberClient.get(path(date, '2024-03-01')), 'from');
      expectDateRefused(await world.memberClient.get(path('2024-01-01', date)), 'to');
    }
    expect((await world.memberClient.get(path('2024-02-29', '2024-02-29'))).statusCode).toBe(200);
  });

  it('filter[between] of the transactions list, the analytics and the audit log: impossible days are a 422 on the filter', async () => {
    const routes = [
      (range: string) => [`/api/expenses?filter[between]=day,${range}`, 'filter.between'],
      (range: string) => [`/api/expenses/analytics?filter[sum_over_days]=1&filter[between]=${range}`, 'filter.between'],
      (range: string) => [`/api/audit-log?filter[between]=${range}`, 'filter.between'],
    ];
    for (const route of routes) {
      for (const date of IMPOSSIBLE) {
        const [path, field] = route(`${date},2024-03-01`);
        const response = await world.adminClient.get(path!);
        expect(response.statusCode, `${path} -> ${response.body}`).toBe(422);
        expect(Object.keys(response.json().errors), path).toEqual([field]);
      }
      const [path] = route('2024-02-29,2024-02-29');
      const response = await world.adminClient.get(path!);
      expect(response.statusCode, `${path} -> ${response.body}`).toBe(200);
    }
  });
});
