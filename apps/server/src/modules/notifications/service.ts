import { LIVE_EVENT_KINDS, type NotificationCentreKind } from '@wallet/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { publishLiveInTransaction } from '../live/service.js';
import * as repo from './repo.js';

export type NotificationRow = repo.NotificationRow;

export interface Notice {
  orgId: number;
  userId: number;
  kind: NotificationCentreKind;
  title: string;
  body: string;
  /** The in-app path it opens (/cards/12), or null. */
  link: string | null;
}

/**
 * Writes notifications in the caller's transaction (they exist exactly when the change they tell of does), and each
 * person's open app hears of theirs when it commits (NOTIFY inside the transaction).
 */
export async function notify(tx: DbOrTx, notices: readonly Notice[]): Promise<Array<{ id: number } & Notice>> {
  const ids = await repo.insertNotifications(
    tx,
    notices.map((notice) => ({
      org_id: notice.orgId,
      user_id: notice.userId,
      kind: notice.kind,
      title: notice.title,
      body: notice.body,
      link: notice.link,
    })),
  );
  const written = notices.map((notice, index) => ({ ...notice, id: ids[index]! }));
  await publishLiveInTransaction(
    tx,
    written.map((notice) => ({
      orgId: notice.orgId,
      audience: { userIds: [notice.userId], admins: false },
      kind: LIVE_EVENT_KINDS.notificationCreated,
      data: { notification_id: notice.id },
    })),
  );
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
