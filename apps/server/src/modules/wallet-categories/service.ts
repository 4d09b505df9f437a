import type { Expression } from 'kysely';
import { DEFAULT_WALLET_CATEGORIES } from '@wallet/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { notFound, validationFailed } from '../../http/errors.js';
import { recordAudit, type AuditBy } from '../audit/service.js';
import * as categoriesRepo from './repo.js';
import { findCategoryByName, insertCategory, updateCategory } from './repo.js';

/** The organisation's categories by name. */
export function listCategories(db: DbOrTx, orgId: number) {
  return categoriesRepo.listCategories(db, orgId);
}

export function findCategory(db: DbOrTx, orgId: number, id: number) {
  return categoriesRepo.findCategory(db, orgId, id);
}

export function categoriesByIds(db: DbOrTx, orgId: number, ids: readonly number[]) {
  return categoriesRepo.categoriesByIds(db, orgId, ids);
}

const TAKEN = 'A category with this name already exists.';

/** Travel, Software, Meals, Office, Marketing, Other: every organisation starts with these. */
export async function ensureDefaultCategories(db: DbOrTx, orgId: number): Promise<void> {
  for (const name of DEFAULT_WALLET_CATEGORIES)
    if (!(await findCategoryByName(db, orgId, name))) await insertCategory(db, orgId, name);
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

export async function createCategory(
  db: Db,
  orgId: number,
  input: { name: string; gl_code?: string | null },
  by?: AuditBy,
) {
  const { name } = input;
  if (await findCategoryByName(db, orgId, name)) throw validationFailed({ name: [TAKEN] });
  return db.transaction().execute(async (tx) => {
    const created = await insertCategory(tx, orgId, name, input.gl_code ?? null).catch(takenOnRace);
    await recordAudit(tx, {
      orgId,
      by,
      action: 'wallet_category.created',
      subject: { type: 'wallet_category', id: created.id, label: created.name },
      details: { name: created.name, ...(created.gl_code && { gl_code: created.gl_code }) },
    });
    return created;
  });
}

/** Renames a category and, when `gl_code` is given, sets or clears its GL code; each change audited. */
export async function updateWalletCategory(
  db: Db,
  orgId: number,
  id: number,
  input: { name: string; gl_code?: string | null },
  by?: AuditBy,
) {
  const { name } = input;
  const holder = await findCategoryByName(db, orgId, name);
  if (holder && holder.id !== id) throw validationFailed({ name: [TAKEN] });
  return db.transaction().execute(async (tx) => {
    const before = await findCategory(tx, orgId, id);
    const updated = before && (await updateCategory(tx, orgId, id, { name, glCode: input.gl_code }).catch(takenOnRace));
    if (!before || !updated) throw notFound();
    const subject = { type: 'wallet_category' as const, id, label: updated.name };
    if (before.name !== updated.name) {
      await recordAudit(tx, {
        orgId,
        by,
        action: 'wallet_category.renamed',
        subject,
        details: { old_name: before.name, new_name: updated.name },
      });
    }
    if (before.gl_code !== updated.gl_code) {
      await recordAudit(tx, {
        orgId,
        by,
        action: 'wallet_category.gl_code_changed',
        subject,
        details: { old_gl_code: before.gl_code, new_gl_code: updated.gl_code },
      });
    }
    return updated;
  });
}

export function renameWalletCategory(db: Db, orgId: number, id: number, name: string, by?: AuditBy) {
  return updateWalletCategory(db, orgId, id, { name }, by);
}

/** These categories' names, as one JSON array column of another module's statement. */
export function categoryBriefColumn(orgId: Expression<number>, categoryId: Expression<number | null>) {
  return categoriesRepo.categoryBriefColumn(orgId, categoryId);
}

export function categoryNamesColumn(orgId: number, ids: readonly number[]) {
  return categoriesRepo.categoryNamesColumn(orgId, ids);
}
