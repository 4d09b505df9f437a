import { sql, type Insertable, type Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { ExpensesTable } from '../../db/schema.js';

export type ExpenseRow = Selectable<ExpensesTable>;

/** Inserts unless the issuer's transaction id is known (a repeated event); null then. */
export async function insertExpense(db: DbOrTx, values: Insertable<ExpensesTable>): Promise<ExpenseRow | null> {
  return (
    (await db
      .insertInto('expenses')
      .values(values)
      .onConflict((oc) => oc.columns(['provider', 'provider_transaction_id']).doNothing())
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

export type ExpenseSort = 'stripe_created' | 'amount' | 'type';

export async function listCardExpenses(
  db: DbOrTx,
  orgId: number,
  cardId: number,
  sort: Array<{ column: ExpenseSort; direction: 'asc' | 'desc' }>,
  page: { number: number; size: number },
) {
  const base = db.selectFrom('expenses').where('org_id', '=', orgId).where('card_id', '=', cardId);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let query = base.selectAll();
  for (const term of sort) query = query.orderBy(term.column, term.direction);
  const rows = await query.orderBy('id', 'desc').limit(page.size).offset((page.number - 1) * page.size).execute();
  return { rows, total: Number(total) };
}

/** Expenses of a card between two days (inclusive, UTC), oldest first, for export. */
export function cardExpensesBetween(db: DbOrTx, orgId: number, cardId: number, from: string, to: string) {
  return db
    .selectFrom('expenses')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('card_id', '=', cardId)
    .where('stripe_created', '>=', sql<number>`extract(epoch from ${from}::date)::bigint`)
    .where('stripe_created', '<', sql<number>`extract(epoch from (${to}::date + 1))::bigint`)
    .orderBy('stripe_created')
    .orderBy('id')
    .execute();
}


/** Net spend (captures less refunds) posted since the given unix second. */
export async function netSpendSince(db: DbOrTx, orgId: number, sinceUnix: number): Promise<number> {
  const row = await db
    .selectFrom('expenses')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.val(0)).as('total'))
    .where('org_id', '=', orgId)
    .where('stripe_created', '>=', sinceUnix)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export interface DayRange { from: string; to: string }
export interface DailyAmount { day: string; amount: number }

/** Net spend per UTC day, from the daily rollup (or by when it was recorded, from the expenses themselves). */
export async function dailySpend(db: DbOrTx, orgId: number, range: DayRange, options: { userId?: number; byCreated?: boolean } = {}): Promise<DailyAmount[]> {
  if (options.byCreated) {
    const { rows } = await sql<DailyAmount>`
      SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount FROM expenses
      WHERE org_id = ${orgId} AND created_at >= ${range.from}::date AND created_at < (${range.to}::date + 1)
      ${options.userId !== undefined ? sql`AND user_id = ${options.userId}` : sql``}
      GROUP BY 1 ORDER BY 1`.execute(db);
    return rows;
  }
  const { rows } = await sql<DailyAmount>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount FROM spend_daily
    WHERE org_id = ${orgId} AND day BETWEEN ${range.from}::date AND ${range.to}::date
    ${options.userId !== undefined ? sql`AND user_id = ${options.userId}` : sql``}
    GROUP BY day ORDER BY day`.execute(db);
  return rows;
}

/** The biggest spenders, categories or teams over a range (0 = none), from the rollup. */
export async function spendByDimension(db: DbOrTx, orgId: number, dimension: 'user_id' | 'wallet_category_id' | 'team_id', range: DayRange | null, limit: number) {
  const { rows } = await sql<{ key: number; amount: number }>`
    SELECT ${sql.ref(dimension)} AS key, sum(amount)::bigint AS amount FROM spend_daily
    WHERE org_id = ${orgId} ${range ? sql`AND day BETWEEN ${range.from}::date AND ${range.to}::date` : sql``}
    GROUP BY 1 HAVING sum(amount) > 0 ORDER BY 2 DESC, 1 LIMIT ${limit}`.execute(db);
  return rows;
}
