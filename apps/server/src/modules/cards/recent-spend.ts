import { sql, type RawBuilder } from 'kysely';
import { CARD_SPENT_DAYS } from '@wallet/contract';

const DAY_SECONDS = 24 * 60 * 60;

/** The unix second a card's recent spend starts from: CARD_SPENT_DAYS days before `now`. */
export function recentSpendStart(now: number = Date.now()): number {
  return Math.floor(now / 1000) - CARD_SPENT_DAYS * DAY_SECONDS;
}

/**
 * What each listed card spent since `sinceUnix` (captures less refunds, by when the issuer made them), as a column of
 * the cards list's own statement (append=spent_last_30_days): one range of expenses_card_created per card of the page.
 * The dashboard read it as up to five pages of each card's expenses, which counted at most 1,000 purchases.
 */
export function spentSinceColumn(sinceUnix: number): RawBuilder<number> {
  return sql<number>`(select coalesce(sum(spent.amount), 0)::bigint from expenses spent
    where spent.card_id = cards.id and spent.org_id = cards.org_id and spent.stripe_created >= ${sinceUnix})`;
}
