import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { QUEUES } from '../../jobs/queue.js';
import { waitFor } from '../../test/helpers.js';

/**
 * Waits until no notifications.mail job is queued or running, so every mail notify() asked for is in mail_messages
 * (a notice without its producer's own mail is written by that job, after the commit).
 */
export async function waitForNotificationMails(db: Db, timeoutMs = 20_000): Promise<void> {
  await waitFor(async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pgboss.job
      WHERE name = ${QUEUES.mailNotification} AND state IN ('created', 'retry', 'active')`.execute(db);
    return rows[0]!.n === 0;
  }, timeoutMs);
}

/** The mails of one kind to one address, oldest first, once the notification mail jobs are done. */
export async function notificationMailsTo(db: Db, email: string, kind: string) {
  await waitForNotificationMails(db);
  return db
    .selectFrom('mail_messages')
    .select(['id', 'subject', 'text_body', 'html_body', 'status'])
    .where('to_email', '=', email)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
}
