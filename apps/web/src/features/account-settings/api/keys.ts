import type { QueryParams } from '../../../lib/http';

/**
 * Query keys of Account Settings. Account Funding's are all under ['funding'], so a top-up refreshes the top-up list
 * and the statements at once; the balance is the dashboards' (dashboardKeys.balance, lib/balance.ts), which a top-up
 * refreshes with the dashboards' other figures (dashboardKeys.all).
 */
export const fundingKeys = {
  all: ['funding'] as const,
  topups: (page: number, pageSize: number) => ['funding', 'topups', page, pageSize] as const,
  statements: ['funding', 'statements'] as const,
};

export const auditKeys = {
  all: ['audit-log'] as const,
  list: (params: QueryParams) => ['audit-log', 'list', params] as const,
  admins: ['audit-log', 'admins'] as const,
};

export const notificationPreferencesKeys = {
  ofUser: (userId: number) => ['notification-preferences', userId] as const,
};

export const organizationLogoKeys = {
  info: ['organization', 'logo'] as const,
};

export const twoFactorKeys = {
  status: ['two-factor-status'] as const,
};

/** While a top-up is pending (Stripe settles it later), the figures are read again this often. */
export const PENDING_POLL_MS = 10_000;
