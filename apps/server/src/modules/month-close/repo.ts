import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx, Tx } from '../../db/database.js';

/** The month-close module's SQL: month_closes, always scoped by org_id. Months go in and out as YYYY-MM. */

export interface MonthCloseRow {
  /** YYYY-MM. */
  month: string;
  closed_at: Date;
  closed_by: number | null;
}

/** 'YYYY-MM' <-> the date of the month's 1st, as the table keeps it. */
const firstDayOf = (month: string) => `${month}-01`;
const MONTH_COLUMNS = [sql<string>`to_char(month, 'YYYY-MM')`.as('month'), 'closed_at', 'closed_by'] as const;

export async function listMonthCloses(
  db: DbOrTx,
  orgId: number,
  direction: 'asc' | 'desc',
  page: { number: number; size: number },
): Promise<{ rows: MonthCloseRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    db
      .selectFrom('month_closes')
      .select(MONTH_COLUMNS)
      .where('org_id', '=', orgId)
      .orderBy('month', direction)
      .limit(page.size)
      .offset((page.number - 1) * page.size)
      .execute(),
    db
      .selectFrom('month_closes')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

/** Every month the organisation has closed (a few a year), for marking a page of transactions locked. */
export async function closedMonths(db: DbOrTx, orgId: number): Promise<string[]> {
  const rows = await db.selectFrom('month_closes').select(MONTH_COLUMNS[0]).where('org_id', '=', orgId).execute();
  return rows.map((row) => row.month);
}

/** Which of these months are closed. */
export async function closedAmong(db: DbOrTx, orgId: number, months: readonly string[]): Promise<string[]> {
  if (months.length === 0) return [];
  const rows = await db
    .selectFrom('month_closes')
    .select(MONTH_COLUMNS[0])
    .where('org_id', '=', orgId)
    .where('month', 'in', months.map(firstDayOf))
    .orderBy('month')
    .execute();
  return rows.map((row) => row.month);
}

/** Closes the month; undefined when it was closed already. */
export function insertMonthClose(
  tx: Tx,
  orgId: number,
  month: string,
  by: number | null,
): Promise<MonthCloseRow | undefined> {
  return tx
    .insertInto('month_closes')
    .values({ org_id: orgId, month: firstDayOf(month), closed_by: by })
    .onConflict((oc) => oc.columns(['org_id', 'month']).doNothing())
    .returning(MONTH_COLUMNS)
    .executeTakeFirst();
}

/** Reopens the month; undefined when it was not closed. */
export function deleteMonthClose(tx: Tx, orgId: number, month: string): Promise<MonthCloseRow | undefined> {
  return tx
    .deleteFrom('month_closes')
    .where('org_id', '=', orgId)
    .where('month', '=', firstDayOf(month))
    .returning(MONTH_COLUMNS)
    .executeTakeFirst();
}

/** The advisory lock key of an organisation's month (64 bits of a hash of both). */
export function monthLockKey(orgId: number, month: string) {
  return sql<string>`hashtextextended(${`month-close:${orgId}:${month}`}, 0)`;
}

/**
 * The transaction-scoped lock of an organisation's month: shared by edits of its transactions, exclusive while it is
 * closed or reopened. An edit holding it reads month_closes after any close that went first has committed, and a close
 * waits for the edits already under way, so no edit commits into a month closed before it (an advisory lock, as
 * there may be no row to lock yet; transaction-scoped, so it is safe behind PgBouncer's transaction pooling).
 */
export async function lockMonths(tx: Tx, orgId: number, months: readonly string[], mode: 'shared' | 'exclusive') {
  // In one order everywhere, so two edits of several months never wait for each other in a circle.
  for (const month of [...new Set(months)].sort()) {
    const key = monthLockKey(orgId, month);
    await (mode === 'shared'
      ? sql`SELECT pg_advisory_xact_lock_shared(${key})`.execute(tx)
      : sql`SELECT pg_advisory_xact_lock(${key})`.execute(tx));
  }
}

/** Every month the organisation has closed (YYYY-MM) as a text[] column, for another module's statement. */
export function closedMonthsColumn(orgId: number) {
  return sql<
    string[]
  >`(select coalesce(array_agg(to_char(m.month, 'YYYY-MM')), '{}') from month_closes m where m.org_id = ${orgId})`;
}

/** Whether a transaction posted at this unix second (a column of another module's statement) is in a closed month. */
export function postedInClosedMonthSql(orgId: number, postedUnix: RawBuilder<number>) {
  return sql<boolean>`exists (select 1 from month_closes mc where mc.org_id = ${orgId}
    and mc.month = date_trunc('month', to_timestamp(${postedUnix}) at time zone 'UTC')::date)`;
}
