import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { makeOrganization, TEST_PASSWORD } from '../../test/factories.js';
import {
  daysFromToday,
  fileRequest,
  force,
  requestWorld,
  signedInUser,
  type RequestWorld,
} from '../purchase-requests/test-fixtures.js';
import { runDueFundings } from './schedule.js';
import { addDays, fundingsOf } from './service.js';

/** PRODUCT.md §7: the All Recurring Request and My Recurring Request lists, and DELETE. */
const ctx = useTestApp();
let world: RequestWorld;
const start = daysFromToday(2);

async function approvedRecurring(interval: 'weekly' | 'monthly' | 'yearly', amount: number) {
  const request = await fileRequest(world, { amount, interval, start_date: start });
  const forced = await force(world.adminClient, request.id, 'approved');
  expect(forced.statusCode).toBe(200);
  const recurring = (
    await world.adminClient.get(`/api/purchase-requests/${request.id}?include=recurringPurchaseRequest`)
  ).json().data.recurring_purchase_request;
  return { requestId: request.id, recurringId: recurring.id as number };
}

let weekly: { requestId: number; recurringId: number };
let monthly: { requestId: number; recurringId: number };

beforeAll(async () => {
  world = await requestWorld(ctx);
  weekly = await approvedRecurring('weekly', 1_000);
  monthly = await approvedRecurring('monthly', 2_000);
  // A one-time request and a pending recurring one are not recurring requests.
  await force(world.adminClient, (await fileRequest(world, { amount: 3_000 })).id, 'approved');
  await fileRequest(world, { amount: 4_000, interval: 'yearly', start_date: start });
});

const ids = (response: { json(): { data: Array<{ id: number }> } }) => response.json().data.map((row) => row.id);

describe('recurring request lists', () => {
  it('GET /api/recurring-purchase-requests (admins): newest first, with meta.total and the purchase request', async () => {
    const response = await world.adminClient.get('/api/recurring-purchase-requests?include=purchaseRequest');
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual([monthly.recurringId, weekly.recurringId]);
    expect(response.json().meta).toMatchObject({ total: 2 });
    expect(response.json().data[0]).toMatchObject({
      interval: 'monthly',
      start_date: start,
      end_date: null,
      status: 'active',
      is_paused: false,
      paused_by: null,
      next_run: addDays(start, 30),
      amount: 2_000,
      purchase_request: { id: monthly.requestId, amount: 2_000, status: 'Approved', user_id: world.member.id },
    });
    const bare = await world.adminClient.get('/api/recurring-purchase-requests');
    expect(bare.json().data[0].purchase_request).toBeUndefined();
    expect((await world.memberClient.get('/api/recurring-purchase-requests')).statusCode).toBe(403);
    expect((await ctx.client(world.host).get('/api/recurring-purchase-requests')).statusCode).toBe(401);
  });

  it('filters by status and pause, sorts by next_run', async () => {
    expect(ids(await world.adminClient.get('/api/recurring-purchase-requests?sort=next_run'))).toEqual([
      weekly.recurringId,
      monthly.recurringId,
    ]);
    expect(ids(await world.adminClient.get('/api/recurring-purchase-requests?filter[is_paused]=1'))).toEqual([]);
    expect(ids(await world.adminClient.get('/api/recurring-purchase-requests?filter[status]=active'))).toHaveLength(2);
    expect(ids(await world.adminClient.get('/api/recurring-purchase-requests?filter[status]=inactive'))).toEqual([]);
  });

  it("GET /api/users/{id}/recurring-purchase-requests: one's own (or anyone's for admins), with include=purchaseRequest", async () => {
    const own = await world.memberClient.get(
      `/api/users/${world.member.id}/recurring-purchase-requests?include=purchaseRequest`,
    );
    expect(own.statusCode).toBe(200);
    expect(ids(own)).toEqual([monthly.recurringId, weekly.recurringId]);
    expect(own.json().data[1].purchase_request).toMatchObject({
      id: weekly.requestId,
      interval: 'weekly',
      amount: 1_000,
    });
    expect(ids(await world.adminClient.get(`/api/users/${world.member.id}/recurring-purchase-requests`))).toHaveLength(
      2,
    );
    const other = await signedInUser(ctx, world, 'wallet-user');
    expect((await other.client.get(`/api/users/${world.member.id}/recurring-purchase-requests`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/users/${other.user.id}/recurring-purchase-requests`)).json()).toMatchObject({
      data: [],
      meta: { total: 0 },
    });
  });

  it('another organisation sees none of it', async () => {
    const foreign = await makeOrganization(ctx.db);
    const admin = await ctx.client(foreign.host).signIn(foreign.admin.email, TEST_PASSWORD);
    expect((await admin.get('/api/recurring-purchase-requests')).json().meta.total).toBe(0);
    expect(
      (await admin.put(`/api/recurring-purchase-requests/${weekly.recurringId}`, { is_paused: true })).statusCode,
    ).toBe(404);
    expect((await admin.delete(`/api/recurring-purchase-requests/${weekly.recurringId}`)).statusCode).toBe(404);
  });
});

describe('DELETE /api/recurring-purchase-requests/{id}', () => {
  it('another member may not (404); the requester may, and it funds no more', async () => {
    const other = await signedInUser(ctx, world, 'wallet-user');
    expect((await other.client.delete(`/api/recurring-purchase-requests/${weekly.recurringId}`)).statusCode).toBe(404);
    expect((await world.memberClient.delete(`/api/recurring-purchase-requests/${weekly.recurringId}`)).statusCode).toBe(
      204,
    );
    expect((await world.memberClient.delete(`/api/recurring-purchase-requests/${weekly.recurringId}`)).statusCode).toBe(
      404,
    );
    await runDueFundings(ctx.deps, addDays(start, 14));
    expect(await fundingsOf(ctx.db, weekly.recurringId)).toEqual([]);
    // The purchase request itself stays, without its recurring request.
    const request = (
      await world.memberClient.get(`/api/purchase-requests/${weekly.requestId}?include=recurringPurchaseRequest`)
    ).json().data;
    expect(request).toMatchObject({ status: 'Approved', recurring_purchase_request: null });
  });

  it('an admin may delete any', async () => {
    expect((await world.adminClient.delete(`/api/recurring-purchase-requests/${monthly.recurringId}`)).statusCode).toBe(
      204,
    );
    expect((await world.adminClient.get('/api/recurring-purchase-requests')).json().meta.total).toBe(0);
  });
});
