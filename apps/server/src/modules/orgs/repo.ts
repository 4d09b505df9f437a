import type { DbOrTx } from '../../db/database.js';
import type { Organization } from './organization.js';

export function findOrganizationBySlug(db: DbOrTx, slug: string): Promise<Organization | undefined> {
  return db.selectFrom('organizations').select(['id', 'slug', 'name']).where('slug', '=', slug).executeTakeFirst();
}

export function insertOrganization(db: DbOrTx, values: { slug: string; name: string }): Promise<Organization> {
  return db.insertInto('organizations').values(values).returning(['id', 'slug', 'name']).executeTakeFirstOrThrow();
}

export function findOrganizationById(db: DbOrTx, id: number): Promise<Organization | undefined> {
  return db.selectFrom('organizations').select(['id', 'slug', 'name']).where('id', '=', id).executeTakeFirst();
}

export interface OrganizationLogo {
  content_type: string;
  bytes: Buffer;
  updated_at: Date;
}

export function findOrganizationLogo(db: DbOrTx, orgId: number): Promise<OrganizationLogo | undefined> {
  return db
    .selectFrom('organization_logos')
    .select(['content_type', 'bytes', 'updated_at'])
    .where('org_id', '=', orgId)
    .executeTakeFirst();
}

export function findOrganizationLogoStamp(db: DbOrTx, orgId: number): Promise<{ updated_at: Date } | undefined> {
  return db.selectFrom('organization_logos').select(['updated_at']).where('org_id', '=', orgId).executeTakeFirst();
}

export function upsertOrganizationLogo(
  db: DbOrTx,
  orgId: number,
  logo: { content_type: string; bytes: Buffer },
): Promise<{ updated_at: Date }> {
  return db
    .insertInto('organization_logos')
    .values({ org_id: orgId, ...logo, updated_at: new Date() })
    .onConflict((oc) =>
      oc.column('org_id').doUpdateSet({ content_type: logo.content_type, bytes: logo.bytes, updated_at: new Date() }),
    )
    .returning(['updated_at'])
    .executeTakeFirstOrThrow();
}

export async function deleteOrganizationLogo(db: DbOrTx, orgId: number): Promise<boolean> {
  const result = await db.deleteFrom('organization_logos').where('org_id', '=', orgId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
