import type { DbOrTx } from '../../db/database.js';
import { getCardSettings, receiptDeactivateSince } from '../card-settings/service.js';
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
  /** When deactivation was turned on: purchases posted before it are history and never deactivate a card. */
  deactivateSince: Date | null;
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
    deactivateSince: await receiptDeactivateSince(db, orgId),
    closedMonths: [...(await closedMonthsOf(db, orgId))].sort(),
  };
}

export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The window's lower bound (exclusive, unix seconds) that leaves out purchases posted before deactivation was on. */
function postedSinceDeactivation(rules: ReceiptPolicyRules): number | undefined {
  return rules.deactivateSince ? unixSeconds(rules.deactivateSince) - 1 : undefined;
}

/**
 * The purchases overdue at `now`: missing their receipt for deactivateDays or more, posted since deactivation was
 * turned on. Null when the policy deactivates nothing.
 */
export function overdueWindowOfOrganisation(rules: ReceiptPolicyRules, now: Date): PostedWindow | null {
  if (rules.deactivateDays === null) return null;
  const after = postedSinceDeactivation(rules);
  return {
    skipMonths: rules.closedMonths,
    atOrBefore: unixSeconds(now) - rules.deactivateDays * DAY_SECONDS,
    ...(after !== undefined && { after }),
  };
}

/**
 * The purchases held against a card: those overdue (overdueWindowOfOrganisation), less those an admin forgave by
 * reactivating the card over the policy (overdue by receipt_policy_exempt_before). Null when the policy deactivates
 * nothing.
 */
export function overdueWindow(
  rules: ReceiptPolicyRules,
  card: { id: number; receipt_policy_exempt_before: Date | null },
  now: Date,
): PostedWindow | null {
  const window = overdueWindowOfOrganisation(rules, now);
  if (!window || rules.deactivateDays === null) return null;
  const exempt = card.receipt_policy_exempt_before;
  const forgiven = exempt ? unixSeconds(exempt) - rules.deactivateDays * DAY_SECONDS : undefined;
  const after = Math.max(window.after ?? -Infinity, forgiven ?? -Infinity);
  return { ...window, cardId: card.id, ...(Number.isFinite(after) && { after }) };
}
