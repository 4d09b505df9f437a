import { sql } from 'kysely';
import type { DbOrTx, Tx } from '../../db/database.js';
import type { HoldRow } from './repo.js';

/**
 * The purchase notifier's SQL (purchase-notifier.ts): its cursor row and the holds it reads. The holds table is its
 * outbox, read past the cursor in id order.
 */

export interface NotifierCursor {
  last_hold_id: number;
  horizon_id: number | null;
  /** Every transaction that was in progress when the horizon was taken has ended: holds up to it are all visible. */
  horizon_safe: boolean;
}

/** The cursor, locked for this transaction; undefined while another notifier holds it (one works at a time). */
export async function lockCursor(tx: Tx): Promise<NotifierCursor | undefined> {
  const { rows } = await sql<NotifierCursor>`
    SELECT last_hold_id, horizon_id,
      horizon_snapshot IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM pg_snapshot_xip(horizon_snapshot) AS running(xid) WHERE pg_xact_status(running.xid) = 'in progress'
      ) AS horizon_safe
    FROM purchase_notifier_cursor
    WHERE id = 1
    FOR UPDATE SKIP LOCKED
  `.execute(tx);
  return rows[0];
}

/**
 * The newest hold id now and the snapshot it was read in. A hold with a lower id that is not visible yet belongs to a
 * transaction in that snapshot's in-progress list (a decision takes its transaction id, by locking the card, before
 * its hold takes an id), so once those have all ended every hold up to this id can be read.
 */
export async function newestHold(tx: Tx): Promise<{ id: number | null; snapshot: string }> {
  const { rows } = await sql<{ id: number | null; snapshot: string }>`
    SELECT (SELECT max(id) FROM authorization_holds) AS id, pg_current_snapshot()::text AS snapshot
  `.execute(tx);
  return rows[0]!;
}

/** Moves the cursor; a new horizon when given (null id: none), else the horizon stays. */
export async function saveCursor(
  tx: Tx,
  cursor: { last_hold_id: number; horizon?: { id: number | null; snapshot: string | null } },
): Promise<void> {
  const horizon = cursor.horizon
    ? sql`, horizon_id = ${cursor.horizon.id}, horizon_snapshot = ${cursor.horizon.snapshot}::pg_snapshot`
    : sql``;
  await sql`
    UPDATE purchase_notifier_cursor SET last_hold_id = ${cursor.last_hold_id}${horizon}, updated_at = now()
    WHERE id = 1
  `.execute(tx);
}

export type NoticeHold = Pick<
  HoldRow,
  | 'id'
  | 'org_id'
  | 'card_id'
  | 'user_id'
  | 'approved'
  | 'decline_reason'
  | 'decline_detail'
  | 'requested_amount'
  | 'amount'
  | 'available_after'
  | 'merchant_data'
  | 'created_at'
>;

/** Decided holds with ids in (after, upTo], oldest first. */
export function holdsToTell(db: DbOrTx, after: number, upTo: number, limit: number): Promise<NoticeHold[]> {
  return db
    .selectFrom('authorization_holds')
    .select([
      'id',
      'org_id',
      'card_id',
      'user_id',
      'approved',
      'decline_reason',
      'decline_detail',
      'requested_amount',
      'amount',
      'available_after',
      'merchant_data',
      'created_at',
    ])
    .where('id', '>', after)
    .where('id', '<=', upTo)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Moves the cursor past every hold there is now: those purchases are never told of (a seeded history). */
export async function skipHoldsSoFar(db: DbOrTx): Promise<void> {
  await sql`
    UPDATE purchase_notifier_cursor
    SET last_hold_id = (SELECT coalesce(max(id), 0) FROM authorization_holds), horizon_id = NULL,
      horizon_snapshot = NULL, updated_at = now()
    WHERE id = 1
  `.execute(db);
}
