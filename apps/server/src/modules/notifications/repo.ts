import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { NotificationsTable } from '../../db/schema.js';
import { onPage } from '../../db/paging.js';

export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotification = Omit<Insertable<NotificationsTable>, 'id' | 'created_at' | 'read_at'>;

export async function insertNotifications(db: DbOrTx, notifications: readonly NewNotification[]): Promise<number[]> {
  if (notifications.length === 0) return [];
  const rows = await db
    .insertInto('notifications')
    .values([...notifications])
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** One person's notifications, newest first, with their total and how many are unread, in one statement. */
export async function pageOfNotifications(
  db: DbOrTx,
  orgId: number,
  userId: number,
  page: { number: number; size: number },
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const mine = db.selectFrom('notifications').where('org_id', '=', orgId).where('user_id', '=', userId);
  const [rows, counts] = await Promise.all([
    mine
      .selectAll()
      .orderBy('id', 'desc')
      .$call((query) => onPage(query, page))
      .execute(),
    mine
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.countAll<number>().filterWhere('read_at', 'is', null).as('unread'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counts.total), unread: Number(counts.unread) };
}

export async function unreadCount(db: DbOrTx, orgId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('unread'))
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

/** Marks these (or all) of one person's unread notifications read; ids of anyone else's are left alone. */
export async function markRead(
  db: DbOrTx,
  orgId: number,
  userId: number,
  ids: readonly number[] | 'all',
): Promise<void> {
  let update = db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== 'all') update = update.where('id', 'in', [...ids]);
  await update.execute();
}

export interface SwitchRow {
  user_id: number;
  kind: string;
  in_app: boolean;
  mail: boolean;
}

/** The switches these people changed from the defaults, for the given kinds (one statement however many people). */
export function switchesOf(
  db: DbOrTx,
  orgId: number,
  userIds: readonly number[],
  kinds?: readonly string[],
): Promise<SwitchRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('notification_switches')
    .select(['user_id', 'kind', 'in_app', 'mail'])
    .where('org_id', '=', orgId)
    .where('user_id', 'in', [...new Set(userIds)]);
  if (kinds) query = query.where('kind', 'in', [...new Set(kinds)]);
  return query.execute();
}

export async function upsertSwitches(
  db: DbOrTx,
  orgId: number,
  userId: number,
  switches: ReadonlyArray<{ kind: string; in_app: boolean; mail: boolean }>,
): Promise<void> {
  if (switches.length === 0) return;
  await db
    .insertInto('notification_switches')
    .values(switches.map((each) => ({ org_id: orgId, user_id: userId, ...each })))
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind']).doUpdateSet((eb) => ({
        in_app: eb.ref('excluded.in_app'),
        mail: eb.ref('excluded.mail'),
        updated_at: new Date(),
      })),
    )
    .execute();
}
