import type { NotificationKind, NotificationPreferences } from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import { QUEUES, type Jobs } from '../../jobs/queue.js';
import type { MailContent } from './templates.js';
import type { MailTransport } from './transport.js';
import {
  markFailed, countMessages, findMessage, findOrgMessage, insertMessage, listMessages, markAttemptFailed, markDelivered, preferencesOf, upsertPreferences,
} from './repo.js';

export { renderMail, escapeHtml } from './templates.js';
export { countMessages, findOrgMessage, listMessages };

/** pg-boss's first try plus its retries (jobs/queue.ts RETRY.retryLimit). */
export const MAIL_DELIVERY_ATTEMPTS = 9;

export interface OutgoingMail {
  orgId: number;
  kind: string;
  to: { email: string; name?: string };
  content: MailContent;
  /** A mail a user may switch off in Account Settings -> Notifications. */
  preference?: { userId: number; kind: NotificationKind };
}

const DEFAULT_PREFERENCES: NotificationPreferences = { approval_needed: true, request_decided: true, card_funded: true };

export async function notificationPreferences(db: DbOrTx, orgId: number, userId: number): Promise<NotificationPreferences> {
  const row = await preferencesOf(db, orgId, userId);
  return row ? { approval_needed: row.approval_needed, request_decided: row.request_decided, card_funded: row.card_funded } : DEFAULT_PREFERENCES;
}

export function saveNotificationPreferences(db: DbOrTx, orgId: number, userId: number, preferences: NotificationPreferences) {
  return upsertPreferences(db, orgId, userId, preferences);
}

/**
 * Records the mail and queues its delivery in the caller's transaction: if the work that caused it rolls back,
 * no mail goes out. Returns the message id, or null when the recipient switched this kind of mail off.
 */
export async function queueMail(tx: DbOrTx, jobs: Jobs, mail: OutgoingMail): Promise<number | null> {
  if (mail.preference) {
    const preferences = await notificationPreferences(tx, mail.orgId, mail.preference.userId);
    if (!preferences[mail.preference.kind]) return null;
  }
  const { id } = await insertMessage(tx, {
    org_id: mail.orgId,
    kind: mail.kind,
    to_email: mail.to.email,
    to_name: mail.to.name ?? null,
    subject: mail.content.subject,
    html_body: mail.content.html,
    text_body: mail.content.text,
  });
  await jobs.send(QUEUES.deliverMail, { id }, { tx });
  return id;
}

/** The job: sends over SMTP (or keeps it in the outbox). Safe to run twice: a delivered message is skipped. */
export async function deliverMail(db: DbOrTx, transport: MailTransport | null, from: string, id: number): Promise<void> {
  const message = await findMessage(db, id);
  if (!message || message.status === 'sent' || message.status === 'stored') return;
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
