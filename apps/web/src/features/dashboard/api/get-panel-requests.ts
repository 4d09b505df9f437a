import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type ListResponse, type PurchaseRequestResource } from '@wallet/contract';
import { http, type QueryParams } from '../../../lib/http';
import { requestKeys } from '../../../lib/query-keys';

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
export const panelRequestsKey = (tab: PanelTab) => requestKeys.list(`dashboard-${tab}`, PANEL_QUERIES[tab]);

/** GET /api/purchase-requests with one panel tab's filters. */
export function getPanelRequests(tab: PanelTab, signal?: AbortSignal): Promise<ListResponse<PurchaseRequestResource>> {
  return http.get<ListResponse<PurchaseRequestResource>>('/api/purchase-requests', {
    query: PANEL_QUERIES[tab],
    signal,
  });
}

export function panelRequestsQueryOptions(tab: PanelTab) {
  return queryOptions({
    // No refetch on mount after a failure, as every dashboard query (see prefetch.ts).
    retryOnMount: false,
    queryKey: panelRequestsKey(tab),
    queryFn: ({ signal }) => getPanelRequests(tab, signal),
  });
}

export function usePanelRequests(tab: PanelTab) {
  return useQuery(panelRequestsQueryOptions(tab));
}
