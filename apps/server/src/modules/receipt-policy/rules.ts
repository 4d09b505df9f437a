import type { DbOrTx } from '../../db/database.js';
import { getCardSettings } from '../card-settings/service.js';
import { expensePolicyOf, type ExpensePolicy, type PostedWindow } from '../expenses/service.js';
import { closedMonthsOf } from '../month-close/service.js';

export const DAY_SECONDS = 86_400;

/** An organisation's receipt policy as Card Settings say now (issue 21.4). */
export interface ReceiptPolicyRules {
  /** Which purchases need a receipt (the expenses module judges them). */
  expense: ExpensePolicy;
  /** Days after a purchase missing its receipt that its cardholder is reminded; null: never. */
  reminderDays: number | null;
  /** Days a receipt may be missing before the card is deactivated; null: never. */
  deactivateDays: number | null;
  /**
   * Closed months (YYYY-MM): their transactions are locked, so no receipt can arrive for them; the policy neither
   * reminds of nor holds a card for their purchases.
   */
  closedMonths: string[];
}

export async function receiptPolicyRulesOf(db: DbOrTx, orgId: number): Promise<ReceiptPolicyRules> {
  const settings = await getCardSettings(db, orgId);
  return {
    expense: await expensePolicyOf(db, orgId),
    reminderDays: settings.receipt_reminder_days,
    deactivateDays: settings.receipt_deactivate_days,
    closedMonths: [...(await closedMonthsOf(db, orgId))].sort(),
  };
}

export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The purchases held against a card: missing their receipt for deactivateDays or more at `now`, less those an admin
 * forgave by reactivating the card over the policy (overdue by receipt_policy_exempt_before). Null when the policy
 * deactivates nothing.
 */
export function overdueWindow(
  rules: ReceiptPolicyRules,
  card: { id: number; receipt_policy_exempt_before: Date | null },
  now: Date,
): PostedWindow | null {
  if (rules.deactivateDays === null) return null;
  const overdueFor = rules.deactivateDays * DAY_SECONDS;
  const exempt = card.receipt_policy_exempt_before;
  return {
    cardId: card.id,
    skipMonths: rules.closedMonths,
    atOrBefore: unixSeconds(now) - overdueFor,
    ...(exempt && { after: unixSeconds(exempt) - overdueFor }),
  };
}
