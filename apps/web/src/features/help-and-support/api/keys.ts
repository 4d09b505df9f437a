/** Query keys of Help & Support. */
export const helpKeys = {
  organizationAdmins: ['organization', 'admins'] as const,
};
