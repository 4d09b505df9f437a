import type { Tx } from '../../db/database.js';
import type { Jobs } from '../../jobs/queue.js';
import { findCard, organisationsWithReceiptPolicyCards } from '../cards/service.js';
import { organisationsWithReceiptPolicy } from '../card-settings/service.js';
import { cardIdOfTransaction } from '../expenses/service.js';
import { deactivateOverdueCards, releaseCardIfClear, releaseClearedCards, type CardHoldDeps } from './card-holds.js';
import { sendDueReminders } from './reminders.js';
import { receiptPolicyRulesOf } from './rules.js';

export type ReceiptPolicyDeps = CardHoldDeps;

/** What the receipts.policy job carries: one organisation (its Card Settings changed), or none for all of them. */
export interface ReceiptPolicyJob {
  orgId?: number;
}

export interface ReceiptPolicyOutcome {
  reminded: number;
  deactivated: number;
  reactivated: number;
}

/**
 * The receipt policy (issue 21 point 4), the receipts.policy job's body: for each organisation whose Card Settings
 * remind or deactivate (or that still has a card the policy deactivated), cards that are clear are reactivated,
 * cardholders are reminded of purchases missing their receipt, and cards with overdue ones are deactivated. `now` is a
 * parameter so tests control the clock; the schedule passes the real one (jobs/workers.ts). Safe to run twice and from
 * several processes: reminders are claimed once per purchase, and each card is judged on its locked row.
 */
export async function runReceiptPolicy(
  deps: ReceiptPolicyDeps,
  now: Date,
  job: ReceiptPolicyJob = {},
): Promise<ReceiptPolicyOutcome> {
  const orgIds =
    job.orgId !== undefined
      ? [job.orgId]
      : [
          ...new Set([
            ...(await organisationsWithReceiptPolicy(deps.db)),
            ...(await organisationsWithReceiptPolicyCards(deps.db)),
          ]),
        ];
  const outcome: ReceiptPolicyOutcome = { reminded: 0, deactivated: 0, reactivated: 0 };
  for (const orgId of orgIds) {
    const rules = await receiptPolicyRulesOf(deps.db, orgId);
    outcome.reactivated += await releaseClearedCards(deps, orgId, now);
    outcome.reminded += await sendDueReminders(deps.db, orgId, rules, now);
    outcome.deactivated += await deactivateOverdueCards(deps, orgId, rules, now);
  }
  return outcome;
}

/**
 * A receipt was just attached to a transaction (by hand, or by the inbox's reading), in the caller's transaction: when
 * it was the last one the policy held the transaction's card deactivated for, the card is reactivated in the same
 * commit. A card the policy does not hold costs one read and no lock.
 */
export async function afterReceiptAttached(
  tx: Tx,
  jobs: Jobs,
  orgId: number,
  expenseId: number,
  now = new Date(),
): Promise<void> {
  const cardId = await cardIdOfTransaction(tx, orgId, expenseId);
  if (cardId === undefined) return;
  const card = await findCard(tx, orgId, cardId);
  // A deactivation committing after this read but counting before this attach waits for the next run (ten minutes).
  if (!card?.receipt_policy_deactivated_at) return;
  await releaseCardIfClear(tx, jobs, orgId, cardId, now);
}
