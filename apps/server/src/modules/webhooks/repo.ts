import type { DbOrTx } from '../../db/database.js';

/** Stores the event once by its id; false when it was already stored. */
export async function storeEvent(
  db: DbOrTx,
  event: { id: string; provider: string; type: string; payload: unknown },
): Promise<boolean> {
  const row = await db
    .insertInto('webhook_events')
    .values({ id: event.id, provider: event.provider, type: event.type, payload: JSON.stringify(event.payload) })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export function findEvent(db: DbOrTx, id: string) {
  return db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markProcessed(db: DbOrTx, id: string) {
  await db
    .updateTable('webhook_events')
    .set({ processed_at: new Date(), last_error: null })
    .where('id', '=', id)
    .execute();
}

export async function markFailed(db: DbOrTx, id: string, error: string) {
  await db
    .updateTable('webhook_events')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 1000) }))
    .where('id', '=', id)
    .execute();
}

export async function unprocessedEventIds(db: DbOrTx, olderThanSeconds: number): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_events')
    .select('id')
    .where('processed_at', 'is', null)
    .where('received_at', '<', new Date(Date.now() - olderThanSeconds * 1000))
    .orderBy('received_at')
    .limit(500)
    .execute();
  return rows.map((row) => row.id);
}
