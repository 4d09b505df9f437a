import type { Tx } from '../../db/database.js';

/**
 * Claims the reminders of these purchases: answers the ids not reminded before. A concurrent run claiming the same
 * purchase waits on its key and then claims nothing, so each purchase is reminded once.
 */
export async function claimReminders(tx: Tx, orgId: number, expenseIds: readonly number[]): Promise<Set<number>> {
  if (expenseIds.length === 0) return new Set();
  const rows = await tx
    .insertInto('receipt_reminders')
    .values(expenseIds.map((expenseId) => ({ org_id: orgId, expense_id: expenseId })))
    .onConflict((conflict) => conflict.column('expense_id').doNothing())
    .returning('expense_id')
    .execute();
  return new Set(rows.map((row) => row.expense_id));
}
