import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsTopRow } from '@wallet/contract';
import { getAnalytics, getAnalyticsTotal, rangeFilter, type ChartRange } from '../../../lib/analytics';
import { http, type QueryParams } from '../../../lib/http';
import { analyticsBetween, type DayRange } from '../ranges';

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

export const reportKeys = {
  all: ['reports'] as const,
  series: (source: AnalyticsSource, query: QueryParams) => ['reports', 'series', source, query] as const,
  total: (source: AnalyticsSource, range: DayRange) => ['reports', 'total', source, range] as const,
  top: (kind: TopKind, range: DayRange | null, limit: number) => ['reports', 'top', kind, range, limit] as const,
};

/** A series over the last N days or months (rangeFilter), or within `between` when given. */
export function seriesQueryOptions(source: AnalyticsSource, range: Pick<ChartRange, 'unit' | 'periods'>) {
  const query = rangeFilter(range);
  return queryOptions({
    queryKey: reportKeys.series(source, query),
    queryFn: ({ signal }) => getAnalytics(ANALYTICS_PATHS[source], query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSeries(source: AnalyticsSource, range: Pick<ChartRange, 'unit' | 'periods'>) {
  return useQuery(seriesQueryOptions(source, range));
}

/** filter[group_single]=1 within the range: one total in cents. */
export function totalQueryOptions(source: AnalyticsSource, range: DayRange) {
  return queryOptions({
    queryKey: reportKeys.total(source, range),
    queryFn: ({ signal }) =>
      getAnalyticsTotal(ANALYTICS_PATHS[source], { 'filter[between]': analyticsBetween(range) }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTotal(source: AnalyticsSource, range: DayRange) {
  return useQuery(totalQueryOptions(source, range));
}

/** GET /api/expenses/analytics?filter[top_five_...]=1 (with filter[between] and filter[limit]): rows {id, label, amount}. */
export async function getTopRows(
  kind: TopKind,
  range: DayRange | null,
  limit: number,
  signal?: AbortSignal,
): Promise<AnalyticsTopRow[]> {
  const query: QueryParams = { [`filter[${TOP_FILTERS[kind]}]`]: 1, 'filter[limit]': limit === 5 ? undefined : limit };
  if (range) query['filter[between]'] = analyticsBetween(range);
  const { data } = await http.get<{ data: AnalyticsTopRow[] }>(ANALYTICS_PATHS.spending, { query, signal });
  return data;
}

/** A top list: card balances are as of now (range null); the others sum spending within the range. */
export function useTopRows(kind: TopKind, range: DayRange | null, limit = 5) {
  return useQuery({
    queryKey: reportKeys.top(kind, range, limit),
    queryFn: ({ signal }) => getTopRows(kind, range, limit, signal),
    placeholderData: keepPreviousData,
  });
}
