import { isAdmin } from '@wallet/contract';

/** Who may answer a registration request: an admin mailed a link, who still is an admin when they use it. */
export function canAnswerRegistration(admin: { roles: readonly string[] } | undefined): boolean {
  return admin !== undefined && isAdmin(admin.roles);
}
