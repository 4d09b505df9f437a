import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONTH_CLOSE_TEXTS, type Receipt } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import type { TestClient } from '../../test/client.js';
import { multipartFile, PNG_BYTES, waitFor } from '../../test/helpers.js';
import { drawPdfReceipt } from '../../test/receipt-images.js';
import { spendWorld, type SpendWorld } from '../analytics/test-fixtures.js';
import { stopOcrEngine } from '../receipts/service.js';
import { holdMonth, someoneWaitsForMonth } from '../month-close/test-fixtures.js';

/**
 * Issue 21.6: a transaction posted in a closed month is locked. Memo, receipt (attach, replace, remove, from the inbox)
 * and review marks answer 409 with the month's message and change nothing; the answers say `locked`; reopening frees
 * them. spendWorld's purchases: Blue Bottle 31 January 2025 23:59:59 UTC, Delta and Old Curiosity 1 February,
 * Sweetgreen 3 February (refunded in part on 15 March).
 */
const ctx = useTestApp();
let world: SpendWorld;
/** Mia's and Ned's transactions by merchant (captures) or 'refund'. */
const ids = new Map<string, number>();
const LOCKED = MONTH_CLOSE_TEXTS.locked('2025-02');

afterAll(() => stopOcrEngine());

type Row = { id: number; locked: boolean; notes: string | null; flagged: boolean; receipt: { id: number } | null };
const listed = async (client: TestClient, query = '') => {
  const response = await client.get(`/api/expenses?page[size]=50${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return new Map((response.json().data as Row[]).map((row) => [row.id, row]));
};
const id = (name: string) => ids.get(name)!;
const attach = (client: TestClient, expenseId: number) => {
  const { payload, headers } = multipartFile('receipt', 'r.png', 'image/png', PNG_BYTES);
  return client.post(`/api/expenses/${expenseId}/receipts`, payload, headers);
};
const receiptCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('receipts')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('org_id', '=', world.orgId)
        .executeTakeFirstOrThrow()
    ).count,
  );
const expectLocked = (response: { statusCode: number; json(): { message: string } }) => {
  expect(response.statusCode).toBe(409);
  expect(response.json().message).toBe(LOCKED);
};

beforeAll(async () => {
  world = await spendWorld(ctx);
  const rows = await ctx.db
    .selectFrom('expenses')
    .select(['id', 'type', 'merchant_data'])
    .where('org_id', '=', world.orgId)
    .execute();
  for (const row of rows) ids.set(row.type === 'refund' ? 'refund' : row.merchant_data.name!, row.id);
  // Sweetgreen has its receipt before February is closed, so removing and replacing it can be tried.
  expect((await attach(world.admin, id('Sweetgreen'))).statusCode).toBe(201);
  const closed = await world.admin.post('/api/month-closes', { month: '2025-02' });
  expect(closed.statusCode, closed.body).toBe(201);
});

describe('a closed month locks its transactions', () => {
  it('answers locked on the transactions posted in it (All Transactions and the card page), not on their neighbours', async () => {
    const rows = await listed(world.admin);
    expect(rows.get(id('Delta Air Lines'))!.locked).toBe(true);
    expect(rows.get(id('Old Curiosity Shop'))!.locked).toBe(true);
    expect(rows.get(id('Sweetgreen'))!.locked).toBe(true);
    // One second before February, and the March refund of a February purchase: posted in open months.
    expect(rows.get(id('Blue Bottle Coffee'))!.locked).toBe(false);
    expect(rows.get(id('refund'))!.locked).toBe(false);
    const card = await world.mia.client.get(`/api/cards/${world.mia.cardId}/expenses?page[size]=50`);
    const cardRows = card.json().data as Row[];
    expect(cardRows.find((row) => row.id === id('Delta Air Lines'))!.locked).toBe(true);
    expect(cardRows.find((row) => row.id === id('refund'))!.locked).toBe(false);
  });

  it('memo: PATCH /api/expenses/{id} is a 409 for an admin and for the cardholder; the notes stay', async () => {
    expectLocked(await world.admin.patch(`/api/expenses/${id('Delta Air Lines')}`, { notes: 'Flight' }));
    expectLocked(await world.mia.client.patch(`/api/expenses/${id('Delta Air Lines')}`, { notes: 'Flight' }));
    expect((await listed(world.admin)).get(id('Delta Air Lines'))!.notes).toBeNull();
    const open = await world.mia.client.patch(`/api/expenses/${id('Blue Bottle Coffee')}`, { notes: 'Coffee' });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data).toMatchObject({ notes: 'Coffee', locked: false });
  });

  it('receipts: attach, replace and remove are 409s and no file or row changes', async () => {
    const before = await receiptCount();
    expectLocked(await attach(world.mia.client, id('Delta Air Lines')));
    expectLocked(await attach(world.admin, id('Sweetgreen')));
    const sweetgreen = (await listed(world.admin)).get(id('Sweetgreen'))!;
    expectLocked(await world.mia.client.request('DELETE', `/api/receipts/${sweetgreen.receipt!.id}`));
    expect(await receiptCount()).toBe(before);
    expect((await listed(world.admin)).get(id('Sweetgreen'))!.receipt).toEqual(sweetgreen.receipt);
    expect((await attach(world.mia.client, id('Blue Bottle Coffee'))).statusCode).toBe(201);
  });

  it('the inbox: attaching a receipt to a locked purchase is a 409; one read there stays a suggestion', async () => {
    const pdf = drawPdfReceipt(['Delta Air Lines', 'Receipt date: 2025-02-01', 'Fare 18.00', 'Total 20.00']);
    const { payload, headers } = multipartFile('receipt', 'delta.pdf', 'application/pdf', pdf);
    const uploaded = await world.mia.client.post('/api/receipts', payload, headers);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const receiptId = (uploaded.json().data as Receipt[])[0]!.id;
    const read = await waitFor(async () => {
      const receipt = (await world.mia.client.get(`/api/receipts/${receiptId}`)).json().data as Receipt;
      return receipt.reading !== 'queued' && receipt;
    }, 60_000);
    // Sure of the match, yet not attached: February is closed.
    expect(read).toMatchObject({ reading: 'read', expense_id: null, match: { expense_id: id('Delta Air Lines') } });
    expectLocked(
      await world.mia.client.post(`/api/receipts/${receiptId}/attach`, { expense_id: id('Delta Air Lines') }),
    );
    expect((await listed(world.admin)).get(id('Delta Air Lines'))!.receipt).toBeNull();
  }, 120_000);

  it('review marks: POST /api/expenses/reviews with a locked transaction among others is a 409 and marks none', async () => {
    const refused = await world.admin.post('/api/expenses/reviews', {
      ids: [id('Blue Bottle Coffee'), id('Old Curiosity Shop')],
      action: 'flag',
    });
    expectLocked(refused);
    const rows = await listed(world.admin);
    expect(rows.get(id('Blue Bottle Coffee'))!.flagged).toBe(false);
    expect(rows.get(id('Old Curiosity Shop'))!.flagged).toBe(false);
    // An id the organisation lacks is still a 404 first (all or none).
    const missing = await world.admin.post('/api/expenses/reviews', {
      ids: [id('Old Curiosity Shop'), 2_000_000_000],
      action: 'review',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a super-admin reopens the month and the same edits go through', async () => {
    expect((await world.admin.request('DELETE', '/api/month-closes/2025-02')).statusCode).toBe(200);
    expect((await listed(world.admin)).get(id('Delta Air Lines'))!.locked).toBe(false);
    expect(
      (await world.mia.client.patch(`/api/expenses/${id('Delta Air Lines')}`, { notes: 'Flight' })).statusCode,
    ).toBe(200);
    expect((await attach(world.mia.client, id('Delta Air Lines'))).statusCode).toBe(201);
    const flagged = await world.admin.post('/api/expenses/reviews', {
      ids: [id('Old Curiosity Shop')],
      action: 'flag',
    });
    expect(flagged.statusCode).toBe(200);
  });
});

describe('a close racing an edit', () => {
  it('an edit under way holds the close back until it commits; an edit arriving during a close waits and is refused', async () => {
    const march = id('refund');
    expect((await world.mia.client.patch(`/api/expenses/${march}`, { notes: 'Refund noted' })).statusCode).toBe(200);
    // An edit of a March transaction is under way: its transaction holds the month's lock as an edit does...
    const edit = holdMonth(ctx.db, world.orgId, '2025-03', 'edit');
    await edit.held;
    // ...so closing March waits for it, and goes through once the edit has committed.
    const closing = world.admin.post('/api/month-closes', { month: '2025-03' });
    await waitFor(() => someoneWaitsForMonth(ctx.db, world.orgId, '2025-03'));
    edit.release();
    await edit.done;
    expect((await closing).statusCode).toBe(201);
    expect((await listed(world.admin)).get(march)).toMatchObject({ notes: 'Refund noted', locked: true });

    // A close under way (not committed yet) makes a memo edit wait; once the close commits, the edit is refused.
    expect((await world.admin.request('DELETE', '/api/month-closes/2025-03')).statusCode).toBe(200);
    const close = holdMonth(ctx.db, world.orgId, '2025-03', 'close');
    await close.held;
    const editing = world.mia.client.patch(`/api/expenses/${march}`, { notes: 'Too late' });
    await waitFor(() => someoneWaitsForMonth(ctx.db, world.orgId, '2025-03'));
    close.release();
    await close.done;
    const refused = await editing;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MONTH_CLOSE_TEXTS.locked('2025-03'));
    expect((await listed(world.admin)).get(march)!.notes).toBe('Refund noted');
  });
});
