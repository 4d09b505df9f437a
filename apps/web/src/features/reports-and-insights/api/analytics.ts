import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsTopRow } from '@wallet/contract';
import { getAnalytics, getAnalyticsTotal, rangeFilter, type ChartRange } from '../../../lib/analytics';
import { http, type QueryParams } from '../../../lib/http';
import { analyticsBetween, type DayRange } from '../ranges';
import { ANALYTICS_PATHS, TOP_FILTERS, type AnalyticsSource, type TopKind } from './analytics-paths';
import { reportKeys } from './keys';

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
export function topRowsQueryOptions(kind: TopKind, range: DayRange | null, limit = 5) {
  return queryOptions({
    queryKey: reportKeys.top(kind, range, limit),
    queryFn: ({ signal }) => getTopRows(kind, range, limit, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTopRows(kind: TopKind, range: DayRange | null, limit = 5) {
  return useQuery(topRowsQueryOptions(kind, range, limit));
}

export { ANALYTICS_PATHS, TOP_FILTERS, type AnalyticsSource, type TopKind };
