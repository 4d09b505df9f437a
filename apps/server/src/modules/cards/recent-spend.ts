import type { RawBuilder } from 'kysely';
import { CARD_SPENT_DAYS } from '@wallet/contract';
import { cardSpentSinceColumn } from '../expenses/service.js';

const DAY_SECONDS = 24 * 60 * 60;

/** The unix second a card's recent spend starts from: CARD_SPENT_DAYS days before `now`. */
export function recentSpendStart(now: number = Date.now()): number {
  return Math.floor(now / 1000) - CARD_SPENT_DAYS * DAY_SECONDS;
}

/**
 * What each listed card spent since `sinceUnix`, as a column of the cards list's own statement, from the expenses
 * module. The dashboard read it as up to five pages of each card's expenses, which counted at most 1,000 purchases.
 */
export function spentSinceColumn(sinceUnix: number): RawBuilder<number> {
  return cardSpentSinceColumn(sinceUnix);
}
