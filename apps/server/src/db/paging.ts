import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/**
 * LIMIT and OFFSET written into a statement's text, not sent as parameters. A prepared statement whose LIMIT is a
 * parameter is planned again on every call: PostgreSQL's generic plan guesses the limit and always costs more than a
 * plan for the real one, so it is never chosen (issue 19.9: the cards list planned 0.46 ms per call for 0.8 ms of
 * work). Pages differ in few ways (size, number), so few distinct texts result.
 */
function literalCount(value: number): RawBuilder<number> {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a row count: ${value}`);
  return sql.lit(value);
}

/** A page of `query`: `page.size` rows from row (page.number - 1) * page.size. */
export function onPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: { number: number; size: number },
): SelectQueryBuilder<DB, TB, O> {
  return query.limit(literalCount(page.size)).offset(literalCount((page.number - 1) * page.size));
}

/** `LIMIT n OFFSET m` for a statement written with sql``. */
export function limitOffset(limit: number, offset = 0): RawBuilder<unknown> {
  return sql`LIMIT ${literalCount(limit)} OFFSET ${literalCount(offset)}`;
}
