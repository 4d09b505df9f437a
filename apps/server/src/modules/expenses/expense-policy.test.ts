import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CARD_SETTINGS } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import type { TestClient } from '../../test/client.js';
import { spendWorld, type SpendWorld } from '../analytics/test-fixtures.js';
import { memoMissing, receiptStatusOf, type ExpensePolicy } from './expense-policy.js';

/**
 * Issue 21 points 2, 4, 5: receipt_status and memo_required follow Card Settings' thresholds, and the SQL behind
 * filter[receipt] and filter[review] agrees with the functions behind each row's answer.
 */
const ctx = useTestApp();
let world: SpendWorld;

type Row = {
  id: number;
  type: 'capture' | 'refund';
  amount: number;
  notes: string | null;
  receipt_status: string;
  memo_required: boolean;
  reviewed_at: string | null;
  flagged: boolean;
};
const list = async (client: TestClient, query = '') => {
  const response = await client.get(`/api/expenses?page[size]=100${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Row[] }).data;
};
const ids = (rows: Row[]) => rows.map((row) => row.id).sort((a, b) => a - b);
const savePolicy = async (policy: ExpensePolicy) => {
  const response = await world.admin.request('PUT', '/api/card-settings', {
    ...DEFAULT_CARD_SETTINGS,
    receipt_required_above: policy.receiptRequiredAbove,
    memo_required_above: policy.memoRequiredAbove,
  });
  expect(response.statusCode, response.body).toBe(200);
};

/** Each row's answer, the filters, and the functions all agree under the policy. */
async function expectAgreement(policy: ExpensePolicy) {
  const rows = await list(world.admin);
  const judged = (row: Row) => ({ ...row, has_receipt: row.receipt_status === 'attached' });
  for (const row of rows) {
    expect(row.receipt_status, `${row.type} ${row.amount}`).toBe(receiptStatusOf(judged(row), policy));
    expect(row.memo_required, `${row.type} ${row.amount}`).toBe(memoMissing(row, policy));
  }
  for (const status of ['attached', 'missing', 'not_required'])
    expect(ids(await list(world.admin, `&filter[receipt]=${status}`)), status).toEqual(
      ids(rows.filter((row) => row.receipt_status === status)),
    );
  const needed = rows.filter(
    (row) => row.reviewed_at === null && (row.flagged || row.receipt_status === 'missing' || row.memo_required),
  );
  expect(ids(await list(world.admin, '&filter[review]=needed'))).toEqual(ids(needed));
  return rows;
}

beforeAll(async () => {
  world = await spendWorld(ctx);
});

describe('the receipt and memo policy of Card Settings', () => {
  it('by default every purchase needs a receipt and no memo is required; refunds need neither', async () => {
    const rows = await expectAgreement({ receiptRequiredAbove: null, memoRequiredAbove: null });
    expect(rows.filter((row) => row.type === 'capture').every((row) => row.receipt_status === 'missing')).toBe(true);
    expect(rows.filter((row) => row.type === 'refund').every((row) => row.receipt_status === 'not_required')).toBe(
      true,
    );
    expect(rows.some((row) => row.memo_required)).toBe(false);
  });

  it('purchases at or below the thresholds need no receipt and no memo; above them they do', async () => {
    const purchases = (await list(world.admin)).filter((row) => row.type === 'capture');
    const amounts = [...new Set(purchases.map((row) => row.amount))].sort((a, b) => a - b);
    expect(amounts.length).toBeGreaterThan(2);
    const middle = amounts[Math.floor(amounts.length / 2)]!;
    const policy = { receiptRequiredAbove: middle, memoRequiredAbove: amounts[0]! };
    await savePolicy(policy);
    const rows = await expectAgreement(policy);
    const atMiddle = rows.find((row) => row.type === 'capture' && row.amount === middle)!;
    expect(atMiddle.receipt_status).toBe('not_required');
    const above = rows.find((row) => row.type === 'capture' && row.amount > middle)!;
    expect(above.receipt_status).toBe('missing');
    expect(above.memo_required).toBe(above.notes === null);

    // A memo of blanks is no memo; a written one satisfies the policy.
    await world.admin.request('PATCH', `/api/expenses/${above.id}`, { notes: 'Client dinner' });
    const after = await expectAgreement(policy);
    expect(after.find((row) => row.id === above.id)!.memo_required).toBe(false);
  });

  it('raising the threshold clears what it no longer requires, from the queue too', async () => {
    const policy = { receiptRequiredAbove: 100_000_000, memoRequiredAbove: null };
    await savePolicy(policy);
    const rows = await expectAgreement(policy);
    expect(rows.some((row) => row.receipt_status === 'missing')).toBe(false);
  });
});
