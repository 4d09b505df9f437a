import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { organizationOrigin } from '../../http/public-url.js';
import { QUEUES, sendJobInTransaction, type Jobs } from '../../jobs/queue.js';
import { queueMail, queueMailInTransaction, renderMail, type MailContent } from '../mail/service.js';
import { findOrganizationById } from '../orgs/service.js';
import { findUserById, findUsersByIds, fullName } from '../users/service.js';
import type { Notice } from './notice.js';

/** What the notifications.mail job carries: a notice to mail in the standard layout. */
export type NoticeMailJob = Pick<Notice, 'orgId' | 'userId' | 'kind' | 'title' | 'body' | 'link'>;

export const NOTICE_MAIL_FOOTNOTE = 'You can choose which emails you get in Account Settings → Notifications.';

/**
 * Queues the mail of each notice, in the caller's transaction. A notice with its producer's own mail (one-click
 * links) is recorded as it is; the others go to the notifications.mail job, which knows the organisation's public
 * address for the link (notify holds only the transaction).
 */
export async function mailNotices(tx: DbOrTx, notices: readonly Notice[]): Promise<void> {
  const written = notices.filter((notice): notice is Notice & { mail: MailContent } => notice.mail !== undefined);
  for (const notice of notices) {
    if (notice.mail) continue;
    const { orgId, userId, kind, title, body, link } = notice;
    await sendJobInTransaction(tx, QUEUES.mailNotification, { orgId, userId, kind, title, body, link });
  }
  for (const orgId of new Set(written.map((notice) => notice.orgId))) {
    const ofOrg = written.filter((notice) => notice.orgId === orgId);
    const people = new Map(
      (await findUsersByIds(tx, orgId, [...new Set(ofOrg.map((notice) => notice.userId))])).map((user) => [
        user.id,
        user,
      ]),
    );
    for (const notice of ofOrg) {
      const person = people.get(notice.userId);
      if (!person) continue;
      await queueMailInTransaction(tx, {
        orgId,
        kind: notice.kind,
        to: { email: person.email, name: fullName(person) },
        content: notice.mail,
      });
    }
  }
}

/** The notifications.mail job: the notice in the mail layout, its link on the organisation's own address. */
export async function mailNotice(
  deps: { db: Db; jobs: Jobs; config: Pick<Config, 'PUBLIC_URL' | 'DEFAULT_ORG'> },
  job: NoticeMailJob,
): Promise<void> {
  const [organization, person] = await Promise.all([
    findOrganizationById(deps.db, job.orgId),
    findUserById(deps.db, job.orgId, job.userId),
  ]);
  if (!organization || !person) return;
  const content = renderMail({
    organisation: organization.name,
    subject: job.title,
    greeting: `Hi ${person.first_name},`,
    paragraphs: [job.body],
    ...(job.link && {
      action: {
        label: 'Open in Spend Wallet',
        url: new URL(job.link, organizationOrigin(deps.config, organization)).toString(),
      },
    }),
    footnote: NOTICE_MAIL_FOOTNOTE,
  });
  await deps.db.transaction().execute((tx) =>
    queueMail(tx, deps.jobs, {
      orgId: job.orgId,
      kind: job.kind,
      to: { email: person.email, name: fullName(person) },
      content,
    }),
  );
}
