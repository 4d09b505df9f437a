/** Roles of PRODUCT.md §6. The first three are admins. */
export const ROLES = ['super-admin', 'wallet-admin', 'wallet-finance', 'wallet-user'] as const;
export type Role = (typeof ROLES)[number];

export const ADMIN_ROLES: readonly Role[] = ['super-admin', 'wallet-admin', 'wallet-finance'];

/** The roles a user form may grant; super-admin is never granted through the API. */
export const ASSIGNABLE_ROLES = ['wallet-admin', 'wallet-finance', 'wallet-user'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export function isAdmin(roles: readonly string[]): boolean {
  return roles.some((role) => (ADMIN_ROLES as readonly string[]).includes(role));
}

export function isWalletUser(roles: readonly string[]): boolean {
  return roles.includes('wallet-user');
}

/** 'Admin' for any admin role, else 'Member' (PRODUCT.md §6). */
export function roleLabel(roles: readonly string[]): 'Admin' | 'Member' {
  return isAdmin(roles) ? 'Admin' : 'Member';
}
