import type { Tx } from '../../db/database.js';
import { HttpError } from '../../http/errors.js';
import type { Jobs } from '../../jobs/queue.js';
import { SYSTEM } from '../audit/service.js';
import { setReceiptPolicyMarks } from './receipt-policy-repo.js';
import { lockCard } from './repo.js';
import { changeCardStatus } from './status-change.js';
import type { CardRow } from './types.js';

export { cardIdsDeactivatedByReceiptPolicy, organisationsWithReceiptPolicyCards } from './receipt-policy-repo.js';

/** The card, locked, for the receipt policy to judge (undefined when the organisation has no such card). */
export function lockCardForReceiptPolicy(tx: Tx, orgId: number, cardId: number): Promise<CardRow | undefined> {
  return lockCard(tx, orgId, cardId);
}

/**
 * The receipt policy deactivates an active card (the locked row): the same status change as an admin's, audited as
 * the system with the reason, the issuer told through the outbox, and the card marked as the policy's to reactivate.
 */
export function deactivateCardForReceipts(tx: Tx, jobs: Jobs, card: CardRow, reason: string): Promise<CardRow> {
  return changeCardStatus(tx, jobs, card, 'inactive', SYSTEM, { reason, byReceiptPolicy: true });
}

/**
 * The receipt policy reactivates a card it deactivated (the locked row, still inactive and marked). A holder who may
 * no longer hold an active card (no wallet role, terms not accepted) leaves it inactive and unmarked, for an admin to
 * decide: answers whether it is active again.
 */
export async function reactivateCardAfterReceipts(tx: Tx, jobs: Jobs, card: CardRow, reason: string): Promise<boolean> {
  if (card.status !== 'inactive' || !card.receipt_policy_deactivated_at) return false;
  try {
    await changeCardStatus(tx, jobs, card, 'active', SYSTEM, { reason, byReceiptPolicy: true });
    return true;
  } catch (error) {
    // Refused before anything was written (changeCardStatus checks the holder first).
    if (!(error instanceof HttpError)) throw error;
    await setReceiptPolicyMarks(tx, card.id, { receipt_policy_deactivated_at: null });
    return false;
  }
}
