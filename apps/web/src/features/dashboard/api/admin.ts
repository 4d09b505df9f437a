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
import { cardKeys, dashboardKeys, requestKeys } from '../../../lib/query-keys';

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
export async function getKpi(signal?: AbortSignal): Promise<Kpi> {
  return (await http.get<DataEnvelope<Kpi>>('/api/dashboard/kpi', { signal })).data;
}

export const kpiQueryOptions = queryOptions({
  retryOnMount: false,
  queryKey: dashboardKeys.kpi,
  queryFn: ({ signal }) => getKpi(signal),
});

export function useKpi() {
  return useQuery(kpiQueryOptions);
}

/** GET /api/balance: the organisation's unallocated funds (cents). */
export async function getBalance(signal?: AbortSignal): Promise<number> {
  return (await http.get<DataEnvelope<{ available: number }>>('/api/balance', { signal })).data.available;
}

export const balanceQueryOptions = queryOptions({
  retryOnMount: false,
  queryKey: dashboardKeys.balance,
  queryFn: ({ signal }) => getBalance(signal),
});

export function useBalance() {
  return useQuery(balanceQueryOptions);
}

/** One analytics series (the fetcher is lib/analytics' getAnalytics). */
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

/** The panels are request lists like /requests' (under requestKeys.lists), so a decision anywhere refreshes them. */
const panelKey = (tab: PanelTab) => requestKeys.list(`dashboard-${tab}`, PANEL_QUERIES[tab]);

/** GET /api/purchase-requests with one panel tab's filters. */
export function getPanelRequests(tab: PanelTab, signal?: AbortSignal): Promise<ListResponse<PurchaseRequestResource>> {
  return http.get<ListResponse<PurchaseRequestResource>>('/api/purchase-requests', {
    query: PANEL_QUERIES[tab],
    signal,
  });
}

export function panelRequestsQueryOptions(tab: PanelTab) {
  return queryOptions({
    retryOnMount: false,
    queryKey: panelKey(tab),
    queryFn: ({ signal }) => getPanelRequests(tab, signal),
  });
}

export function usePanelRequests(tab: PanelTab) {
  return useQuery(panelRequestsQueryOptions(tab));
}

export type ForceStatus = 'approved' | 'rejected';

/** PUT /api/purchase-requests/{id}/finance-approval with the note PRODUCT.md §7 fixes: Force Approve or Force Reject. */
export async function forceDecision({
  requestId,
  status,
}: {
  requestId: number;
  status: ForceStatus;
}): Promise<PurchaseRequestResource> {
  const { data } = await http.put<DataEnvelope<PurchaseRequestResource>>(
    `/api/purchase-requests/${requestId}/finance-approval`,
    {
      approving: true,
      status,
      notes: REQUEST_MESSAGES.forceNote(status),
    },
  );
  return data;
}

/**
 * Force Approve or Force Reject from the dashboard. Errors go to the normal notifier. On success the row leaves the
 * pending panel at once, and everything the decision may have moved (request lists, balances, cards, charts) is read
 * again.
 */
export function useForceDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forceDecision,
    onSuccess: async (_updated, { requestId }) => {
      queryClient.setQueryData<ListResponse<PurchaseRequestResource>>(panelKey('pending'), (list) =>
        list
          ? {
              ...list,
              data: list.data.filter((row) => row.id !== requestId),
              meta: { ...list.meta, total: Math.max(0, list.meta.total - 1) },
            }
          : list,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.lists }),
        queryClient.invalidateQueries({ queryKey: requestKeys.detail(requestId) }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: cardKeys.all }),
      ]);
    },
  });
}

export const RECENT_CARDS_QUERY: QueryParams = { include: 'user', 'filter[recently_used]': true, 'page[size]': 5 };

/** GET /api/cards?include=user&filter[recently_used]=true&page[size]=5: sorted by last use. */
export function getRecentlyUsedCards(signal?: AbortSignal): Promise<ListResponse<CardResource>> {
  return http.get<ListResponse<CardResource>>('/api/cards', { query: RECENT_CARDS_QUERY, signal });
}

export const recentlyUsedCardsQueryOptions = queryOptions({
  retryOnMount: false,
  queryKey: cardKeys.recentlyUsed(RECENT_CARDS_QUERY),
  queryFn: ({ signal }) => getRecentlyUsedCards(signal),
});

export function useRecentlyUsedCards() {
  return useQuery(recentlyUsedCardsQueryOptions);
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

export function cardSpendQueryOptions(cardId: number) {
  return queryOptions({
    queryKey: cardKeys.spentInDays(cardId, SPENT_DAYS),
    queryFn: ({ signal }) => cardSpendSince(cardId, Math.floor(Date.now() / 1000) - SPENT_DAYS * 24 * 60 * 60, signal),
    staleTime: 60_000,
  });
}

/** The 30-day spend of each card, one query per card. */
export function useCardsSpend(cardIds: readonly number[]) {
  return useQueries({ queries: cardIds.map((cardId) => cardSpendQueryOptions(cardId)) });
}
