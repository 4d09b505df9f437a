import { RECEIPT_POLICY_TEXTS } from '@wallet/contract';
import type { Db, Tx } from '../../db/database.js';
import type { Jobs } from '../../jobs/queue.js';
import {
  cardIdsDeactivatedByReceiptPolicy,
  deactivateCardForReceipts,
  lockCardForReceiptPolicy,
  reactivateCardAfterReceipts,
  type CardRow,
} from '../cards/service.js';
import { missingReceiptCountsByCard } from '../expenses/service.js';
import { cardActivity, publishLiveInTransaction } from '../live/service.js';
import { notify } from '../notifications/service.js';
import { overdueWindow, overdueWindowOfOrganisation, receiptPolicyRulesOf, type ReceiptPolicyRules } from './rules.js';

export interface CardHoldDeps {
  db: Db;
  jobs: Jobs;
}

/** How many purchases are held against the card now (on its locked row, in the caller's transaction). */
async function overdueCount(tx: Tx, orgId: number, rules: ReceiptPolicyRules, card: CardRow, now: Date) {
  const window = overdueWindow(rules, card, now);
  if (!window) return 0;
  const [counted] = await missingReceiptCountsByCard(tx, orgId, rules.expense, window);
  return counted?.missing ?? 0;
}

async function tellHolder(tx: Tx, card: CardRow, title: string, body: string) {
  await notify(tx, [
    { orgId: card.org_id, userId: card.user_id, kind: 'receipt_card_status', title, body, link: `/cards/${card.id}` },
  ]);
  await publishLiveInTransaction(tx, [cardActivity(card.org_id, card.id, card.user_id)]);
}

/**
 * Deactivates each active card with a purchase missing its receipt for deactivateDays or more (and not forgiven by an
 * admin's reactivation): audited as the system with the reason, the issuer told through the outbox, the holder told
 * why. A card already inactive (an admin's doing, or the policy's) or canceled is left as it is, so only cards the
 * policy deactivated are ever reactivated by it. Each card on its locked row, in its own transaction: a second run
 * finds it inactive. Answers how many were deactivated.
 */
export async function deactivateOverdueCards(
  deps: CardHoldDeps,
  orgId: number,
  rules: ReceiptPolicyRules,
  now: Date,
): Promise<number> {
  const window = overdueWindowOfOrganisation(rules, now);
  if (!window || rules.deactivateDays === null) return 0;
  const afterDays = rules.deactivateDays;
  const candidates = await missingReceiptCountsByCard(deps.db, orgId, rules.expense, window);
  let deactivated = 0;
  for (const candidate of candidates) {
    const done = await deps.db.transaction().execute(async (tx) => {
      const card = await lockCardForReceiptPolicy(tx, orgId, candidate.card_id);
      if (!card || card.status !== 'active') return false;
      const missing = await overdueCount(tx, orgId, rules, card, now);
      if (missing === 0) return false;
      await deactivateCardForReceipts(tx, deps.jobs, card, RECEIPT_POLICY_TEXTS.auditDeactivated(missing, afterDays));
      await tellHolder(
        tx,
        card,
        RECEIPT_POLICY_TEXTS.deactivatedTitle,
        RECEIPT_POLICY_TEXTS.deactivatedBody(card, missing, afterDays),
      );
      return true;
    });
    if (done) deactivated++;
  }
  return deactivated;
}

/**
 * Reactivates a card the policy deactivated once nothing is held against it any more (its receipts arrived, stopped
 * being required, or the policy no longer deactivates), in the caller's transaction, with the card's row locked:
 * audited as the system, the issuer told through the outbox, the holder told. Today's Card Settings decide. Answers
 * whether it reactivated the card.
 */
export async function releaseCardIfClear(
  tx: Tx,
  jobs: Jobs,
  orgId: number,
  cardId: number,
  now: Date,
): Promise<boolean> {
  const card = await lockCardForReceiptPolicy(tx, orgId, cardId);
  if (!card || card.status !== 'inactive' || !card.receipt_policy_deactivated_at) return false;
  const rules = await receiptPolicyRulesOf(tx, orgId);
  if ((await overdueCount(tx, orgId, rules, card, now)) > 0) return false;
  if (!(await reactivateCardAfterReceipts(tx, jobs, card, RECEIPT_POLICY_TEXTS.auditReactivated))) return false;
  await tellHolder(tx, card, RECEIPT_POLICY_TEXTS.reactivatedTitle, RECEIPT_POLICY_TEXTS.reactivatedBody(card));
  return true;
}

/** Every card of the organisation the policy holds deactivated, released when clear. Answers how many. */
export async function releaseClearedCards(deps: CardHoldDeps, orgId: number, now: Date): Promise<number> {
  let released = 0;
  for (const cardId of await cardIdsDeactivatedByReceiptPolicy(deps.db, orgId)) {
    if (await deps.db.transaction().execute((tx) => releaseCardIfClear(tx, deps.jobs, orgId, cardId, now))) released++;
  }
  return released;
}
