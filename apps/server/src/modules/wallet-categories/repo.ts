import type { DbOrTx } from '../../db/database.js';

export function listCategories(db: DbOrTx, orgId: number) {
  return db
    .selectFrom('wallet_categories')
    .select(['id', 'name', 'created_at'])
    .where('org_id', '=', orgId)
    .orderBy('name')
    .execute();
}

export function findCategory(db: DbOrTx, orgId: number, id: number) {
  return db
    .selectFrom('wallet_categories')
    .select(['id', 'name'])
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

export function insertCategory(db: DbOrTx, orgId: number, name: string) {
  return db
    .insertInto('wallet_categories')
    .values({ org_id: orgId, name })
    .returning(['id', 'name', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function renameCategory(db: DbOrTx, orgId: number, id: number, name: string) {
  return db
    .updateTable('wallet_categories')
    .set({ name })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .returning(['id', 'name', 'created_at'])
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
