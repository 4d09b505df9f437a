import { sql } from 'kysely';
import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { TopupsTable } from '../../db/schema.js';

export type TopupRow = Selectable<TopupsTable>;

/** Inserts the top-up unless this idempotency key was used before; either way returns the row. */
export async function insertTopupOnce(
  db: DbOrTx,
  values: Insertable<TopupsTable>,
): Promise<{ topup: TopupRow; created: boolean }> {
  const inserted = await db
    .insertInto('topups')
    .values(values)
    .onConflict((oc) => oc.columns(['org_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { topup: inserted, created: true };
  const existing = await db
    .selectFrom('topups')
    .selectAll()
    .where('org_id', '=', values.org_id)
    .where('idempotency_key', '=', values.idempotency_key)
    .executeTakeFirstOrThrow();
  return { topup: existing, created: false };
}

export function lockTopup(db: DbOrTx, id: number) {
  return db.selectFrom('topups').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findTopupByProviderId(db: DbOrTx, provider: string, providerTopupId: string) {
  return db
    .selectFrom('topups')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_topup_id', '=', providerTopupId)
    .executeTakeFirst();
}

export async function updateTopup(
  db: DbOrTx,
  id: number,
  values: {
    status?: TopupRow['status'];
    provider_topup_id?: string;
    settled_at?: Date;
    failure_message?: string | null;
    reversed_at?: Date;
  },
) {
  await db.updateTable('topups').set(values).where('id', '=', id).execute();
}

/** Our own top-up named by the issuer's event (its metadata): only in that organisation, from that issuer. */
export function findProviderTopupByOwnId(db: DbOrTx, orgId: number, id: number, provider: string) {
  return db
    .selectFrom('topups')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

/** Records the issuer's id unless one is stored already (the issuer's event may have stored it first); the row after. */
export async function storeProviderTopupId(db: DbOrTx, id: number, providerTopupId: string): Promise<TopupRow> {
  await db
    .updateTable('topups')
    .set({ provider_topup_id: providerTopupId })
    .where('id', '=', id)
    .where('provider_topup_id', 'is', null)
    .execute();
  return db.selectFrom('topups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A pending top-up becomes failed with the issuer's reason; any other state is left as it is. */
export async function failPendingTopup(
  db: DbOrTx,
  id: number,
  failureMessage: string | null,
  providerTopupId?: string,
) {
  await db
    .updateTable('topups')
    .set((eb) => ({
      status: 'failed',
      failure_message: failureMessage === null ? null : failureMessage.slice(0, 1000),
      ...(providerTopupId !== undefined && {
        provider_topup_id: eb.fn.coalesce('provider_topup_id', eb.val(providerTopupId)),
      }),
    }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export async function listTopups(db: DbOrTx, orgId: number, page: { number: number; size: number }) {
  const base = db.selectFrom('topups').where('org_id', '=', orgId);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.size)
    .offset((page.number - 1) * page.size)
    .execute();
  return { rows, total: Number(total) };
}

/** Top-ups settled per UTC day. */
export async function dailyTopups(db: DbOrTx, orgId: number, range: { from: string; to: string }, byCreated = false) {
  const column = byCreated ? 'created_at' : 'settled_at';
  const { rows } = await sql<{ day: string; amount: number }>`
    SELECT to_char((${sql.ref(column)} AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount FROM topups
    WHERE org_id = ${orgId} AND status = 'succeeded' AND ${sql.ref(column)} >= ${range.from}::date AND ${sql.ref(column)} < (${range.to}::date + 1)
    GROUP BY 1 ORDER BY 1`.execute(db);
  return rows;
}
