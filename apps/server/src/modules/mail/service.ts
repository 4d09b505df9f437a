import type { DbOrTx } from '../../db/database.js';
import { QUEUES, sendJobInTransaction, type Jobs } from '../../jobs/queue.js';
import type { MailContent } from './templates.js';
import type { MailTransport } from './transport.js';
import {
  claimForSending,
  unclaimedQueuedIds,
  markFailed,
  countMessages,
  findOrgMessage,
  insertMessage,
  insertMessageOnce,
  listMessages,
  markAttemptFailed,
  markDelivered,
} from './repo.js';

export { renderMail, escapeHtml, type MailContent } from './templates.js';

/** At most this many messages are queued again at a start (more wait for the next start or pg-boss's retries). */
const REQUEUE_LIMIT = 10_000;

/**
 * At a start: every queued message no sender holds gets a delivery job again. A job lost with a killed process
 * would otherwise wait for pg-boss to expire it; a message with a live job too is harmless, as the claim lets one
 * job send it. A message waiting for a retry after a failed attempt is simply tried once more now.
 */
export async function requeueUnclaimedMail(db: DbOrTx, jobs: Jobs): Promise<number> {
  const ids = await unclaimedQueuedIds(db, REQUEUE_LIMIT);
  for (const id of ids) await jobs.send(QUEUES.deliverMail, { id });
  return ids.length;
}
export { countMessages, findOrgMessage, listMessages };

/** pg-boss's first try plus its retries (jobs/queue.ts RETRY.retryLimit). */
export const MAIL_DELIVERY_ATTEMPTS = 9;

export interface OutgoingMail {
  orgId: number;
  kind: string;
  to: { email: string; name?: string };
  content: MailContent;
}

/**
 * Records the mail and queues its delivery in the caller's transaction: if the work that caused it rolls back,
 * no mail goes out. Returns the message id. Mails a person may switch off go through notify (notifications).
 */
export async function queueMail(tx: DbOrTx, jobs: Jobs, mail: OutgoingMail): Promise<number> {
  const id = await recordMessage(tx, mail);
  await jobs.send(QUEUES.deliverMail, { id }, { tx });
  return id;
}

/**
 * queueMail for a job that may run twice: `dedupeKey` names this mail of that job's work, and a second run finds it
 * and queues nothing. Returns the message id, or undefined when it was queued before.
 */
export async function queueMailOnce(
  tx: DbOrTx,
  jobs: Jobs,
  mail: OutgoingMail,
  dedupeKey: string,
): Promise<number | undefined> {
  const written = await insertMessageOnce(tx, { ...messageValues(mail), dedupe_key: dedupeKey });
  if (written) await jobs.send(QUEUES.deliverMail, { id: written.id }, { tx });
  return written?.id;
}

/**
 * queueMail for code that holds only the transaction (notify): the delivery job is written through it
 * (jobs/queue.ts sendJobInTransaction), so the mail goes out exactly when the transaction commits.
 */
export async function queueMailInTransaction(tx: DbOrTx, mail: OutgoingMail): Promise<number> {
  const id = await recordMessage(tx, mail);
  await sendJobInTransaction(tx, QUEUES.deliverMail, { id });
  return id;
}

const messageValues = (mail: OutgoingMail) => ({
  org_id: mail.orgId,
  kind: mail.kind,
  to_email: mail.to.email,
  to_name: mail.to.name ?? null,
  subject: mail.content.subject,
  html_body: mail.content.html,
  text_body: mail.content.text,
});

async function recordMessage(tx: DbOrTx, mail: OutgoingMail): Promise<number> {
  const { id } = await insertMessage(tx, messageValues(mail));
  return id;
}

/**
 * How long one sender holds a message: far longer than a send can take (transport.ts: SMTP timeouts of 10-30 s), so
 * a second job of the message waits instead of sending it again; a sender that died lets it go when this runs out.
 */
export const MAIL_SEND_LEASE_SECONDS = 120;

/**
 * The job: sends over SMTP (or keeps it in the outbox). Safe to run twice, even at once: the message is claimed
 * first, a delivered one is skipped, and one claimed by another sender is tried again later (the job fails and
 * pg-boss retries it with backoff) in case that sender died.
 */
export async function deliverMail(
  db: DbOrTx,
  transport: MailTransport | null,
  from: string,
  id: number,
): Promise<void> {
  const message = await claimForSending(db, id, MAIL_SEND_LEASE_SECONDS);
  if (message === 'done') return;
  if (message === 'busy')
    throw new Error(`Mail ${id} is being sent by another job; trying again after its claim runs out.`);
  if (!transport) {
    await markDelivered(db, id, 'stored');
    return;
  }
  const to = message.to_name ? `"${message.to_name.replace(/["\\]/g, '')}" <${message.to_email}>` : message.to_email;
  try {
    await transport.send({ from, to, subject: message.subject, html: message.html_body, text: message.text_body });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await markAttemptFailed(db, id, reason);
    // After the last retry the message is marked failed so the outbox says so; until then pg-boss retries.
    if (message.attempts + 1 >= MAIL_DELIVERY_ATTEMPTS) await markFailed(db, id);
    throw error;
  }
  await markDelivered(db, id, 'sent');
}
