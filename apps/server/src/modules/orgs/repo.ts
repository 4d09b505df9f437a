import type { DbOrTx } from '../../db/database.js';

export interface Organization { id: number; slug: string; name: string }

export function findOrganizationBySlug(db: DbOrTx, slug: string): Promise<Organization | undefined> {
  return db.selectFrom('organizations').select(['id', 'slug', 'name']).where('slug', '=', slug).executeTakeFirst();
}

export function insertOrganization(db: DbOrTx, values: { slug: string; name: string }): Promise<Organization> {
  return db.insertInto('organizations').values(values).returning(['id', 'slug', 'name']).executeTakeFirstOrThrow();
}

export function findOrganizationById(db: DbOrTx, id: number): Promise<Organization | undefined> {
  return db.selectFrom('organizations').select(['id', 'slug', 'name']).where('id', '=', id).executeTakeFirst();
}
