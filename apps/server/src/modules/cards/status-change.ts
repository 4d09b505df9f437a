import { CARD_MESSAGES, TERMS_EXEMPT_BEFORE, isWalletUser } from '@wallet/contract';
import type { Tx } from '../../db/database.js';
import { conflict } from '../../http/errors.js';
import type { Jobs } from '../../jobs/queue.js';
import { recordAudit, type AuditBy, type SYSTEM } from '../audit/service.js';
import { findUserWithRoles } from '../users/service.js';
import { assertNotCanceled, cardSubject } from './card-guards.js';
import { queueIssuerSync } from './issuer-sync.js';
import { setReceiptPolicyMarks } from './receipt-policy-repo.js';
import { updateCard } from './repo.js';
import type { CardRow } from './types.js';

/** A holder created on or after 2023-06-01 must have accepted the issuing terms before a card is activated. */
function needsTermsAcceptance(holder: { created_at: Date; issuing_tos_accepted_at: Date | null }): boolean {
  return !holder.issuing_tos_accepted_at && holder.created_at >= new Date(TERMS_EXEMPT_BEFORE);
}

export interface StatusChange {
  /** Why, in the audit log's details (the receipt policy's reason). */
  reason?: string;
  /** The receipt policy deactivates (marks the card) or reactivates it; anyone else's change clears its mark. */
  byReceiptPolicy?: boolean;
}

/**
 * A card's status set on its locked row: an admin's PUT status and the receipt policy go through here alike. Activating
 * needs a holder who may hold an active card (409 otherwise); a change is audited and queued for the issuer (the
 * outbox) in the caller's transaction. A person's change over the receipt policy ends the policy's hold on the card,
 * and activating it forgives what was overdue by then.
 */
export async function changeCardStatus(
  tx: Tx,
  jobs: Jobs,
  card: CardRow,
  status: 'active' | 'inactive',
  by: AuditBy | typeof SYSTEM | undefined,
  change: StatusChange = {},
): Promise<CardRow> {
  assertNotCanceled(card);
  if (status === 'active') {
    const holder = await findUserWithRoles(tx, card.org_id, card.user_id);
    if (!holder || !isWalletUser(holder.roles)) throw conflict(CARD_MESSAGES.holderNotWalletUser);
    if (needsTermsAcceptance(holder)) throw conflict(CARD_MESSAGES.termsNotAccepted);
  }
  if (card.status === status) return card;
  await updateCard(tx, card.id, { status });
  const now = new Date();
  const marks = change.byReceiptPolicy
    ? { receipt_policy_deactivated_at: status === 'inactive' ? now : null }
    : card.receipt_policy_deactivated_at
      ? { receipt_policy_deactivated_at: null, ...(status === 'active' && { receipt_policy_exempt_before: now }) }
      : null;
  if (marks) await setReceiptPolicyMarks(tx, card.id, marks);
  await recordAudit(tx, {
    orgId: card.org_id,
    by,
    action: 'card.status_changed',
    subject: cardSubject(card),
    details: {
      holder_user_id: card.user_id,
      old_status: card.status,
      new_status: status,
      ...(change.reason && { reason: change.reason }),
    },
  });
  await queueIssuerSync(tx, jobs, card, 'card_status');
  return { ...card, status, ...marks };
}
