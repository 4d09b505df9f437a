import { sql, type Insertable, type Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { MailMessagesTable } from '../../db/schema.js';

export function insertMessage(db: DbOrTx, values: Insertable<MailMessagesTable>) {
  return db.insertInto('mail_messages').values(values).returning('id').executeTakeFirstOrThrow();
}

/** insertMessage unless a message with its dedupe_key exists: its id, or undefined when it was written before. */
export function insertMessageOnce(db: DbOrTx, values: Insertable<MailMessagesTable> & { dedupe_key: string }) {
  return db
    .insertInto('mail_messages')
    .values(values)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
}

export function findMessage(db: DbOrTx, id: number) {
  return db.selectFrom('mail_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export type MailRow = Selectable<MailMessagesTable>;

/**
 * Claims a queued message for one sender for `leaseSeconds`: the message, or 'done' (delivered, failed or gone), or
 * 'busy' (another sender's claim has not run out yet).
 */
export async function claimForSending(
  db: DbOrTx,
  id: number,
  leaseSeconds: number,
): Promise<MailRow | 'done' | 'busy'> {
  const claimed = await db
    .updateTable('mail_messages')
    .set({ sending_until: sql<Date>`now() + make_interval(secs => ${leaseSeconds})` })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .where((eb) => eb.or([eb('sending_until', 'is', null), eb('sending_until', '<=', sql<Date>`now()`)]))
    .returningAll()
    .executeTakeFirst();
  if (claimed) return claimed;
  return (await findMessage(db, id))?.status === 'queued' ? 'busy' : 'done';
}

/** Queued messages no sender holds (none, or one whose claim ran out): after a restart they are queued again. */
export async function unclaimedQueuedIds(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('mail_messages')
    .select('id')
    .where('status', '=', 'queued')
    .where((eb) => eb.or([eb('sending_until', 'is', null), eb('sending_until', '<=', sql<Date>`now()`)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function markDelivered(db: DbOrTx, id: number, status: 'sent' | 'stored') {
  await db
    .updateTable('mail_messages')
    .set((eb) => ({
      status,
      delivered_at: new Date(),
      attempts: eb('attempts', '+', 1),
      last_error: null,
      sending_until: null,
    }))
    .where('id', '=', id)
    .execute();
}

export async function markAttemptFailed(db: DbOrTx, id: number, error: string) {
  await db
    .updateTable('mail_messages')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 1000), sending_until: null }))
    .where('id', '=', id)
    .execute();
}

export function listMessages(db: DbOrTx, orgId: number, limit: number, offset: number) {
  return db
    .selectFrom('mail_messages')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countMessages(db: DbOrTx, orgId: number): Promise<number> {
  const row = await db
    .selectFrom('mail_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findOrgMessage(db: DbOrTx, orgId: number, id: number) {
  return db.selectFrom('mail_messages').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}

export async function markFailed(db: DbOrTx, id: number) {
  await db
    .updateTable('mail_messages')
    .set({ status: 'failed' })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}
