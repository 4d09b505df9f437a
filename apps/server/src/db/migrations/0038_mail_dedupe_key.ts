import { sql, type Kysely } from 'kysely';

/**
 * A message written by a job that may run twice (pg-boss retries a job whose transaction committed but whose
 * completion was lost) carries a key of that job's work: the second run finds it and queues nothing (issue 20.7's
 * notifications.mail job mailed twice after such a retry).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mail_messages ADD COLUMN dedupe_key text UNIQUE;`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mail_messages DROP COLUMN dedupe_key;`.execute(db);
}
