import { sql, type Expression, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { RecurringPurchaseRequestsTable } from '../../db/schema.js';
import type { SortTerm } from '../../http/list-query.js';
import { onPage } from '../../db/paging.js';

export type RecurringRow = Selectable<RecurringPurchaseRequestsTable>;

export function insertRecurring(db: DbOrTx, values: Insertable<RecurringPurchaseRequestsTable>) {
  return db
    .insertInto('recurring_purchase_requests')
    .values(values)
    .onConflict((oc) => oc.column('purchase_request_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findRecurring(db: DbOrTx, orgId: number, id: number) {
  return db
    .selectFrom('recurring_purchase_requests')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function lockRecurring(db: DbOrTx, orgId: number, id: number) {
  return db
    .selectFrom('recurring_purchase_requests')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function recurringOfRequests(db: DbOrTx, requestIds: readonly number[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('recurring_purchase_requests')
    .selectAll()
    .where('purchase_request_id', 'in', requestIds)
    .execute();
}

/** A recurring request as read by another module's statement (recurringOfRequestColumn); created_at as ISO text. */
export type RecurringBriefRow = Omit<RecurringRow, 'created_at' | 'org_id' | 'pause_reason'> & { created_at: string };

/**
 * A JSON column holding the recurring schedule of one purchase request (null when it is one-time), for a list's
 * own statement. created_at is written as toISOString() writes it (milliseconds, UTC).
 */
export function recurringOfRequestColumn(
  orgId: Expression<number>,
  requestId: Expression<number>,
): RawBuilder<RecurringBriefRow | null> {
  return sql`(select json_build_object('id', r.id, 'purchase_request_id', r.purchase_request_id,
      'created_at', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'start_date', r.start_date, 'end_date', r.end_date, 'last_run', r.last_run, 'next_run', r.next_run,
      'interval', r.interval, 'status', r.status, 'is_paused', r.is_paused, 'paused_by', r.paused_by)
    from recurring_purchase_requests r where r.org_id = ${orgId} and r.purchase_request_id = ${requestId})`;
}

export async function updateRecurring(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<RecurringRow, 'last_run' | 'next_run' | 'status' | 'is_paused' | 'paused_by' | 'pause_reason'>>,
) {
  await db.updateTable('recurring_purchase_requests').set(values).where('id', '=', id).execute();
}

export async function deleteRecurring(db: DbOrTx, orgId: number, id: number) {
  await db.deleteFrom('recurring_purchase_requests').where('org_id', '=', orgId).where('id', '=', id).execute();
}

/**
 * Active recurring requests with work due by `today` (a period to fund, or the end date come), locked and
 * skipped by any other process already working on them, so several servers running the schedule never fund
 * the same one at once.
 */
export function lockDueRecurring(db: DbOrTx, today: string, limit: number) {
  return db
    .selectFrom('recurring_purchase_requests')
    .selectAll()
    .where('status', '=', 'active')
    .where((eb) =>
      eb.or([eb.and([eb('is_paused', '=', false), eb('next_run', '<=', today)]), eb('end_date', '<=', today)]),
    )
    .orderBy('next_run')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Records the period's funding; false when it was already funded (by another process or an earlier run). */
export async function claimPeriod(
  db: DbOrTx,
  values: { org_id: number; recurring_purchase_request_id: number; period_date: string; amount: number },
): Promise<boolean> {
  const row = await db
    .insertInto('recurring_fundings')
    .values(values)
    .onConflict((oc) => oc.columns(['recurring_purchase_request_id', 'period_date']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export function fundingsOf(db: DbOrTx, recurringId: number) {
  return db
    .selectFrom('recurring_fundings')
    .selectAll()
    .where('recurring_purchase_request_id', '=', recurringId)
    .orderBy('period_date')
    .execute();
}

export async function listRecurring(
  db: DbOrTx,
  orgId: number,
  filters: { requestIds?: readonly number[]; status?: 'active' | 'inactive'; isPaused?: boolean },
  sort: SortTerm<'created_at' | 'next_run' | 'start_date'>[],
  page: { number: number; size: number },
) {
  let base = db.selectFrom('recurring_purchase_requests').where('org_id', '=', orgId);
  if (filters.requestIds)
    base = base.where('purchase_request_id', 'in', filters.requestIds.length ? filters.requestIds : [0]);
  if (filters.status) base = base.where('status', '=', filters.status);
  if (filters.isPaused !== undefined) base = base.where('is_paused', '=', filters.isPaused);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let query = base.selectAll();
  for (const term of sort)
    query =
      term.column === 'next_run'
        ? query.orderBy(sql`next_run ${sql.raw(term.direction)} NULLS LAST`)
        : query.orderBy(term.column, term.direction);
  const rows = await query
    .orderBy('id', 'desc')
    .$call((query) => onPage(query, page))
    .execute();
  return { rows, total: Number(total) };
}
