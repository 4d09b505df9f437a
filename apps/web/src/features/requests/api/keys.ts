/** Query keys only the requests screens use (requests, cards and people are under lib/query-keys' factories). */
export const requestFormKeys = {
  walletCategories: ['wallet-categories'] as const,
};
