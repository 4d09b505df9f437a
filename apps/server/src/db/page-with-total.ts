import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import type { DbOrTx } from './database.js';

/**
 * A list page and the filtered total in one statement (one round trip instead of two, ISSUE 19.9): the count and the
 * page are independent subqueries joined on true, so each keeps its own plan (the page its top-N sort), and a page
 * past the end still answers the total (one row of nulls, dropped here).
 *
 * `count` selects one row with the total as `total`; `page` is the ordered, limited query of the rows.
 */
export async function pageWithTotal<Row extends object>(
  db: DbOrTx,
  count: Expression<{ total: number | string | bigint }>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any tables: only the selected row type matters
  page: SelectQueryBuilder<any, any, Row>,
): Promise<{ rows: Row[]; total: number }> {
  const { rows } = await sql<Row & { page_total: number | string; page_row: true | null }>`
    select counted.total as page_total, paged.*
    from (${count}) as counted
    left join lateral (${page.select(sql<true>`true`.as('page_row'))}) as paged on true`.execute(db);
  const total = Number(rows[0]?.page_total ?? 0);
  const pageRows = rows
    .filter((row) => row.page_row)
    .map(({ page_total: _total, page_row: _present, ...row }) => row as unknown as Row);
  return { rows: pageRows, total };
}
