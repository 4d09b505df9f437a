import type { QueryParams } from '../../../lib/http';

/**
 * Query keys of the dashboards. Request panels live under ['purchase-requests', 'list', ...] and card data under
 * ['cards', ...], the prefixes the requests and cards screens use, so a decision or a funding made on one screen
 * refreshes the others.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  kpi: ['dashboard', 'kpi'] as const,
  balance: ['dashboard', 'balance'] as const,
  analytics: (path: string, query: QueryParams) => ['dashboard', 'analytics', path, query] as const,
  userCards: (userId: number) => ['dashboard', 'user-cards-analytics', userId] as const,
  requestLists: ['purchase-requests', 'list'] as const,
  panel: (tab: string, params: QueryParams) => ['purchase-requests', 'list', `dashboard-${tab}`, params] as const,
  requestDetail: (id: number) => ['purchase-requests', 'detail', id] as const,
  cards: ['cards'] as const,
  recentCards: (params: QueryParams) => ['cards', 'dashboard', 'recently-used', params] as const,
  cardSpend: (cardId: number, days: number) => ['cards', 'dashboard', 'spent', cardId, days] as const,
};
