import { declineSentence, type DeclineDetail } from './card-controls.js';
import { formatCents } from './money.js';

/**
 * What a cardholder is told of their card's purchases (issue 20 point 7): the notification centre's and the mail's
 * words for purchase_approved, purchase_declined and card_low. Written by the server's purchase notifier.
 */
export const PURCHASE_NOTICE_TEXTS = {
  approvedTitle: 'Purchase approved',
  declinedTitle: 'Purchase declined',
  cardLowTitle: 'Card running low',
  /** "$12.34 at Blue Bottle Coffee approved on •••• 4242." */
  approvedBody: (amount: number, merchant: string | null, last4: string) =>
    `${formatCents(amount)} at ${merchant || 'a merchant'} approved on •••• ${last4}.`,
  /** "$12.34 at Delta Air Lines: Your monthly limit of ... would be exceeded; ..." */
  declinedBody: (
    amount: number,
    merchant: string | null,
    reason: string,
    detail: DeclineDetail | null,
    card: { last4: string },
    declinedAt: Date,
  ) => `${formatCents(amount)} at ${merchant || 'a merchant'}: ${declineSentence(reason, detail, card, declinedAt)}`,
  /** "•••• 4242 has $8.00 left to spend, below your alert at $10.00." */
  cardLowBody: (available: number, threshold: number, last4: string) =>
    `•••• ${last4} has ${formatCents(Math.max(0, available))} left to spend, below your alert at ${formatCents(threshold)}.`,
} as const;
