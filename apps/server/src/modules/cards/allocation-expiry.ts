import { formatCents } from '@wallet/contract';
import type { Db, Tx } from '../../db/database.js';
import { recordAudit, SYSTEM } from '../audit/service.js';
import { afterFundsChanged } from '../card-settings/service.js';
import { recordCardAllocation } from '../ledger/service.js';
import { cardActivity, organisationFundsChanged, publishLive } from '../live/service.js';
import { notify } from '../notifications/service.js';
import { cardSubject } from './card-guards.js';
import { queueIssuerSync } from './issuer-sync.js';
import { lockDueAllocation, updateCard } from './repo.js';
import { setReceiptPolicyMarks } from './receipt-policy-repo.js';
import type { CardsDeps } from './service.js';
import type { CardRow } from './types.js';

/**
 * Allocation expiry (issue 20 point 4): on a card's allocation_expires_on (UTC) what it has left to spend returns to the
 * organisation and the card is deactivated. `today` is a parameter so tests control the clock; the pg-boss schedule
 * passes the real one (jobs/workers.ts). Safe to run twice and from several processes: each card is taken with its row
 * locked (SKIP LOCKED, so two runs share the work), and marked (allocation_expired_at) in the same transaction.
 * Returns how many cards expired.
 */
export async function expireDueAllocations(deps: Pick<CardsDeps, 'db' | 'jobs'>, today: string): Promise<number> {
  let expired = 0;
  for (;;) {
    const card = await deps.db.transaction().execute(async (tx) => {
      const due = await lockDueAllocation(tx, today);
      if (due?.allocation_expired_at) await returnReleasedAfterExpiry(tx, deps, due);
      else if (due) await expireAllocation(tx, deps, due);
      return due;
    });
    if (!card) return expired;
    expired++;
    publishLive(deps.db, cardActivity(card.org_id, card.id, card.user_id));
    publishLive(deps.db, organisationFundsChanged(card.org_id));
    await afterFundsChanged(deps.db, card.org_id);
  }
}

/**
 * What a hold released after the expiry freed on an expired card (it cannot spend it) goes back as well: audited like
 * the expiry, the holder not told again. The reference names the limit it lowers, which only falls while the card
 * stays expired, so a retry finds its movement and moves nothing twice.
 */
async function returnReleasedAfterExpiry(tx: Tx, deps: { jobs: CardsDeps['jobs'] }, card: CardRow): Promise<void> {
  const free = card.spending_limit - card.holds_amount;
  await returnFree(tx, deps, card, free, `${card.allocation_expires_on}:${card.spending_limit}`);
  await updateCard(tx, card.id, { spending_limit: card.holds_amount });
  await auditExpiry(tx, card, free, { released_after_expiry: true });
}

/** The free part back to the organisation (card_defunding, referenced per card and `occasion`), the issuer told. */
async function returnFree(tx: Tx, deps: { jobs: CardsDeps['jobs'] }, card: CardRow, free: number, occasion: string) {
  await recordCardAllocation(tx, {
    orgId: card.org_id,
    cardId: card.id,
    userId: card.user_id,
    reference: `allocation-expiry:${card.id}:${occasion}`,
    delta: -free,
    description: 'Allocation expired',
    createdBy: null,
  });
  await queueIssuerSync(tx, deps.jobs, card, 'card_spending_limit');
}

/** card.allocation_expired, as the system: what returned, the limit before and after, and `more` of the occasion. */
async function auditExpiry(tx: Tx, card: CardRow, returned: number, more: Record<string, unknown>) {
  await recordAudit(tx, {
    orgId: card.org_id,
    by: SYSTEM,
    action: 'card.allocation_expired',
    subject: cardSubject(card),
    details: {
      holder_user_id: card.user_id,
      expired_on: card.allocation_expires_on,
      returned,
      old_spending_limit: card.spending_limit,
      new_spending_limit: card.spending_limit - returned,
      ...more,
    },
  });
}

/**
 * One card's expiry on its locked row: the free part (spending limit - holds) goes back through the same ledger movement
 * as lowering its balance (card_defunding); what it holds stays, promised to merchants until the issuer settles it.
 */
async function expireAllocation(tx: Tx, deps: { db: Db; jobs: CardsDeps['jobs'] }, card: CardRow): Promise<void> {
  const free = Math.max(0, card.spending_limit - card.holds_amount);
  // One expiry per card and date: a retry (or a second run) finds its movement and moves nothing twice.
  if (free > 0) await returnFree(tx, deps, card, free, `${card.allocation_expires_on}`);
  await updateCard(tx, card.id, {
    spending_limit: card.spending_limit - free,
    allocation_expired_at: new Date(),
    ...(card.status === 'active' && { status: 'inactive' as const }),
  });
  if (card.status === 'active') await queueIssuerSync(tx, deps.jobs, card, 'card_status');
  // Expired, the card stays inactive until an admin acts: the receipt policy no longer reactivates it.
  if (card.receipt_policy_deactivated_at)
    await setReceiptPolicyMarks(tx, card.id, { receipt_policy_deactivated_at: null });
  await auditExpiry(tx, card, free, {
    old_status: card.status,
    new_status: card.status === 'active' ? 'inactive' : card.status,
  });
  // The holder's card has nothing left to spend: the card-low kind, whose switches they set.
  await notify(tx, [
    {
      orgId: card.org_id,
      userId: card.user_id,
      kind: 'card_low',
      title: 'Card allocation expired',
      body:
        free > 0
          ? `The ${formatCents(free)} left on your card •••• ${card.last4} returned to the organisation; the card is now inactive.`
          : `The allocation of your card •••• ${card.last4} expired; the card is now inactive.`,
      link: `/cards/${card.id}`,
    },
  ]);
}
