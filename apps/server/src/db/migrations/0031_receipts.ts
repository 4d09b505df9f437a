import { sql, type Kysely } from 'kysely';

/**
 * Receipts (issue 21): the file lives in the receipt storage (DATA_DIR/receipts by default) under a random key, never
 * a path a client names or guesses; this row says whose it is and which transaction it belongs to (at most one
 * receipt per transaction; none yet for a receipt waiting in the inbox).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE receipts (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL,
      -- The service attaches only a transaction of the same organisation (expenses has no (org_id, id) key to name).
      expense_id bigint REFERENCES expenses (id) ON DELETE CASCADE,
      uploaded_by bigint,
      storage_key text NOT NULL UNIQUE,
      type text NOT NULL CHECK (type IN ('jpeg', 'png', 'heic', 'pdf')),
      byte_size integer NOT NULL CHECK (byte_size > 0),
      sha256 text NOT NULL,
      file_name text NOT NULL,
      -- The inbox's reading (null: attached by hand, never read): queued, read, unreadable (a HEIC), failed.
      reading text CHECK (reading IN ('queued', 'read', 'unreadable', 'failed')),
      -- What the reading found ({amount, date, merchant}) and the transaction it points to ({expense_id, confidence}).
      ocr jsonb,
      match jsonb,
      read_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (org_id, uploaded_by) REFERENCES users (org_id, id) ON DELETE SET NULL (uploaded_by)
    );
    CREATE UNIQUE INDEX receipts_one_per_expense ON receipts (org_id, expense_id) WHERE expense_id IS NOT NULL;
    CREATE INDEX receipts_unattached ON receipts (org_id, uploaded_by, id DESC) WHERE expense_id IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE receipts;`.execute(db);
}
