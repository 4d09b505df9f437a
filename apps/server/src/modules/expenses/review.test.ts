import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_TEXTS } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import type { TestClient } from '../../test/client.js';
import { multipartFile, PNG_BYTES } from '../../test/helpers.js';
import { otherOrganisation, spendWorld, type SpendWorld } from '../analytics/test-fixtures.js';

/** Issue 21.6: admins mark transactions reviewed or flagged; the needs-review queue (filter[review]). */
const ctx = useTestApp();
let world: SpendWorld;

type Row = {
  id: number;
  locked: boolean;
  type: string;
  notes: string | null;
  receipt_status: string;
  memo_required: boolean;
  receipt: unknown;
  reviewed_at: string | null;
  flagged: boolean;
};
const list = async (client: TestClient, query = '') => {
  const response = await client.get(`/api/expenses?page[size]=50${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Row[]; meta: { total: number } };
};
const ids = (rows: Row[]) => rows.map((row) => row.id).sort((a, b) => a - b);
const review = (client: TestClient, body: unknown) => client.post('/api/expenses/reviews', body);

beforeAll(async () => {
  world = await spendWorld(ctx);
});

describe('POST /api/expenses/reviews and filter[review]', () => {
  it('the queue holds purchases missing a receipt or a required memo, and flagged ones, until reviewed', async () => {
    const all = (await list(world.admin)).data;
    const needed = (row: Row) =>
      row.reviewed_at === null && (row.flagged || row.receipt_status === 'missing' || row.memo_required);
    expect(ids((await list(world.admin, '&filter[review]=needed')).data)).toEqual(ids(all.filter(needed)));

    // A purchase with its memo and receipt leaves the queue; flagged, it comes back.
    const purchase = all.find((row) => row.type === 'capture' && row.receipt === null)!;
    await world.admin.request('PATCH', `/api/expenses/${purchase.id}`, { notes: 'Team lunch' });
    const { payload, headers } = multipartFile('receipt', 'r.png', 'image/png', PNG_BYTES);
    expect((await world.admin.post(`/api/expenses/${purchase.id}/receipts`, payload, headers)).statusCode).toBe(201);
    expect(ids((await list(world.admin, '&filter[review]=needed')).data)).not.toContain(purchase.id);
    const flagged = await review(world.admin, { ids: [purchase.id], action: 'flag' });
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(flagged.json()).toEqual({ data: { updated: 1 }, message: REVIEW_TEXTS.done(1) });
    expect(ids((await list(world.admin, '&filter[review]=needed')).data)).toContain(purchase.id);

    // Reviewing many at once empties the queue of them; unreviewing puts them back.
    const queue = ids((await list(world.admin, '&filter[review]=needed')).data);
    const done = await review(world.admin, { ids: queue, action: 'review' });
    expect(done.json().data.updated).toBe(queue.length);
    expect((await list(world.admin, '&filter[review]=needed')).data).toEqual([]);
    const reviewed = await list(world.admin, '&filter[review]=reviewed');
    expect(ids(reviewed.data)).toEqual(queue);
    expect(reviewed.data.every((row) => typeof row.reviewed_at === 'string')).toBe(true);
    await review(world.admin, { ids: queue, action: 'unreview' });
    expect(ids((await list(world.admin, '&filter[review]=needed')).data)).toEqual(queue);
  });

  it('validates, is for admins only, and changes nothing of another organisation', async () => {
    const [first] = (await list(world.admin)).data;
    for (const body of [{ ids: [], action: 'review' }, { ids: [first!.id], action: 'approve' }, { action: 'review' }])
      expect((await review(world.admin, body)).statusCode, JSON.stringify(body)).toBe(422);
    expect((await review(world.mia.client, { ids: [first!.id], action: 'review' })).statusCode).toBe(403);
    expect((await review(ctx.client(world.host), { ids: [first!.id], action: 'review' })).statusCode).toBe(401);
    const flaggedBefore = first!.flagged;
    const other = await otherOrganisation(ctx);
    const adminOfOther = other.client;
    // Another organisation's ids are as missing: a 404, and nothing changes (all or none).
    const theirs = await review(adminOfOther, { ids: [first!.id], action: flaggedBefore ? 'unflag' : 'flag' });
    expect([403, 404]).toContain(theirs.statusCode);
    const mixed = await review(world.admin, {
      ids: [first!.id, 2_000_000_000],
      action: flaggedBefore ? 'unflag' : 'flag',
    });
    expect(mixed.statusCode).toBe(404);
    expect((await list(world.admin)).data.find((row) => row.id === first!.id)!.flagged).toBe(flaggedBefore);
    expect((await world.admin.get('/api/expenses?filter[review]=soon')).statusCode).toBe(422);
  });
});

describe('closed months and the queue', () => {
  it("a closed month's transactions leave the needs-review queue (they can no longer be marked) and come back when it reopens", async () => {
    const april = '&filter[between]=day,2025-04-01,2025-04-30';
    const aprilNeeded = ids((await list(world.admin, `&filter[review]=needed${april}`)).data);
    expect(aprilNeeded.length).toBeGreaterThan(0);
    const closed = await world.admin.post('/api/month-closes', { month: '2025-04' });
    expect(closed.statusCode, closed.body).toBe(201);
    try {
      expect((await list(world.admin, `&filter[review]=needed${april}`)).data).toEqual([]);
      const queue = ids((await list(world.admin, '&filter[review]=needed')).data);
      expect(queue.length).toBeGreaterThan(0);
      expect(queue.filter((id) => aprilNeeded.includes(id))).toEqual([]);
      // Still in All Transactions, locked.
      const all = (await list(world.admin, april)).data.filter((row) => aprilNeeded.includes(row.id));
      expect(all.map((row) => row.locked)).toEqual(aprilNeeded.map(() => true));
    } finally {
      expect((await world.admin.request('DELETE', '/api/month-closes/2025-04')).statusCode).toBe(200);
    }
    expect(ids((await list(world.admin, `&filter[review]=needed${april}`)).data)).toEqual(aprilNeeded);
  });
});
