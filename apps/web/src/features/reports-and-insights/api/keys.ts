import type { QueryParams } from '../../../lib/http';
import type { DayRange } from '../ranges';
import type { AnalyticsSource, TopKind } from './analytics-paths';

/** Query keys of Reports & Insights: the organisation's analytics and its transactions. */
export const reportKeys = {
  all: ['reports'] as const,
  series: (source: AnalyticsSource, query: QueryParams) => ['reports', 'series', source, query] as const,
  total: (source: AnalyticsSource, range: DayRange) => ['reports', 'total', source, range] as const,
  top: (kind: TopKind, range: DayRange | null, limit: number) => ['reports', 'top', kind, range, limit] as const,
};

export const expenseKeys = {
  all: ['expenses'] as const,
  lists: ['expenses', 'list'] as const,
  list: (params: QueryParams) => ['expenses', 'list', params] as const,
  count: (range: DayRange) => ['expenses', 'count', range] as const,
};

/** The organisation's closed months (issue 21.6). */
export const monthCloseKeys = {
  all: ['month-closes'] as const,
};
