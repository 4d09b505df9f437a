import { sql, type Kysely } from 'kysely';

/**
 * Spend per card per window (issue 20 point 2, cards/spend-windows.ts) and the purchase notifier's cursor
 * (authorizations/purchase-notifier.ts).
 *
 * card_spend_windows has one row per card and limited interval holding its current window: a new window is an UPDATE
 * of that row, never a new row. The decision reads the row FOR UPDATE after locking the card, and under READ
 * COMMITTED a locked row is re-read at its newest committed version, while a row another transaction inserted after
 * the statement's snapshot would stay invisible (200 purchases racing at the start of a day would each see nothing
 * spent). So the row exists from the moment the limit is set (resetSpendWindows) and only ever changes in place.
 *
 * authorization_holds.available_after: what the card had left to spend once an approved hold was taken, written by the
 * decision's own INSERT, so the notifier tells a "card low" crossing exactly without reading the past.
 *
 * purchase_notifier_cursor: one row; the holds table is the notifier's outbox, read in id order past last_hold_id up
 * to a horizon (the newest id seen and the snapshot it was seen in) that is safe once every transaction in progress
 * then has finished (a lower id can still be committing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE card_spend_windows (
      org_id bigint NOT NULL,
      card_id bigint NOT NULL,
      interval text NOT NULL CHECK (interval IN ('daily', 'weekly', 'monthly', 'yearly')),
      window_start date NOT NULL,
      spent bigint NOT NULL DEFAULT 0 CHECK (spent >= 0),
      PRIMARY KEY (card_id, interval),
      FOREIGN KEY (org_id, card_id) REFERENCES cards (org_id, id) ON DELETE CASCADE
    );
    CREATE INDEX card_spend_windows_org ON card_spend_windows (org_id);

    ALTER TABLE authorization_holds ADD COLUMN available_after bigint;
    -- A person's declines, newest first (GET /api/users/{id}/declines); declines only, so approvals never touch it.
    CREATE INDEX authorization_holds_user_declined ON authorization_holds (org_id, user_id, created_at DESC)
      WHERE NOT approved;

    CREATE TABLE purchase_notifier_cursor (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      last_hold_id bigint NOT NULL,
      horizon_id bigint,
      horizon_snapshot pg_snapshot,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- Holds decided before this migration were never meant to be told of.
    INSERT INTO purchase_notifier_cursor (last_hold_id) SELECT coalesce(max(id), 0) FROM authorization_holds;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE purchase_notifier_cursor;
    DROP INDEX authorization_holds_user_declined;
    ALTER TABLE authorization_holds DROP COLUMN available_after;
    DROP TABLE card_spend_windows;
  `.execute(db);
}
