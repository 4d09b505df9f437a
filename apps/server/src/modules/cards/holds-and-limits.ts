import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx, Tx } from '../../db/database.js';
import { applyCardMovement, lockCard, lockCardByProviderId } from './repo.js';
import type { CardRow } from './types.js';

/**
 * The card row's money columns as other modules move them: `holds_amount` (the cached sum of pending holds) and
 * `spending_limit` (what is allocated). Authorisations and expenses call these instead of writing `cards`; every
 * movement happens on the card row locked first, in the caller's transaction (ARCHITECTURE.md, Money).
 */

/** Locks the card for a movement of its holds or limit; undefined when the organisation has no such card. */
export function lockCardForMovement(tx: DbOrTx, orgId: number, cardId: number): Promise<CardRow | undefined> {
  return lockCard(tx, orgId, cardId);
}

/** Locks the card the issuer names (any organisation: the issuer's id is unique to it). */
export function lockIssuerCard(tx: DbOrTx, provider: string, providerCardId: string): Promise<CardRow | undefined> {
  return lockCardByProviderId(tx, provider, providerCardId);
}

/** Moves the card's pending-holds sum by `delta` cents; `used` marks it used (an approved purchase or increment). */
export async function moveHolds(tx: Tx, cardId: number, delta: number, options: { used?: boolean } = {}) {
  await applyCardMovement(tx, cardId, { holdsDelta: delta, used: options.used });
}

/** Moves the card's spending limit by `delta` cents: down by a capture, up by a refund. */
export async function moveSpendingLimit(tx: Tx, cardId: number, delta: number) {
  await applyCardMovement(tx, cardId, { limitDelta: delta });
}

// ---------------------------------------------------------------------------------------------------------------
// The authorisation decision is one statement (authorizations/repo.ts decideAndHoldQuery) for speed: these are its
// parts on the cards table, so the SQL that reads and writes `cards` stays in this module.

/** Which card a decision is about: ours within an organisation (the simulator: of that issuer), or the issuer's id. */
export type DecisionCard =
  { orgId: number; cardId: number; provider?: string } | { provider: string; providerCardId: string };

/**
 * The card's row for a decision, locked while the statement runs (FOR NO KEY UPDATE: a concurrent decision on the
 * same card waits, then sees the committed row). Columns: id, org_id, user_id, status, spending_limit, holds_amount,
 * and the controls: spending_controls, merchant_lock, allocation_expires_on.
 */
export function lockedCardForDecision(card: DecisionCard): RawBuilder<unknown> {
  const where = !('cardId' in card)
    ? sql`provider = ${card.provider} AND provider_card_id = ${card.providerCardId}`
    : card.provider === undefined
      ? sql`org_id = ${card.orgId} AND id = ${card.cardId}`
      : sql`org_id = ${card.orgId} AND id = ${card.cardId} AND provider = ${card.provider}`;
  return sql`
      SELECT id, org_id, user_id, status, spending_limit, holds_amount, spending_controls, merchant_lock,
        allocation_expires_on
      FROM cards
      WHERE ${where}
      FOR NO KEY UPDATE`;
}

/**
 * The UPDATE that raises the card's holds by the approved hold the statement inserted (the CTE named `hold`, with
 * card_id, amount and approved), and marks the card used. What the cards table caches moves in the same statement.
 */
export function raiseHoldsOfApprovedHold(hold: string): RawBuilder<unknown> {
  const ref = (column: string) => sql.ref(`${hold}.${column}`);
  return sql`
      -- last_used_at is indexed (cards_org_last_used): rewriting it on every purchase would put new entries in
      -- every index of cards each time. At minute precision a busy card's updates stay HOT (heap only), which
      -- cut the WAL per decision by about 40% in the bench and shortens the time the row stays locked.
      UPDATE cards SET
        holds_amount = cards.holds_amount + ${ref('amount')},
        last_used_at = CASE WHEN cards.last_used_at IS NULL OR cards.last_used_at < now() - interval '1 minute' THEN now() ELSE cards.last_used_at END
      FROM ${sql.table(hold)}
      WHERE cards.id = ${ref('card_id')} AND ${ref('approved')}
      RETURNING cards.id`;
}
