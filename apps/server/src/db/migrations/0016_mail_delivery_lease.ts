import { sql, type Kysely } from 'kysely';

/**
 * A mail being sent is claimed for a while (sending_until): two delivery jobs of one message (the first one's
 * process died mid-send, or a restart queued it again) never both send it, and after a crash the messages nobody
 * is sending can be queued again at once instead of waiting for pg-boss to expire the lost job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mail_messages ADD COLUMN sending_until timestamptz`.execute(db);
  await sql`CREATE INDEX mail_messages_queued ON mail_messages (id) WHERE status = 'queued'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS mail_messages_queued`.execute(db);
  await sql`ALTER TABLE mail_messages DROP COLUMN IF EXISTS sending_until`.execute(db);
}
