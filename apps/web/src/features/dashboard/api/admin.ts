import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  MAX_PAGE_SIZE,
  PAGE_SIZES,
  REQUEST_MESSAGES,
  type CardResource,
  type ListResponse,
  type PurchaseRequestResource,
} from '@wallet/contract';
import { getAnalytics } from '../../../lib/analytics';
import { http, type DataEnvelope, type QueryParams } from '../../../lib/http';
import { dashboardKeys } from './keys';

export interface Kpi {
  issuing_available: number;
  last_30_spend: number;
  assigned_out: number;
}

/*
 * The dashboard's queries do not refetch on mount after a failure: the prefetch has already failed (and been
 * notified) and the panel offers Try Again, rather than failing a second time while the page appears.
 */

/** GET /api/dashboard/kpi (admins). */
export const kpiQuery = queryOptions({
  retryOnMount: false,
  queryKey: dashboardKeys.kpi,
  queryFn: async ({ signal }) => (await http.get<DataEnvelope<Kpi>>('/api/dashboard/kpi', { signal })).data,
});

export function useKpi() {
  return useQuery(kpiQuery);
}

/** GET /api/balance: the organisation's unallocated funds (cents). */
export const balanceQuery = queryOptions({
  retryOnMount: false,
  queryKey: dashboardKeys.balance,
  queryFn: async ({ signal }) =>
    (await http.get<DataEnvelope<{ available: number }>>('/api/balance', { signal })).data.available,
});

export function useBalance() {
  return useQuery(balanceQuery);
}

export function analyticsQueryOptions(path: string, query: QueryParams) {
  return queryOptions({
    retryOnMount: false,
    queryKey: dashboardKeys.analytics(path, query),
    queryFn: ({ signal }) => getAnalytics(path, query, signal),
  });
}

/** One analytics series; while another range loads, the previous one stays on screen. */
export function useAnalytics(path: string, query: QueryParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...analyticsQueryOptions(path, query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export type PanelTab = 'pending' | 'approved';

/** The two requests of each dashboard panel tab (PRODUCT.md §7). */
export const PANEL_QUERIES: Record<PanelTab, QueryParams> = {
  pending: {
    include: 'user',
    'filter[pending]': 1,
    sort: '-submitted',
    'page[number]': 1,
    'page[size]': PAGE_SIZES.dashboardPanel,
  },
  approved: {
    include: 'user',
    'filter[approved]': 1,
    sort: '-transferred',
    'page[number]': 1,
    'page[size]': PAGE_SIZES.dashboardPanel,
  },
};

export function panelQuery(tab: PanelTab) {
  const params = PANEL_QUERIES[tab];
  return queryOptions({
    retryOnMount: false,
    queryKey: dashboardKeys.panel(tab, params),
    queryFn: ({ signal }) =>
      http.get<ListResponse<PurchaseRequestResource>>('/api/purchase-requests', { query: params, signal }),
  });
}

export function usePanelRequests(tab: PanelTab) {
  return useQuery(panelQuery(tab));
}

export type ForceStatus = 'approved' | 'rejected';

/**
 * Force Approve or Force Reject from the dashboard: PUT /api/purchase-requests/{id}/finance-approval with the
 * note PRODUCT.md §7 fixes. Errors go to the normal notifier. On success the row leaves the pending panel at once, and
 * everything the decision may have moved (request lists, balances, cards, charts) is read again.
 */
export function useForceDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ requestId, status }: { requestId: number; status: ForceStatus }) => {
      const { data } = await http.put<DataEnvelope<PurchaseRequestResource>>(
        `/api/purchase-requests/${requestId}/finance-approval`,
        {
          approving: true,
          status,
          notes: REQUEST_MESSAGES.forceNote(status),
        },
      );
      return data;
    },
    onSuccess: async (_updated, { requestId }) => {
      const pendingKey = dashboardKeys.panel('pending', PANEL_QUERIES.pending);
      queryClient.setQueryData<ListResponse<PurchaseRequestResource>>(pendingKey, (list) =>
        list
          ? {
              ...list,
              data: list.data.filter((row) => row.id !== requestId),
              meta: { ...list.meta, total: Math.max(0, list.meta.total - 1) },
            }
          : list,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.requestLists }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.requestDetail(requestId) }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.cards }),
      ]);
    },
  });
}

export const RECENT_CARDS_QUERY: QueryParams = { include: 'user', 'filter[recently_used]': true, 'page[size]': 5 };

/** GET /api/cards?include=user&filter[recently_used]=true&page[size]=5: sorted by last use. */
export const recentCardsQuery = queryOptions({
  retryOnMount: false,
  queryKey: dashboardKeys.recentCards(RECENT_CARDS_QUERY),
  queryFn: ({ signal }) => http.get<ListResponse<CardResource>>('/api/cards', { query: RECENT_CARDS_QUERY, signal }),
});

export function useRecentlyUsedCards() {
  return useQuery(recentCardsQuery);
}

export const SPENT_DAYS = 30;
/** At most this many pages of a card's expenses are read for its 30-day spend. */
const MAX_SPEND_PAGES = 5;

interface ExpenseRow {
  id: number;
  stripe_created: number;
  amount: number;
}

/**
 * What a card spent in the last 30 days, net of refunds: its expenses newest first (GET /api/cards/{id}/expenses),
 * summed until one is older than 30 days. The API has no per-card total, so this reads pages of up to 200.
 */
export async function cardSpendSince(cardId: number, sinceUnix: number, signal?: AbortSignal): Promise<number> {
  let total = 0;
  for (let page = 1; page <= MAX_SPEND_PAGES; page += 1) {
    const { data, meta } = await http.get<ListResponse<ExpenseRow>>(`/api/cards/${cardId}/expenses`, {
      query: { sort: '-stripe_created', 'page[number]': page, 'page[size]': MAX_PAGE_SIZE },
      signal,
    });
    for (const expense of data) {
      if (expense.stripe_created < sinceUnix) return total;
      total += Number(expense.amount);
    }
    if (page >= meta.last_page || data.length === 0) return total;
  }
  return total;
}

/** The 30-day spend of each card, one query per card. */
export function useCardsSpend(cardIds: readonly number[]) {
  return useQueries({
    queries: cardIds.map((cardId) => ({
      queryKey: dashboardKeys.cardSpend(cardId, SPENT_DAYS),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        cardSpendSince(cardId, Math.floor(Date.now() / 1000) - SPENT_DAYS * 24 * 60 * 60, signal),
      staleTime: 60_000,
    })),
  });
}
