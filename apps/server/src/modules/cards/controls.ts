import { isDeepStrictEqual } from 'node:util';
import type { CardIdentityInput, cardIdentitySchema, SpendingControls } from '@wallet/contract';
import type { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { recordAudit, type AuditBy } from '../audit/service.js';
import { cardActivity, publishLive } from '../live/service.js';
import type { Actor } from '../users/service.js';
import { assertNotCanceled, cardSubject } from './card-guards.js';
import { queueIssuerSync } from './issuer-sync.js';
import { assertCanReachCard } from './policy.js';
import { lockCard, updateCard } from './repo.js';
import type { CardsDeps } from './service.js';
import { resetSpendWindows } from './spend-windows.js';
import type { CardRow } from './types.js';

/** A card's controls, identity and low-balance alert (issue 20 points 1, 4 and 7): each change on the locked card row. */

/**
 * PUT /api/cards/{id}/spending-controls (admins): the new controls, the card's spend windows recounted for its new
 * limits, the audit entry and the issuer's sync, in one transaction with the card locked (so no decision runs between
 * the controls and their windows). Our decision enforces them from the commit; the outbox tells the issuer after it.
 * The same controls again change nothing and record nothing.
 */
export async function setSpendingControls(
  deps: CardsDeps,
  orgId: number,
  cardId: number,
  controls: SpendingControls,
  by?: AuditBy,
): Promise<CardRow> {
  const changed = await deps.db.transaction().execute(async (tx) => {
    const card = await lockCard(tx, orgId, cardId);
    if (!card) throw notFound();
    assertNotCanceled(card);
    if (isDeepStrictEqual(card.spending_controls, controls)) return card;
    await updateCard(tx, card.id, { spending_controls: JSON.stringify(controls) });
    await resetSpendWindows(tx, card, controls);
    await recordAudit(tx, {
      orgId,
      by,
      action: 'card.controls_changed',
      subject: cardSubject(card),
      details: { holder_user_id: card.user_id, old_controls: card.spending_controls, new_controls: controls },
    });
    await queueIssuerSync(tx, deps.jobs, card, 'card_spending_limit');
    return { ...card, spending_controls: controls };
  });
  publishLive(deps.db, cardActivity(orgId, changed.id, changed.user_id));
  return changed;
}

type CardIdentityChange = z.output<typeof cardIdentitySchema>;
const IDENTITY_FIELDS = ['nickname', 'purpose', 'merchant_lock', 'allocation_expires_on'] as const;

/**
 * PATCH /api/cards/{id} (admins): the identity fields present change, audited with their old and new values. A new
 * allocation expiry clears the mark of an earlier one the expiry job carried out, so the new date is carried out too.
 */
export async function updateCardIdentity(
  deps: CardsDeps,
  orgId: number,
  cardId: number,
  change: CardIdentityChange,
  by?: AuditBy,
): Promise<CardRow> {
  const changed = await deps.db.transaction().execute(async (tx) => {
    const card = await lockCard(tx, orgId, cardId);
    if (!card) throw notFound();
    const fields = IDENTITY_FIELDS.filter((field) => field in change && change[field] !== card[field]);
    if (fields.length === 0) return card;
    const values = Object.fromEntries(fields.map((field) => [field, change[field] ?? null])) as CardIdentityInput;
    const expiryChanged = fields.includes('allocation_expires_on');
    await updateCard(tx, card.id, { ...values, ...(expiryChanged && { allocation_expired_at: null }) });
    await recordAudit(tx, {
      orgId,
      by,
      action: 'card.details_changed',
      subject: cardSubject(card),
      details: {
        holder_user_id: card.user_id,
        old: Object.fromEntries(fields.map((field) => [field, card[field]])),
        new: values,
      },
    });
    return { ...card, ...values, ...(expiryChanged && { allocation_expired_at: null }) } as CardRow;
  });
  publishLive(deps.db, cardActivity(orgId, changed.id, changed.user_id));
  return changed;
}

/**
 * PUT /api/cards/{id}/low-balance-alert: the holder (or an admin) chooses below what available to spend they hear
 * that the card runs low; null switches it off. Another's card is as missing to a member as another organisation's.
 */
export async function setLowBalanceThreshold(
  deps: Pick<CardsDeps, 'db'>,
  orgId: number,
  actor: Actor,
  cardId: number,
  threshold: number | null,
): Promise<CardRow> {
  return deps.db.transaction().execute(async (tx) => {
    const card = await lockCard(tx, orgId, cardId);
    assertCanReachCard(actor, card);
    if (card.low_balance_threshold !== threshold) await updateCard(tx, card.id, { low_balance_threshold: threshold });
    return { ...card, low_balance_threshold: threshold };
  });
}
