import { CARD_SPENT_DAYS } from '@wallet/contract';

const DAY_SECONDS = 24 * 60 * 60;

/** The unix second a card's recent spend starts from: CARD_SPENT_DAYS days before `now`. */
export function recentSpendStart(now: number = Date.now()): number {
  return Math.floor(now / 1000) - CARD_SPENT_DAYS * DAY_SECONDS;
}
