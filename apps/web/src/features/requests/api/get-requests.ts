import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse, PurchaseRequestResource } from '@wallet/contract';
import { http, type QueryParams } from '../../../lib/http';
import { requestKeys } from '../../../lib/query-keys';

/** Which list: the organisation's (admins) or those I may see, filtered by `params`; or one user's own. */
export type RequestListScope = { kind: 'all' } | { kind: 'user'; userId: number };

/** GET /api/purchase-requests or GET /api/users/{id}/purchase-requests, with filters, sort and paging. */
export function getRequests(
  scope: RequestListScope,
  params: QueryParams,
  signal?: AbortSignal,
): Promise<ListResponse<PurchaseRequestResource>> {
  const path = scope.kind === 'user' ? `/api/users/${scope.userId}/purchase-requests` : '/api/purchase-requests';
  return http.get<ListResponse<PurchaseRequestResource>>(path, { query: params, signal });
}

const scopeKey = (scope: RequestListScope) => (scope.kind === 'user' ? `user:${scope.userId}` : 'all');

export function requestsQueryOptions(scope: RequestListScope, params: QueryParams) {
  return queryOptions({
    queryKey: requestKeys.list(scopeKey(scope), params),
    queryFn: ({ signal }) => getRequests(scope, params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRequests(scope: RequestListScope, params: QueryParams) {
  return useQuery(requestsQueryOptions(scope, params));
}
