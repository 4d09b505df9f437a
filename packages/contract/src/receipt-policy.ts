import { formatCents } from './money.js';

/**
 * The receipt policy's words (issue 21 point 4): what a cardholder is told when a purchase still misses its receipt
 * (receipt_reminder), and when their card is deactivated for missing receipts or reactivated once they arrive
 * (receipt_card_status); what the audit log says of either. Card Settings' own labels are in card-settings.ts.
 */

/** "Mar 4, 2026": a purchase's day (UTC), as the web app writes dates. */
export function purchaseDay(postedUnixSeconds: number): string {
  return new Date(postedUnixSeconds * 1000).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const purchases = (count: number) => (count === 1 ? '1 purchase' : `${count} purchases`);
const days = (count: number) => (count === 1 ? '1 day' : `${count} days`);

export const RECEIPT_POLICY_TEXTS = {
  /** "Receipt needed: Blue Bottle Coffee" */
  reminderTitle: (merchant: string | null) => `Receipt needed: ${merchant || 'a purchase'}`,
  /** "Your $42.00 purchase at Blue Bottle Coffee on Mar 4, 2026 (card •••• 4242) still needs its receipt. ..." */
  reminderBody: (purchase: { amount: number; merchant: string | null; posted: number; last4: string }) =>
    `Your ${formatCents(purchase.amount)} purchase at ${purchase.merchant || 'a merchant'} on ${purchaseDay(purchase.posted)} ` +
    `(card •••• ${purchase.last4}) still needs its receipt. Attach it to the purchase on your card's page, or drop ` +
    `it into Receipts.`,
  deactivatedTitle: 'Card deactivated: receipts missing',
  /** "Your card •••• 4242 was deactivated: 2 purchases have had no receipt for 14 days or more. ..." */
  deactivatedBody: (card: { last4: string }, missing: number, afterDays: number) =>
    `Your card •••• ${card.last4} was deactivated: ${purchases(missing)} ${missing === 1 ? 'has' : 'have'} had no ` +
    `receipt for ${days(afterDays)} or more. Attach ${missing === 1 ? 'it' : 'them'} and the card reactivates itself.`,
  reactivatedTitle: 'Card reactivated',
  /** "Your card •••• 4242 is active again: none of its purchases is missing a receipt now." */
  reactivatedBody: (card: { last4: string }) =>
    `Your card •••• ${card.last4} is active again: none of its purchases is missing a receipt now.`,
  /** The audit log's reason (details.reason of card.status_changed) when the policy deactivates a card. */
  auditDeactivated: (missing: number, afterDays: number) =>
    `Receipt policy: ${purchases(missing)} without a receipt for ${days(afterDays)} or more`,
  /** ... and when it reactivates one. */
  auditReactivated: 'Receipt policy: no purchase is missing its receipt now',
  /** The card page of a card the policy deactivated. */
  heldTitle: 'Deactivated until its missing receipts arrive',
  heldDescription:
    'Purchases on this card have gone without a receipt for too long. Attach them and the card reactivates itself.',
  heldAction: 'Upload receipts',
} as const;
