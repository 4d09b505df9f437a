import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getAnalytics, getAnalyticsTotal } from '../../../lib/analytics';
import type { QueryParams } from '../../../lib/http';
import { dashboardKeys } from '../../../lib/query-keys';

/** One analytics series (the fetcher is lib/analytics' getAnalytics). */
export function analyticsQueryOptions(path: string, query: QueryParams) {
  return queryOptions({
    // No refetch on mount after a failure, as every dashboard query (see prefetch.ts).
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

/** A `filter[group_single]=1` total of an analytics endpoint (the fetcher is lib/analytics' getAnalyticsTotal). */
export function analyticsTotalQueryOptions(path: string, query: QueryParams = {}) {
  return queryOptions({
    // No refetch on mount after a failure, as every dashboard query (see prefetch.ts).
    retryOnMount: false,
    queryKey: dashboardKeys.analytics(path, { ...query, 'filter[group_single]': 1 }),
    queryFn: ({ signal }) => getAnalyticsTotal(path, query, signal),
  });
}

export function useAnalyticsTotal(path: string, query: QueryParams = {}) {
  return useQuery(analyticsTotalQueryOptions(path, query));
}

/** The member charts' window: the last 6 months (PRODUCT.md §9). */
export const MEMBER_MONTHS: QueryParams = { 'filter[sum_over_months]': 6 };
/** Purchase-request analytics count only requests that were funded. */
export const TRANSFERRED: QueryParams = { where_not_null: 'transferred' };
