import { sql, type Kysely } from 'kysely';

/**
 * The CSV export's name for a merchant category key the contract does not name ("new_kind_of_shop" -> "New Kind of
 * Shop", as the contract's merchantCategoryName): a function marked PARALLEL SAFE, where the same words as a
 * correlated subquery in the export's SELECT kept PostgreSQL from working the cells out in parallel workers (issue
 * 19.8). PL/pgSQL so the planner calls it rather than inlining the subquery again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION merchant_category_title(key text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
    BEGIN
      RETURN (SELECT string_agg(CASE
          WHEN w.n > 1 AND w.word IN ('and', 'or', 'of', 'the', 'to', 'for', 'except', 'only') THEN w.word
          ELSE upper(left(w.word, 1)) || substr(w.word, 2) END, ' ' ORDER BY w.n)
        FROM (SELECT part AS word, row_number() OVER (ORDER BY at) AS n
          FROM unnest(string_to_array(key, '_')) WITH ORDINALITY AS p(part, at) WHERE part <> '') AS w);
    END $$;`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION merchant_category_title(text);`.execute(db);
}
