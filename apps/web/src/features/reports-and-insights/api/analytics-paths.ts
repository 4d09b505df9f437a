/** The organisation's analytics endpoints (PRODUCT.md §7), admins only. */
export const ANALYTICS_PATHS = {
  /** Posted transactions: captures less refunds. */
  spending: '/api/expenses/analytics',
  /** Money added to the organisation (Total Funding). */
  funding: '/api/topups/analytics',
  /** Money allocated to cards: fundings less defundings. */
  allocations: '/api/journal-entries/analytics',
  /** The organisation's unallocated funds (a balance: each period's closing figure). */
  balance: '/api/wallet-balances/analytics',
} as const;
export type AnalyticsSource = keyof typeof ANALYTICS_PATHS;

export const TOP_FILTERS = {
  spender: 'top_five_spender',
  cardBalances: 'top_five_card_balances',
  categories: 'top_five_categories',
  teams: 'top_five_teams',
} as const;
export type TopKind = keyof typeof TOP_FILTERS;
