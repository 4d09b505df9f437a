import type { DbOrTx } from '../../db/database.js';

/** Sum of pending holds per card. */
export async function pendingHoldTotals(db: DbOrTx, orgId: number, cardIds: readonly number[]): Promise<Map<number, number>> {
  const totals = new Map<number, number>();
  if (cardIds.length === 0) return totals;
  const rows = await db
    .selectFrom('authorization_holds')
    .select(['card_id', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('org_id', '=', orgId)
    .where('card_id', 'in', cardIds)
    .where('status', '=', 'pending')
    .groupBy('card_id')
    .execute();
  for (const row of rows) totals.set(row.card_id, Number(row.total));
  return totals;
}

export function pendingHoldsOfCards(db: DbOrTx, orgId: number, cardIds: readonly number[]) {
  if (cardIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('authorization_holds')
    .select(['id', 'card_id', 'status', 'amount', 'merchant_data', 'wallet', 'created_at', 'stripe_created'])
    .where('org_id', '=', orgId)
    .where('card_id', 'in', cardIds)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .execute();
}
