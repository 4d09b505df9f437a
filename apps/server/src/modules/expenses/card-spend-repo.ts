import { sql, type RawBuilder } from 'kysely';

/**
 * What the card of the outer statement's `cards` row spent since `sinceUnix` (captures less refunds, by when the
 * issuer made them), as a column of the cards module's list statement (append=spent_last_30_days): one range of
 * expenses_card_created per card of the page.
 */
export function cardSpentSinceColumn(sinceUnix: number): RawBuilder<number> {
  return sql<number>`(select coalesce(sum(spent.amount), 0)::bigint from expenses spent
    where spent.card_id = cards.id and spent.org_id = cards.org_id and spent.stripe_created >= ${sinceUnix})`;
}
