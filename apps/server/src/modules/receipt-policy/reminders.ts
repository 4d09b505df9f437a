import { RECEIPT_POLICY_TEXTS } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { findCardsByIds } from '../cards/service.js';
import { purchasesMissingReceipt } from '../expenses/service.js';
import { notify } from '../notifications/service.js';
import { claimReminders } from './repo.js';
import { DAY_SECONDS, unixSeconds, type ReceiptPolicyRules } from './rules.js';

/**
 * How late a reminder may still go out (a server that was down for days): purchases whose reminder fell due before
 * then are never reminded, so switching reminders on does not flood anyone with their history.
 */
export const REMINDER_LOOKBACK_DAYS = 7;

/**
 * Reminds each cardholder, once, of every purchase still missing its required receipt reminderDays after it was
 * posted: in the bell and by mail (the receipt_reminder switches), naming the merchant, amount, day and card, linking
 * to the card's page. One transaction: the claims (receipt_reminders) and the notices commit together. Answers how
 * many were reminded.
 */
export async function sendDueReminders(db: Db, orgId: number, rules: ReceiptPolicyRules, now: Date): Promise<number> {
  if (rules.reminderDays === null) return 0;
  const due = unixSeconds(now) - rules.reminderDays * DAY_SECONDS;
  return db.transaction().execute(async (tx) => {
    const purchases = await purchasesMissingReceipt(tx, orgId, rules.expense, {
      after: due - REMINDER_LOOKBACK_DAYS * DAY_SECONDS,
      atOrBefore: due,
      skipMonths: rules.closedMonths,
    });
    const claimed = await claimReminders(
      tx,
      orgId,
      purchases.map((purchase) => purchase.id),
    );
    const toRemind = purchases.filter((purchase) => claimed.has(purchase.id));
    if (toRemind.length === 0) return 0;
    const cards = await findCardsByIds(tx, orgId, [...new Set(toRemind.map((purchase) => purchase.card_id))]);
    const last4 = new Map(cards.map((card) => [card.id, card.last4]));
    await notify(
      tx,
      toRemind.map((purchase) => ({
        orgId,
        userId: purchase.user_id,
        kind: 'receipt_reminder' as const,
        title: RECEIPT_POLICY_TEXTS.reminderTitle(purchase.merchant),
        body: RECEIPT_POLICY_TEXTS.reminderBody({
          amount: purchase.amount,
          merchant: purchase.merchant,
          posted: purchase.stripe_created,
          last4: last4.get(purchase.card_id) ?? '',
        }),
        link: `/cards/${purchase.card_id}`,
      })),
    );
    return toRemind.length;
  });
}
