import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { daysOfMonth, MAX_PAGE_SIZE, type ListResponse, type MonthCloseResource } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { useReviewCount } from './expenses';
import { monthCloseKeys } from './keys';

export const MONTH_CLOSES_PATH = '/api/month-closes';

/** GET /api/month-closes: every closed month, newest first (a few a year: one page holds them all). */
export function getMonthCloses(signal?: AbortSignal): Promise<ListResponse<MonthCloseResource>> {
  return http.get<ListResponse<MonthCloseResource>>(MONTH_CLOSES_PATH, {
    query: { 'page[size]': MAX_PAGE_SIZE },
    signal,
  });
}

export function monthClosesQueryOptions() {
  return queryOptions({ queryKey: monthCloseKeys.all, queryFn: ({ signal }) => getMonthCloses(signal) });
}

export function useMonthCloses(enabled = true) {
  return useQuery({ ...monthClosesQueryOptions(), enabled });
}

/**
 * After a close or a reopen: the closed months, and every transaction list (their rows say `locked`; their keys hold
 * 'expenses': the report's and the card pages').
 */
function refreshAfterMonthChange(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: monthCloseKeys.all }),
    queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes('expenses') }),
  ]);
}

/** POST /api/month-closes { month }: the server's 422 names `month` (not ended yet); the caller shows it there. */
export function useCloseMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (month: string) =>
      http.post<DataEnvelope<MonthCloseResource> & { message: string }>(MONTH_CLOSES_PATH, { month }),
    meta: { silent: true },
    onSuccess: () => refreshAfterMonthChange(queryClient),
  });
}

/** DELETE /api/month-closes/{month} (a super-admin). */
export function useReopenMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (month: string) => http.delete<{ message: string }>(`${MONTH_CLOSES_PATH}/${month}`),
    onSuccess: () => refreshAfterMonthChange(queryClient),
  });
}

/** How many transactions of a month (UTC) still need review; off until a month is picked. */
export function useNeedsReviewCount(month: string | undefined) {
  return useReviewCount('needed', month ? daysOfMonth(month) : undefined);
}
