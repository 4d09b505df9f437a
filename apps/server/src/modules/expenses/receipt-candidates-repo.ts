import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

export interface ReceiptCandidate {
  id: number;
  amount: number;
  /** Posted, seconds since the epoch. */
  stripe_created: number;
  merchant: string | null;
}

/**
 * A person's purchases (captures) of exactly this amount posted between two instants: the transactions a receipt of
 * theirs may be for. At most 20, nearest first to `around`.
 */
export function purchasesOfAmount(
  db: DbOrTx,
  criteria: { orgId: number; userId: number; amount: number; from: number; to: number; around: number },
): Promise<ReceiptCandidate[]> {
  return db
    .selectFrom('expenses')
    .select(['id', 'amount', 'stripe_created', sql<string | null>`merchant_data->>'name'`.as('merchant')])
    .where('org_id', '=', criteria.orgId)
    .where('user_id', '=', criteria.userId)
    .where('type', '=', 'capture')
    .where('amount', '=', criteria.amount)
    .where('stripe_created', '>=', criteria.from)
    .where('stripe_created', '<=', criteria.to)
    .orderBy(sql`abs(stripe_created - ${criteria.around})`)
    .limit(20)
    .execute();
}

/** Marks whether the transaction has its receipt (the receipts module, in the transaction that changes it). */
export async function markHasReceipt(db: DbOrTx, orgId: number, expenseId: number, hasReceipt: boolean) {
  await db
    .updateTable('expenses')
    .set({ has_receipt: hasReceipt })
    .where('org_id', '=', orgId)
    .where('id', '=', expenseId)
    .execute();
}

/** Transactions by id, briefly (amount, posted, merchant name): what a receipt is attached to or matched with. */
export function expenseBriefsByIds(db: DbOrTx, orgId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('expenses')
    .select(['id', 'amount', 'stripe_created', sql<string | null>`merchant_data->>'name'`.as('merchant')])
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .execute();
}
