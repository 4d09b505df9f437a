import { LIVE_EVENT_KINDS, type NotificationSwitches, type NotificationSwitchesUpdate } from '@wallet/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { publishLiveInTransaction } from '../live/service.js';
import { getUser, type Actor } from '../users/service.js';
import { mailNotices } from './mails.js';
import type { Notice } from './notice.js';
import * as repo from './repo.js';
import { switchesOfPerson, switchLookup, updateSwitches } from './switches.js';

export type NotificationRow = repo.NotificationRow;
export type { Notice } from './notice.js';
export { mailNotice, type NoticeMailJob } from './mails.js';

/**
 * Tells people, in the caller's transaction (it exists exactly when the change it tells of does), as each person's
 * switches of the kind say: a notification in their bell (their open app hears of it when the transaction commits,
 * NOTIFY inside it) and a mail queued with it. Answers the notifications written to the bell.
 */
export async function notify(tx: DbOrTx, notices: readonly Notice[]): Promise<Array<{ id: number } & Notice>> {
  if (notices.length === 0) return [];
  const inApp: Notice[] = [];
  const mailed: Notice[] = [];
  for (const orgId of new Set(notices.map((notice) => notice.orgId))) {
    const ofOrg = notices.filter((notice) => notice.orgId === orgId);
    const switchOf = await switchLookup(tx, orgId, ofOrg);
    for (const notice of ofOrg) {
      const { in_app, mail } = switchOf(notice.userId, notice.kind);
      if (in_app) inApp.push(notice);
      if (mail) mailed.push(notice);
    }
  }
  const ids = await repo.insertNotifications(
    tx,
    inApp.map((notice) => ({
      org_id: notice.orgId,
      user_id: notice.userId,
      kind: notice.kind,
      title: notice.title,
      body: notice.body,
      link: notice.link,
    })),
  );
  const written = inApp.map((notice, index) => ({ ...notice, id: ids[index]! }));
  await publishLiveInTransaction(
    tx,
    written.map((notice) => ({
      orgId: notice.orgId,
      audience: { userIds: [notice.userId], admins: false },
      kind: LIVE_EVENT_KINDS.notificationCreated,
      data: { notification_id: notice.id },
    })),
  );
  await mailNotices(tx, mailed);
  return written;
}

export function notificationsOf(db: DbOrTx, orgId: number, userId: number, page: { number: number; size: number }) {
  return repo.pageOfNotifications(db, orgId, userId, page);
}

/** Marks notifications of this person read; returns how many stay unread. */
export async function markNotificationsRead(
  db: Db,
  orgId: number,
  userId: number,
  which: { ids: readonly number[] } | { all: true },
): Promise<number> {
  await repo.markRead(db, orgId, userId, 'all' in which ? 'all' : which.ids);
  return repo.unreadCount(db, orgId, userId);
}

/** A person's switches: their own, or anyone's in the organisation for an admin (others' ids are 404 for members). */
export async function notificationSwitchesOf(
  db: DbOrTx,
  orgId: number,
  actor: Actor,
  userId: number,
): Promise<NotificationSwitches> {
  const target = await getUser(db, orgId, actor, userId);
  return switchesOfPerson(db, orgId, target.id);
}

export async function changeNotificationSwitches(
  db: DbOrTx,
  orgId: number,
  actor: Actor,
  userId: number,
  update: NotificationSwitchesUpdate,
): Promise<NotificationSwitches> {
  const target = await getUser(db, orgId, actor, userId);
  return updateSwitches(db, orgId, target.id, update);
}
