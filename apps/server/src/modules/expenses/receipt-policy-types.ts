/** What the receipt policy (modules/receipt-policy) asks of transactions, and what it gets back. */

/** A purchase still missing the receipt the policy requires (the receipt policy's reminders and deactivations). */
export interface MissingReceiptPurchase {
  id: number;
  card_id: number;
  user_id: number;
  amount: number;
  /** Posted, seconds since the epoch. */
  stripe_created: number;
  merchant: string | null;
}

/** Which purchases: posted after `after` (when given) and at or before `atOrBefore` (seconds); none of `skipMonths`. */
export interface PostedWindow {
  after?: number;
  atOrBefore: number;
  /** Months (YYYY-MM, UTC) left out: closed months, whose transactions no longer change. */
  skipMonths?: readonly string[];
  cardId?: number;
}
