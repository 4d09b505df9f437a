import type { Db, DbOrTx } from '../../db/database.js';
import { conflict } from '../../http/errors.js';
import { adminsOf, createUserInTransaction, rolesOfUsers, type NewUser } from '../users/service.js';
import { ensureDefaultCategories } from '../wallet-categories/service.js';
import type { Organization } from './organization.js';
import * as orgsRepo from './repo.js';

export type { Organization } from './organization.js';
/** What an organisation's slug and name may be (the CLI checks its arguments with them). */
export { orgNameSchema, orgSlugSchema } from './schemas.js';

/** An admin of the organisation, as Help & Support lists them. */
export interface OrganizationAdminRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  roles: string[];
}

export function findOrganizationById(db: DbOrTx, id: number): Promise<Organization | undefined> {
  return orgsRepo.findOrganizationById(db, id);
}

export function findOrganizationBySlug(db: DbOrTx, slug: string): Promise<Organization | undefined> {
  return orgsRepo.findOrganizationBySlug(db, slug);
}

/** A bare organisation (the demo seed); createOrganization also gives it its first super-admin and categories. */
export function insertOrganization(db: DbOrTx, values: { slug: string; name: string }): Promise<Organization> {
  return orgsRepo.insertOrganization(db, values);
}

/** An organisation and its first super-admin, together or not at all. */
export async function createOrganization(db: Db, input: { slug: string; name: string; admin: Omit<NewUser, 'role'> }) {
  return db.transaction().execute(async (tx) => {
    if (await findOrganizationBySlug(tx, input.slug))
      throw conflict(`An organisation with the slug '${input.slug}' already exists.`);
    const organization = await insertOrganization(tx, { slug: input.slug, name: input.name });
    const admin = await createUserInTransaction(tx, organization.id, { ...input.admin, role: 'super-admin' });
    await ensureDefaultCategories(tx, organization.id);
    return { organization, admin };
  });
}

/** The organisation's admins (super-admin, wallet-admin, wallet-finance) with their roles. */
export async function organizationAdmins(db: Db, orgId: number): Promise<OrganizationAdminRow[]> {
  const admins = await adminsOf(db, orgId);
  const roles = await rolesOfUsers(
    db,
    orgId,
    admins.map((admin) => admin.id),
  );
  return admins.map((admin) => ({ ...admin, roles: roles.get(admin.id) ?? [] }));
}
