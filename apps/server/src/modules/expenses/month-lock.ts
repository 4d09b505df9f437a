import { monthOfUnix } from '@wallet/contract';
import type { Tx } from '../../db/database.js';
import { assertMonthsOpen, monthIsOpen } from '../month-close/service.js';
import { findExpense } from './repo.js';
import type { ExpenseRow } from './types.js';

/**
 * Month close (issue 21.6): a transaction posted (stripe_created, UTC) in a closed month is locked against edits:
 * memo, receipt, review marks. Each check runs in the edit's own transaction and holds the month's shared lock until
 * it commits (month-close's assertMonthsOpen), so a close racing an edit either waits for it or refuses it.
 */

type Posted = Pick<ExpenseRow, 'stripe_created'>;

/** Whether a transaction is locked, given the organisation's closed months (a list's rows). */
export function isLocked(expense: Posted, closedMonths: ReadonlySet<string>): boolean {
  return closedMonths.has(monthOfUnix(expense.stripe_created));
}

/** 409 (the month's message) when one of these transactions was posted in a closed month. */
export function assertPostedOpen(tx: Tx, orgId: number, expenses: readonly Posted[]): Promise<void> {
  return assertMonthsOpen(
    tx,
    orgId,
    expenses.map((expense) => monthOfUnix(expense.stripe_created)),
  );
}

/** 409 when the organisation's transaction `id` is locked; a missing one is left to the caller's own lookup. */
export async function assertExpenseOpen(tx: Tx, orgId: number, id: number): Promise<void> {
  const expense = await findExpense(tx, orgId, id);
  if (expense) await assertPostedOpen(tx, orgId, [expense]);
}

/** Whether the transaction may change (system work, such as a receipt read in the inbox attaching itself). */
export async function expenseIsOpen(tx: Tx, orgId: number, id: number): Promise<boolean> {
  const expense = await findExpense(tx, orgId, id);
  return !expense || (await monthIsOpen(tx, orgId, monthOfUnix(expense.stripe_created)));
}
