import { sql, type Kysely } from 'kysely';

/**
 * Month close (issue 21.6): the months an organisation closed (UTC, kept as the date of their 1st). A transaction
 * posted in a closed month is locked against edits. Reopening deletes the row; the audit log keeps the history
 * (month.closed, month.reopened).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE month_closes (
      org_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      month date NOT NULL CHECK (extract(day FROM month) = 1),
      closed_at timestamptz NOT NULL DEFAULT now(),
      closed_by bigint,
      PRIMARY KEY (org_id, month),
      FOREIGN KEY (org_id, closed_by) REFERENCES users (org_id, id) ON DELETE SET NULL (closed_by)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE month_closes;`.execute(db);
}
