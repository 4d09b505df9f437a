import { sql, type Expression, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

export function listCategories(db: DbOrTx, orgId: number) {
  return db
    .selectFrom('wallet_categories')
    .select(['id', 'name', 'gl_code', 'created_at'])
    .where('org_id', '=', orgId)
    .orderBy('name')
    .execute();
}

export function findCategory(db: DbOrTx, orgId: number, id: number) {
  return db
    .selectFrom('wallet_categories')
    .select(['id', 'name', 'gl_code'])
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findCategoryByName(db: DbOrTx, orgId: number, name: string) {
  return db
    .selectFrom('wallet_categories')
    .select(['id'])
    .where('org_id', '=', orgId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

export function insertCategory(db: DbOrTx, orgId: number, name: string, glCode: string | null = null) {
  return db
    .insertInto('wallet_categories')
    .values({ org_id: orgId, name, gl_code: glCode })
    .returning(['id', 'name', 'gl_code', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** Its name, and its GL code unless `glCode` is undefined (left as it is). */
export async function updateCategory(
  db: DbOrTx,
  orgId: number,
  id: number,
  changes: { name: string; glCode?: string | null },
) {
  return db
    .updateTable('wallet_categories')
    .set({ name: changes.name, ...(changes.glCode !== undefined && { gl_code: changes.glCode }) })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .returning(['id', 'name', 'gl_code', 'created_at'])
    .executeTakeFirst();
}

export async function categoriesByIds(db: DbOrTx, orgId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('wallet_categories')
    .select(['id', 'name'])
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .execute();
}

/** A JSON column naming one category of the organisation (null when there is none), for a list's own statement. */
export function categoryBriefColumn(
  orgId: Expression<number>,
  categoryId: Expression<number | null>,
): RawBuilder<{ id: number; name: string } | null> {
  return sql`(select json_build_object('id', w.id, 'name', w.name)
    from wallet_categories w where w.org_id = ${orgId} and w.id = ${categoryId})`;
}

/** These categories' names as a JSON array column, for a statement reading several modules' names at once. */
export function categoryNamesColumn(
  orgId: number,
  ids: readonly number[],
): RawBuilder<Array<{ id: number; name: string }>> {
  return sql`(select coalesce(json_agg(json_build_object('id', w.id, 'name', w.name)), '[]')
    from wallet_categories w where w.org_id = ${orgId} and w.id = any(${ids}::bigint[]))`;
}
