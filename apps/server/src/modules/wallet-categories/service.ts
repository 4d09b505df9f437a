import { DEFAULT_WALLET_CATEGORIES } from '@wallet/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { notFound, validationFailed } from '../../http/errors.js';
import { categoriesByIds, findCategory, findCategoryByName, insertCategory, listCategories, renameCategory } from './repo.js';

export { listCategories, findCategory, categoriesByIds };

const TAKEN = 'A category with this name already exists.';

/** Travel, Software, Meals, Office, Marketing, Other: every organisation starts with these. */
export async function ensureDefaultCategories(db: DbOrTx, orgId: number): Promise<void> {
  for (const name of DEFAULT_WALLET_CATEGORIES) if (!(await findCategoryByName(db, orgId, name))) await insertCategory(db, orgId, name);
}

export async function categoriesOf(db: DbOrTx, orgId: number) {
  const categories = await listCategories(db, orgId);
  if (categories.length > 0) return categories;
  await ensureDefaultCategories(db, orgId);
  return listCategories(db, orgId);
}

/** Two admins saving the same name at once: the unique index decides, and the loser gets the same 422. */
function takenOnRace(error: { code?: string }): never {
  if (error.code === '23505') throw validationFailed({ name: [TAKEN] });
  throw error;
}

export async function createCategory(db: Db, orgId: number, name: string) {
  if (await findCategoryByName(db, orgId, name)) throw validationFailed({ name: [TAKEN] });
  return insertCategory(db, orgId, name).catch(takenOnRace);
}

export async function renameWalletCategory(db: Db, orgId: number, id: number, name: string) {
  const holder = await findCategoryByName(db, orgId, name);
  if (holder && holder.id !== id) throw validationFailed({ name: [TAKEN] });
  const renamed = await renameCategory(db, orgId, id, name).catch(takenOnRace);
  if (!renamed) throw notFound();
  return renamed;
}
