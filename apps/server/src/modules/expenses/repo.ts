import { sql, type Insertable, type RawBuilder } from 'kysely';
import { EXPENSE_COUNT_LIMIT } from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import type { ExpensesTable } from '../../db/schema.js';
import type { ExpenseCriteria, ResolvedSort } from './criteria.js';
import { receiptStatusWhere, reviewWhere } from './expense-policy.js';
import type { DailyAmount, DayRange, ExpenseRow, ExpenseSort } from './types.js';
import { limitOffset, onPage } from '../../db/paging.js';

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
  const rows = await query
    .orderBy('id', 'desc')
    .$call((query) => onPage(query, page))
    .execute();
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

const DAY_SECONDS = 86_400;
const isoOfDay = (dayNumber: number) => new Date(dayNumber * DAY_SECONDS * 1000).toISOString().slice(0, 10);
const dayNumberOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000 / DAY_SECONDS;
/** The first day of the month after the one holding `iso`. */
const nextMonth = (iso: string) => {
  const date = new Date(`${iso.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
};

/** Net spend (captures less refunds) posted since the given unix second: whole days from the rollup. */
export async function netSpendSince(db: DbOrTx, orgId: number, sinceUnix: number): Promise<number> {
  const firstWholeDay = Math.ceil(sinceUnix / DAY_SECONDS);
  const { rows } = await sql<{ total: number }>`
    SELECT (SELECT coalesce(sum(amount), 0) FROM expenses WHERE org_id = ${orgId} AND stripe_created >= ${sinceUnix} AND stripe_created < ${firstWholeDay * DAY_SECONDS})
      + (SELECT coalesce(sum(amount), 0) FROM spend_org_daily WHERE org_id = ${orgId} AND day >= ${isoOfDay(firstWholeDay)}::date) AS total`.execute(
    db,
  );
  return Number(rows[0]?.total ?? 0);
}

/** The instant a UTC day starts, whatever the session's time zone. */
const utcStart = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE 'UTC')`;

/** Net spend per UTC day, from the rollups (or by when it was recorded, from the expenses themselves). */
export async function dailySpend(
  db: DbOrTx,
  orgId: number,
  range: DayRange,
  options: { userId?: number; byCreated?: boolean } = {},
): Promise<DailyAmount[]> {
  if (options.byCreated) {
    const { rows } = await sql<DailyAmount>`
      SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount FROM expenses
      WHERE org_id = ${orgId} AND created_at >= ${utcStart(range.from)} AND created_at < ${utcStart(isoOfDay(dayNumberOf(range.to) + 1))}
      ${options.userId !== undefined ? sql`AND user_id = ${options.userId}` : sql``}
      GROUP BY 1 ORDER BY 1`.execute(db);
    return rows;
  }
  const { rows } =
    options.userId !== undefined
      ? await sql<DailyAmount>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount FROM spend_holder_daily
      WHERE org_id = ${orgId} AND user_id = ${options.userId} AND day BETWEEN ${range.from}::date AND ${range.to}::date
      GROUP BY day ORDER BY day`.execute(db)
      : await sql<DailyAmount>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, amount FROM spend_org_daily
      WHERE org_id = ${orgId} AND day BETWEEN ${range.from}::date AND ${range.to}::date ORDER BY day`.execute(db);
  return rows;
}

/**
 * The biggest spenders, categories or teams over a range (all time when none), key 0 standing for none: whole
 * months from the monthly rollup, the days before the first and after the last whole month from the daily one.
 */
export async function spendByDimension(
  db: DbOrTx,
  orgId: number,
  dimension: 'user_id' | 'wallet_category_id' | 'team_id',
  range: DayRange | null,
  limit: number,
) {
  const key = sql.ref(dimension);
  const parts = [];
  if (!range) {
    parts.push(sql`SELECT ${key} AS key, amount FROM spend_holder_monthly WHERE org_id = ${orgId}`);
  } else {
    const firstWhole = range.from.endsWith('-01') ? range.from : nextMonth(range.from);
    // Whole months are those from the first 1st on or after `from` up to the month the day after `to` falls in.
    const afterWhole = `${isoOfDay(dayNumberOf(range.to) + 1).slice(0, 7)}-01`;
    const days = (from: string, to: string) =>
      sql`SELECT ${key} AS key, amount FROM spend_holder_daily WHERE org_id = ${orgId} AND day BETWEEN ${from}::date AND ${to}::date`;
    if (firstWhole < afterWhole) {
      parts.push(
        sql`SELECT ${key} AS key, amount FROM spend_holder_monthly WHERE org_id = ${orgId} AND month >= ${firstWhole}::date AND month < ${afterWhole}::date`,
      );
      if (range.from < firstWhole) parts.push(days(range.from, isoOfDay(dayNumberOf(firstWhole) - 1)));
      if (afterWhole <= range.to) parts.push(days(afterWhole, range.to));
    } else {
      parts.push(days(range.from, range.to));
    }
  }
  const { rows } = await sql<{ key: number; amount: number }>`
    SELECT key, sum(amount)::bigint AS amount FROM (${sql.join(parts, sql` UNION ALL `)}) AS parts
    GROUP BY key HAVING sum(amount) > 0 ORDER BY 2 DESC, 1 ${limitOffset(limit)}`.execute(db);
  return rows;
}

// ---------------------------------------------------------------------------------------------------------------
// The organisation's transactions (the All Transactions table and its export).

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * The searchable text of a transaction, lower case: merchant name, category and code, and notes, apart by a character
 * nobody types. Written exactly as migration 0009's trigram index on it, so a search can use the index.
 */
const SEARCH_TEXT = sql`lower(
  coalesce(e.merchant_data->>'name', '') || E'\\x1f' ||
  coalesce(e.merchant_data->>'category', '') || E'\\x1f' ||
  coalesce(e.merchant_data->>'category_code', '') || E'\\x1f' ||
  coalesce(e.notes, '')
)`;

/** The WHERE of the criteria; `withText` false leaves the search's text out, keeping the ids it names. */
function whereOf(criteria: ExpenseCriteria, withText = true) {
  const parts = [sql`e.org_id = ${criteria.orgId}`];
  if (criteria.userId !== undefined) parts.push(sql`e.user_id = ${criteria.userId}`);
  if (criteria.cardId !== undefined) parts.push(sql`e.card_id = ${criteria.cardId}`);
  if (criteria.between)
    parts.push(
      sql`e.stripe_created >= ${dayStart(criteria.between.from)} AND e.stripe_created < ${dayStart(criteria.between.to) + 86_400}`,
    );
  if (criteria.types) parts.push(sql`e.type = ANY(${criteria.types}::text[])`);
  if (criteria.wallets) parts.push(sql`e.wallet = ANY(${criteria.wallets}::text[])`);
  if (criteria.receipt) parts.push(receiptStatusWhere(criteria.receipt, criteria.policy));
  if (criteria.review) parts.push(reviewWhere(criteria.review, criteria.policy, criteria.orgId));
  const search = criteria.search;
  if (search) {
    const any = withText ? [sql`${SEARCH_TEXT} LIKE ${search.pattern.toLowerCase()}`] : [];
    if (search.types.length) any.push(sql`e.type = ANY(${search.types}::text[])`);
    if (search.userIds.length) any.push(sql`e.user_id = ANY(${search.userIds}::bigint[])`);
    if (search.cardIds.length) any.push(sql`e.card_id = ANY(${search.cardIds}::bigint[])`);
    if (search.categoryIds.length) any.push(sql`e.wallet_category_id = ANY(${search.categoryIds}::bigint[])`);
    if (search.teamIds.length) any.push(sql`e.team_id = ANY(${search.teamIds}::bigint[])`);
    if (search.wallets.length) any.push(sql`e.wallet = ANY(${search.wallets}::text[])`);
    if (search.uncategorized) any.push(sql`e.wallet_category_id IS NULL`);
    parts.push(sql`(${sql.join(any, sql` OR `)})`);
  }
  return sql.join(parts, sql` AND `);
}

const DIRECT_SORTS = {
  posted_date: sql`e.stripe_created`,
  amount: sql`e.amount`,
  type: sql`e.type`,
  merchant: sql`lower(e.merchant_data->>'name')`,
  wallet: sql`e.wallet`,
  notes: sql`lower(e.notes)`,
} as const;
const NOT_NULL = new Set(['posted_date', 'amount', 'type']);
const SOURCE_COLUMN = {
  cardholder: 'user_id',
  card: 'card_id',
  category: 'wallet_category_id',
  team: 'team_id',
} as const;

/**
 * FROM, WHERE and ORDER BY of the table's query. Columns held by other modules (holder, card, category, team) sort
 * by their position in an id list those modules ordered, joined as a table (one hash lookup per row). Empty values
 * come last either way; ties fall back to newest first.
 */
export function expensesQuery(criteria: ExpenseCriteria, sort: readonly ResolvedSort[]) {
  const joins = [];
  const orderBy = [];
  for (const [index, term] of sort.entries()) {
    const direction = sql.raw(term.direction);
    if (term.column in SOURCE_COLUMN) {
      const alias = sql.raw(`o${index}`);
      joins.push(
        sql`LEFT JOIN unnest(${term.order ?? []}::bigint[]) WITH ORDINALITY AS ${alias}(id, pos) ON ${alias}.id = e.${sql.raw(SOURCE_COLUMN[term.column as keyof typeof SOURCE_COLUMN])}`,
      );
      orderBy.push(sql`${alias}.pos ${direction} NULLS LAST`);
    } else {
      const expression = DIRECT_SORTS[term.column as keyof typeof DIRECT_SORTS];
      orderBy.push(
        NOT_NULL.has(term.column) ? sql`${expression} ${direction}` : sql`${expression} ${direction} NULLS LAST`,
      );
    }
  }
  if (!sort.some((term) => term.column === 'posted_date')) orderBy.push(sql`e.stripe_created DESC`);
  orderBy.push(sql`e.id ${sql.raw(sort[0]?.column === 'posted_date' ? sort[0].direction : 'desc')}`);
  return sql`FROM expenses e ${sql.join(joins, sql` `)} WHERE ${whereOf(criteria)} ORDER BY ${sql.join(orderBy)}`;
}

/** Whether a search matches by ids or values as well as by text. */
const searchNamesIds = (search: NonNullable<ExpenseCriteria['search']>) =>
  search.userIds.length > 0 ||
  search.cardIds.length > 0 ||
  search.categoryIds.length > 0 ||
  search.teamIds.length > 0 ||
  search.wallets.length > 0 ||
  search.types.length > 0 ||
  search.uncategorized;

/**
 * The statement that counts matching transactions: from the daily rollups when the criteria are whole UTC days, a
 * holder and a type (a few hundred rows instead of up to millions), else by counting them up to `limit` + 1 (a
 * broad search, 'Delta' in a million rows, would otherwise count tens of thousands).
 */
function countQuery(
  criteria: ExpenseCriteria,
  limit: number,
): { query: RawBuilder<{ total: number }>; capped: boolean } {
  if (criteria.cardId !== undefined || criteria.search || criteria.wallets || criteria.receipt || criteria.review)
    return {
      query: sql<{ total: number }>`
        SELECT count(*)::bigint AS total FROM (SELECT 1 FROM expenses e WHERE ${whereOf(criteria)} ${limitOffset(limit + 1)}) AS matches`,
      capped: true,
    };
  const types = new Set(criteria.types ?? ['capture', 'refund']);
  const counted =
    types.has('capture') && types.has('refund')
      ? sql`captures + refunds`
      : types.has('capture')
        ? sql`captures`
        : sql`refunds`;
  return {
    query: sql<{ total: number }>`
      SELECT coalesce(sum(${counted}), 0)::bigint AS total FROM ${sql.table(criteria.userId === undefined ? 'spend_org_daily' : 'spend_holder_daily')}
      WHERE org_id = ${criteria.orgId}
        ${criteria.userId === undefined ? sql`` : sql`AND user_id = ${criteria.userId}`}
        ${criteria.between ? sql`AND day BETWEEN ${criteria.between.from}::date AND ${criteria.between.to}::date` : sql``}`,
    capped: false,
  };
}

const countOf = (counted: number, capped: boolean, limit: number) =>
  capped && counted > limit ? { total: limit, complete: false } : { total: counted, complete: true };

/**
 * Whether a search naming a holder, card, category or team matches more than `limit` transactions by those alone:
 * read from their indexes, before any row's text is matched.
 */
async function moreThanByIds(db: DbOrTx, criteria: ExpenseCriteria, limit: number): Promise<boolean> {
  if (!criteria.search || !searchNamesIds(criteria.search)) return false;
  const { rows } = await sql<{ total: number }>`
    SELECT count(*)::bigint AS total FROM (SELECT 1 FROM expenses e WHERE ${whereOf(criteria, false)} ${limitOffset(limit + 1)}) AS matches`.execute(
    db,
  );
  return Number(rows[0]?.total ?? 0) > limit;
}

/** How many transactions match, up to `limit` for searches and other filters the rollups don't hold. */
export async function countExpenses(
  db: DbOrTx,
  criteria: ExpenseCriteria,
  limit = EXPENSE_COUNT_LIMIT,
): Promise<{ total: number; complete: boolean }> {
  if (await moreThanByIds(db, criteria, limit)) return { total: limit, complete: false };
  const { query, capped } = countQuery(criteria, limit);
  const { rows } = await query.execute(db);
  return countOf(Number(rows[0]?.total ?? 0), capped, limit);
}

/** Sorts whose column takes few values, each with an index on (org_id, column, stripe_created DESC). */
const GROUPED_SORTS: Partial<
  Record<ResolvedSort['column'], { column: string; type: 'bigint' | 'text'; nullable: boolean; keys?: string[] }>
> = {
  cardholder: { column: 'user_id', type: 'bigint', nullable: false },
  card: { column: 'card_id', type: 'bigint', nullable: false },
  category: { column: 'wallet_category_id', type: 'bigint', nullable: true },
  team: { column: 'team_id', type: 'bigint', nullable: true },
  type: { column: 'type', type: 'text', nullable: false, keys: ['capture', 'refund'] },
  wallet: { column: 'wallet', type: 'text', nullable: true, keys: ['apple_pay', 'google_pay', 'samsung_pay'] },
};

/**
 * A page sorted by holder, card, category, team, type or wallet, read group by group: each value's newest rows
 * through its index, only as many as the page needs, groups in display order and the empty value last, instead of
 * sorting every transaction. The same rows and order as expensesQuery: the other modules' id lists hold every
 * holder, card, category and team there is (none are ever deleted).
 */
function pageByGroup(criteria: ExpenseCriteria, term: ResolvedSort, page: { number: number; size: number }) {
  const group = GROUPED_SORTS[term.column]!;
  const column = sql.raw(`e.${group.column}`);
  const keys = group.keys ?? (term.order ?? []).map(String);
  const ordered = term.direction === 'asc' ? keys : [...keys].reverse();
  const enough = page.number * page.size;
  const newest = sql`ORDER BY e.stripe_created DESC, e.id DESC ${limitOffset(enough)}`;
  const empty = group.nullable
    ? sql`UNION ALL SELECT e.*, ${ordered.length + 1}::bigint AS pos FROM (SELECT * FROM expenses e WHERE ${whereOf(criteria)} AND ${column} IS NULL ${newest}) AS e`
    : sql``;
  return sql<ExpenseRow & { pos?: number }>`
    SELECT g.* FROM (
      SELECT e.*, o.pos FROM unnest(${ordered}::${sql.raw(group.type)}[]) WITH ORDINALITY AS o(key, pos)
      CROSS JOIN LATERAL (SELECT * FROM expenses e WHERE ${whereOf(criteria)} AND ${column} = o.key ${newest}) AS e
      ${empty}
    ) AS g
    ORDER BY g.pos, g.stripe_created DESC, g.id DESC ${limitOffset(page.size, enough - page.size)}`;
}

/** A page sorted by notes: the few rows with notes sorted among themselves, then the rest newest first by date. */
function pageByNotes(criteria: ExpenseCriteria, term: ResolvedSort, page: { number: number; size: number }) {
  const enough = page.number * page.size;
  return sql<ExpenseRow & { pos?: number }>`
    SELECT g.* FROM (
      SELECT e.*, 1 AS pos FROM (SELECT * FROM expenses e WHERE ${whereOf(criteria)} AND e.notes IS NOT NULL
        ORDER BY lower(e.notes) ${sql.raw(term.direction)}, e.stripe_created DESC, e.id DESC ${limitOffset(enough)}) AS e
      UNION ALL
      SELECT e.*, 2 AS pos FROM (SELECT * FROM expenses e WHERE ${whereOf(criteria)} AND e.notes IS NULL ORDER BY e.stripe_created DESC, e.id DESC ${limitOffset(enough)}) AS e
    ) AS g
    ORDER BY g.pos, lower(g.notes) ${sql.raw(term.direction)}, g.stripe_created DESC, g.id DESC ${limitOffset(page.size, enough - page.size)}`;
}

/**
 * The statement that reads a page of the All Transactions table (the expense search): group by group or notes first
 * for a shallow page sorted by one such column, else the whole ordered query. expense-sql.test.ts snapshots it.
 */
export function expensePageQuery(
  criteria: ExpenseCriteria,
  sort: readonly ResolvedSort[],
  page: { number: number; size: number },
) {
  const [term] = sort;
  const shallow = sort.length === 1 && term !== undefined && page.number * page.size <= 1_000;
  if (shallow && GROUPED_SORTS[term.column]) return pageByGroup(criteria, term, page);
  if (shallow && term.column === 'notes') return pageByNotes(criteria, term, page);
  return sql<
    ExpenseRow & { pos?: number }
  >`SELECT e.* ${expensesQuery(criteria, sort)} ${limitOffset(page.size, (page.number - 1) * page.size)}`;
}

/**
 * A page of the table and how many match: one statement (the count and the page side by side) unless the count is
 * known already or the search's ids alone pass the limit.
 */
export async function listExpenses(
  db: DbOrTx,
  criteria: ExpenseCriteria,
  sort: readonly ResolvedSort[],
  page: { number: number; size: number },
  /** The count, when the caller knows it already (a search known to match more than the limit). */
  known?: { total: number; complete: boolean },
) {
  const limit = EXPENSE_COUNT_LIMIT;
  const counted = known ?? ((await moreThanByIds(db, criteria, limit)) ? { total: limit, complete: false } : null);
  const pageQuery = expensePageQuery(criteria, sort, page);
  if (counted) {
    const { rows } = await pageQuery.execute(db);
    return { rows: rows.map(({ pos: _pos, ...row }) => row as ExpenseRow), ...counted };
  }
  const { query, capped } = countQuery(criteria, limit);
  // One row of nulls past the last page: the total still comes back.
  const { rows } = await sql<ExpenseRow & { pos?: number; page_total: number; page_row: boolean | null }>`
    SELECT counted.total AS page_total, paged.* FROM (${query}) AS counted
    LEFT JOIN LATERAL (SELECT p.*, true AS page_row FROM (${pageQuery}) AS p) AS paged ON true`.execute(db);
  return {
    rows: rows
      .filter((row) => row.page_row)
      .map(({ pos: _pos, page_total: _total, page_row: _row, ...row }) => row as ExpenseRow),
    ...countOf(Number(rows[0]?.page_total ?? 0), capped, limit),
  };
}

/** The first and last UTC day with a matching transaction; null when there is none. */
export async function expenseDaySpan(
  db: DbOrTx,
  criteria: ExpenseCriteria,
): Promise<{ from: string; to: string } | null> {
  const { rows } = await sql<{ first: number | null; last: number | null }>`
    SELECT min(e.stripe_created) AS first, max(e.stripe_created) AS last FROM expenses e WHERE ${whereOf(criteria)}`.execute(
    db,
  );
  const { first, last } = rows[0] ?? {};
  if (first === null || first === undefined || last === null || last === undefined) return null;
  const day = (unix: number) => new Date(Number(unix) * 1000).toISOString().slice(0, 10);
  return { from: day(first), to: day(last) };
}

export function findExpense(db: DbOrTx, orgId: number, id: number): Promise<ExpenseRow | undefined> {
  return db.selectFrom('expenses').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}

export function updateExpenseNotes(
  db: DbOrTx,
  orgId: number,
  id: number,
  notes: string | null,
): Promise<ExpenseRow | undefined> {
  return db
    .updateTable('expenses')
    .set({ notes })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
