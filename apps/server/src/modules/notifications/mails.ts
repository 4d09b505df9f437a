import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { organizationOrigin } from '../../http/public-url.js';
import { QUEUES, sendJobInTransaction, type Jobs } from '../../jobs/queue.js';
import { queueMail, queueMailInTransaction, queueMailOnce, renderMail, type MailContent } from '../mail/service.js';
import { findOrganizationById } from '../orgs/service.js';
import { findUsersByIds, fullName } from '../users/service.js';
import type { Notice } from './notice.js';

type NoticeToMail = Pick<Notice, 'orgId' | 'userId' | 'kind' | 'title' | 'body' | 'link'>;
/** What the notifications.mail job carries: the notices of one notify() call to mail in the standard layout. */
export interface NoticeMailJob {
  /** Names this batch's mails, so a retried job queues none twice (absent in jobs queued before it existed). */
  key?: string;
  notices: NoticeToMail[];
}

export const NOTICE_MAIL_FOOTNOTE = 'You can choose which emails you get in Account Settings → Notifications.';

/**
 * Queues the mail of each notice, in the caller's transaction. A notice with its producer's own mail (one-click
 * links) is recorded as it is; the others go to the notifications.mail job, which knows the organisation's public
 * address for the link (notify holds only the transaction).
 */
export async function mailNotices(tx: DbOrTx, notices: readonly Notice[]): Promise<void> {
  const written = notices.filter((notice): notice is Notice & { mail: MailContent } => notice.mail !== undefined);
  // One job for the lot: a batch of purchases told at once is one job, not one per purchase.
  const standard = notices
    .filter((notice) => !notice.mail)
    .map(({ orgId, userId, kind, title, body, link }) => ({ orgId, userId, kind, title, body, link }));
  if (standard.length > 0)
    await sendJobInTransaction(tx, QUEUES.mailNotification, {
      key: randomUUID(),
      notices: standard,
    } satisfies NoticeMailJob);
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

/** The notifications.mail job: each notice in the mail layout, its link on the organisation's own address. */
export async function mailNotice(
  deps: { db: Db; jobs: Jobs; config: Pick<Config, 'PUBLIC_URL' | 'DEFAULT_ORG'> },
  job: NoticeMailJob,
): Promise<void> {
  await deps.db.transaction().execute(async (tx) => {
    for (const orgId of new Set(job.notices.map((notice) => notice.orgId))) {
      const organization = await findOrganizationById(tx, orgId);
      if (!organization) continue;
      const ofOrg = job.notices.filter((notice) => notice.orgId === orgId);
      const people = new Map(
        (await findUsersByIds(tx, orgId, [...new Set(ofOrg.map((notice) => notice.userId))])).map((user) => [
          user.id,
          user,
        ]),
      );
      for (const notice of ofOrg) {
        const person = people.get(notice.userId);
        if (!person) continue;
        const index = job.notices.indexOf(notice);
        const content = renderMail({
          organisation: organization.name,
          subject: notice.title,
          greeting: `Hi ${person.first_name},`,
          paragraphs: [notice.body],
          ...(notice.link && {
            action: {
              label: 'Open in Spend Wallet',
              url: new URL(notice.link, organizationOrigin(deps.config, organization)).toString(),
            },
          }),
          footnote: NOTICE_MAIL_FOOTNOTE,
        });
        const mail = { orgId, kind: notice.kind, to: { email: person.email, name: fullName(person) }, content };
        if (job.key) await queueMailOnce(tx, deps.jobs, mail, `notice:${job.key}:${index}`);
        else await queueMail(tx, deps.jobs, mail);
      }
    }
  });
}
