import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { receiptStatusWhere, type ExpensePolicy } from './expense-policy.js';
import type { MissingReceiptPurchase, PostedWindow } from './receipt-policy-types.js';

function missingReceiptsQuery(db: DbOrTx, orgId: number, policy: ExpensePolicy, window: PostedWindow) {
  let query = db
    .selectFrom('expenses as e')
    .where('e.org_id', '=', orgId)
    .where(receiptStatusWhere('missing', policy))
    .where('e.stripe_created', '<=', window.atOrBefore);
  if (window.after !== undefined) query = query.where('e.stripe_created', '>', window.after);
  if (window.cardId !== undefined) query = query.where('e.card_id', '=', window.cardId);
  if (window.skipMonths?.length)
    query = query.where(
      sql<boolean>`to_char(to_timestamp(e.stripe_created) AT TIME ZONE 'UTC', 'YYYY-MM') <> ALL(${[...window.skipMonths]}::text[])`,
    );
  return query;
}

/** The organisation's purchases missing a required receipt posted in the window, oldest first. */
export function missingReceiptPurchases(
  db: DbOrTx,
  orgId: number,
  policy: ExpensePolicy,
  window: PostedWindow,
): Promise<MissingReceiptPurchase[]> {
  return missingReceiptsQuery(db, orgId, policy, window)
    .select([
      'e.id',
      'e.card_id',
      'e.user_id',
      'e.amount',
      'e.stripe_created',
      sql<string | null>`e.merchant_data->>'name'`.as('merchant'),
    ])
    .orderBy('e.stripe_created')
    .orderBy('e.id')
    .execute();
}

/** Per card: how many purchases in the window miss a required receipt, and when the latest of them was posted. */
export async function missingReceiptsByCard(
  db: DbOrTx,
  orgId: number,
  policy: ExpensePolicy,
  window: PostedWindow,
): Promise<Array<{ card_id: number; missing: number; latest: number }>> {
  const rows = await missingReceiptsQuery(db, orgId, policy, window)
    .select((eb) => ['e.card_id', eb.fn.countAll<string>().as('missing'), eb.fn.max('e.stripe_created').as('latest')])
    .groupBy('e.card_id')
    .orderBy('e.card_id')
    .execute();
  return rows.map((row) => ({ card_id: row.card_id, missing: Number(row.missing), latest: Number(row.latest) }));
}

/** The card a transaction was made with (undefined when the organisation has no such transaction). */
export async function cardIdOfExpense(db: DbOrTx, orgId: number, expenseId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('expenses')
    .select('card_id')
    .where('org_id', '=', orgId)
    .where('id', '=', expenseId)
    .executeTakeFirst();
  return row?.card_id;
}
