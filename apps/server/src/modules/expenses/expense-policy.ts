import type { ReceiptStatus } from '@wallet/contract';
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { getCardSettings } from '../card-settings/service.js';
import { postedInClosedMonth } from '../month-close/service.js';
import type { ExpenseRow } from './types.js';

/**
 * The organisation's receipt and memo policy as transactions are judged by it (Card Settings, issue 21 points 4, 5):
 * a purchase above receiptRequiredAbove needs a receipt (null: every purchase does), one above memoRequiredAbove a
 * memo (null: none does). Refunds need neither. Judged against today's policy, so raising a threshold clears what it
 * no longer requires.
 */
export interface ExpensePolicy {
  receiptRequiredAbove: number | null;
  memoRequiredAbove: number | null;
}

/** Before an organisation saves Card Settings: every purchase needs a receipt, memos are optional. */
export const DEFAULT_EXPENSE_POLICY: ExpensePolicy = { receiptRequiredAbove: null, memoRequiredAbove: null };

export async function expensePolicyOf(db: DbOrTx, orgId: number): Promise<ExpensePolicy> {
  const settings = await getCardSettings(db, orgId);
  return { receiptRequiredAbove: settings.receipt_required_above, memoRequiredAbove: settings.memo_required_above };
}

type Judged = Pick<ExpenseRow, 'type' | 'amount' | 'has_receipt' | 'notes'>;

export function receiptRequired(expense: Pick<ExpenseRow, 'type' | 'amount'>, policy: ExpensePolicy): boolean {
  if (expense.type !== 'capture') return false;
  return policy.receiptRequiredAbove === null || expense.amount > policy.receiptRequiredAbove;
}

/** Attached, missing (a purchase the policy wants one for) or not required (a refund, or below the threshold). */
export function receiptStatusOf(expense: Omit<Judged, 'notes'>, policy: ExpensePolicy): ReceiptStatus {
  if (expense.has_receipt) return 'attached';
  return receiptRequired(expense, policy) ? 'missing' : 'not_required';
}

/** A purchase above the memo threshold without a memo. */
export function memoMissing(expense: Omit<Judged, 'has_receipt'>, policy: ExpensePolicy): boolean {
  if (expense.type !== 'capture' || policy.memoRequiredAbove === null) return false;
  return expense.amount > policy.memoRequiredAbove && !expense.notes?.trim();
}

// The same judgements in SQL, on `expenses e` (filter[receipt], filter[review], exports); kept equal to the functions
// above by expense-policy.test.ts.

export function receiptRequiredSql(policy: ExpensePolicy): RawBuilder<boolean> {
  return policy.receiptRequiredAbove === null
    ? sql<boolean>`(e.type = 'capture')`
    : sql<boolean>`(e.type = 'capture' AND e.amount > ${policy.receiptRequiredAbove}::bigint)`;
}

export function receiptStatusWhere(status: ReceiptStatus, policy: ExpensePolicy): RawBuilder<boolean> {
  if (status === 'attached') return sql<boolean>`e.has_receipt`;
  const required = receiptRequiredSql(policy);
  return status === 'missing'
    ? sql<boolean>`(NOT e.has_receipt AND ${required})`
    : sql<boolean>`(NOT e.has_receipt AND NOT ${required})`;
}

/** The receipt status in the words given for attached, missing and not_required (the export's labels). */
export function receiptStatusSql(policy: ExpensePolicy, words: Record<ReceiptStatus, string>): RawBuilder<string> {
  return sql<string>`(CASE WHEN e.has_receipt THEN ${words.attached}::text WHEN ${receiptRequiredSql(policy)} THEN ${words.missing}::text ELSE ${words.not_required}::text END)`;
}

export function memoMissingSql(policy: ExpensePolicy): RawBuilder<boolean> {
  if (policy.memoRequiredAbove === null) return sql<boolean>`false`;
  return sql<boolean>`(e.type = 'capture' AND e.amount > ${policy.memoRequiredAbove}::bigint AND coalesce(btrim(e.notes), '') = '')`;
}

/**
 * The needs-review queue: not reviewed, and flagged, missing a required receipt or missing a required memo; never in a
 * closed month, whose transactions can no longer be marked (the queue is work that can be done; Month close says
 * what is left before it closes).
 */
export function reviewWhere(filter: 'needed' | 'reviewed', policy: ExpensePolicy, orgId: number): RawBuilder<boolean> {
  if (filter === 'reviewed') return sql<boolean>`e.reviewed_at IS NOT NULL`;
  return sql<boolean>`(e.reviewed_at IS NULL AND (e.flagged OR ${receiptStatusWhere('missing', policy)} OR ${memoMissingSql(policy)})
    AND NOT ${postedInClosedMonth(orgId, sql.ref<number>('e.stripe_created'))})`;
}
