import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse, TopupResource } from '@wallet/contract';
import { http } from '../../../lib/http';
import { fundingKeys, PENDING_POLL_MS } from './keys';

/** GET /api/topups?page[number]&page[size]: the organisation's top-ups, newest first (admins). */
export function getTopups(page: number, pageSize: number, signal?: AbortSignal): Promise<ListResponse<TopupResource>> {
  return http.get<ListResponse<TopupResource>>('/api/topups', {
    query: { 'page[number]': page, 'page[size]': pageSize },
    signal,
  });
}

/**
 * A page of top-ups; the previous page stays on screen while the next loads. While one on the page is pending
 * (Stripe credits it when its event arrives), the page is read again every few seconds.
 */
export function topupsQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: fundingKeys.topups(page, pageSize),
    queryFn: ({ signal }) => getTopups(page, pageSize, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((topup) => topup.status === 'pending') ? PENDING_POLL_MS : false,
  });
}

export function useTopups(page: number, pageSize: number) {
  return useQuery(topupsQueryOptions(page, pageSize));
}
