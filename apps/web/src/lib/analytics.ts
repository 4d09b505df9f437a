import { http, type QueryParams } from './http';

/** One point of an analytics series (PRODUCT.md §3): the period's first day and an amount in cents. */
export interface AnalyticsRow {
  date: string;
  amount: number;
}

/** A series answer: one row per day or month, gaps filled with zeros by the server. */
export interface AnalyticsSeries {
  data: AnalyticsRow[];
  meta?: { filter?: string; from?: string; to?: string };
}

export type PeriodUnit = 'day' | 'month';

/** The range menu of PRODUCT.md §2 and §9: 30, 90, 180 and 365 days; charts default to the last 6 months. */
export const CHART_RANGES = [
  { key: '1m', label: '1 Month', days: 30, unit: 'day', periods: 30 },
  { key: '3m', label: '3 Months', days: 90, unit: 'month', periods: 3 },
  { key: '6m', label: '6 Months', days: 180, unit: 'month', periods: 6 },
  { key: '1y', label: '1 Year', days: 365, unit: 'month', periods: 12 },
] as const satisfies ReadonlyArray<{ key: string; label: string; days: number; unit: PeriodUnit; periods: number }>;

export type ChartRange = (typeof CHART_RANGES)[number];
export type ChartRangeKey = ChartRange['key'];
export const DEFAULT_CHART_RANGE: ChartRangeKey = '6m';

export function chartRange(key: ChartRangeKey): ChartRange {
  return CHART_RANGES.find((range) => range.key === key) ?? CHART_RANGES[2];
}

/** The analytics filter of a range: sum_over_days for 1 Month (daily points), sum_over_months for the others. */
export function rangeFilter(range: Pick<ChartRange, 'unit' | 'periods'>): QueryParams {
  return range.unit === 'day'
    ? { 'filter[sum_over_days]': range.periods }
    : { 'filter[sum_over_months]': range.periods };
}

/** GET an analytics endpoint (e.g. /api/expenses/analytics) with its filters. */
export async function getAnalytics(path: string, query: QueryParams, signal?: AbortSignal): Promise<AnalyticsRow[]> {
  const { data } = await http.get<AnalyticsSeries>(path, { query, signal });
  return data;
}

/** A `filter[group_single]=1` answer: one row whose amount is the total. */
export async function getAnalyticsTotal(path: string, query: QueryParams, signal?: AbortSignal): Promise<number> {
  const rows = await getAnalytics(path, { ...query, 'filter[group_single]': 1 }, signal);
  return rows.reduce((sum, row) => sum + Number(row.amount), 0);
}
