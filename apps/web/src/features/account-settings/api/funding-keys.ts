/**
 * Query keys of Account Funding: everything under ['funding'], so a top-up refreshes the balance, the top-up list
 * and the statements at once.
 */
export const fundingKeys = {
  all: ['funding'] as const,
  balance: ['funding', 'balance'] as const,
  topups: (page: number, pageSize: number) => ['funding', 'topups', page, pageSize] as const,
  statements: ['funding', 'statements'] as const,
};

/**
 * The dashboard shows the same balance (Fund Overview, KPIs) under its own keys; a top-up marks them stale too,
 * by prefix, without importing that feature.
 */
export const DASHBOARD_KEY_PREFIX = ['dashboard'] as const;

/** While a top-up is pending (Stripe settles it later), the figures are read again this often. */
export const PENDING_POLL_MS = 10_000;
