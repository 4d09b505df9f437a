import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse, PurchaseRequestResource } from '@wallet/contract';
import { http, type QueryParams } from '../../../lib/http';
import { requestKeys } from '../../../lib/query-keys';

export const MY_APPROVED_SIZE = 5;

const MY_APPROVED_QUERY: QueryParams = {
  'filter[approved]': 1,
  sort: '-transferred',
  include: 'card,team',
  'page[number]': 1,
  'page[size]': MY_APPROVED_SIZE,
};

/** GET /api/users/{id}/purchase-requests: the member's approved requests, latest funding first, with card and team. */
export function getMyApprovedRequests(
  userId: number,
  signal?: AbortSignal,
): Promise<ListResponse<PurchaseRequestResource>> {
  return http.get<ListResponse<PurchaseRequestResource>>(`/api/users/${userId}/purchase-requests`, {
    query: MY_APPROVED_QUERY,
    signal,
  });
}

/** A request list like /requests' (under requestKeys.lists), so a decision or an edit anywhere refreshes it. */
export function myApprovedRequestsQueryOptions(userId: number) {
  return queryOptions({
    // No refetch on mount after a failure, as every dashboard query (see prefetch.ts).
    retryOnMount: false,
    queryKey: requestKeys.list(`dashboard-my-approved-${userId}`, MY_APPROVED_QUERY),
    queryFn: ({ signal }) => getMyApprovedRequests(userId, signal),
  });
}

export function useMyApprovedRequests(userId: number) {
  return useQuery(myApprovedRequestsQueryOptions(userId));
}
