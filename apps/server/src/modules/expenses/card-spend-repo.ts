import type { DbOrTx } from '../../db/database.js';

/**
 * What each of these cards spent since `sinceUnix` (captures less refunds, by when the issuer made them), from one
 * range of expenses_card_created per card; a card with nothing has no entry.
 */
export async function spentByCardSince(
  db: DbOrTx,
  orgId: number,
  cardIds: readonly number[],
  sinceUnix: number,
): Promise<Map<number, number>> {
  if (cardIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('expenses')
    .select((eb) => ['card_id', eb.fn.sum<string>('amount').as('spent')])
    .where('org_id', '=', orgId)
    .where('card_id', 'in', [...cardIds])
    .where('stripe_created', '>=', sinceUnix)
    .groupBy('card_id')
    .execute();
  return new Map(rows.map((row) => [row.card_id, Number(row.spent)]));
}
