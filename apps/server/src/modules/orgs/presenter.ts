import type { OrganizationAdmin } from '@wallet/contract';
import { fullName } from '../users/service.js';
import type { OrganizationAdminRow } from './service.js';

/** The organisation's admins with their roles, by name (Help & Support: whom to contact). */
export function presentOrganizationAdmins(admins: OrganizationAdminRow[]): OrganizationAdmin[] {
  return admins
    .map((admin) => ({ id: admin.id, name: fullName(admin), email: admin.email, roles: admin.roles }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
