import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse, RecurringResource } from '@wallet/contract';
import { http, type QueryParams } from '../../../lib/http';
import { recurringKeys } from '../../../lib/query-keys';
import type { RequestListScope } from './get-requests';

/** GET /api/recurring-purchase-requests (admins) or GET /api/users/{id}/recurring-purchase-requests. */
export function getRecurringRequests(
  scope: RequestListScope,
  params: QueryParams,
  signal?: AbortSignal,
): Promise<ListResponse<RecurringResource>> {
  const path =
    scope.kind === 'user'
      ? `/api/users/${scope.userId}/recurring-purchase-requests`
      : '/api/recurring-purchase-requests';
  return http.get<ListResponse<RecurringResource>>(path, { query: params, signal });
}

export function recurringRequestsQueryOptions(scope: RequestListScope, params: QueryParams) {
  return queryOptions({
    queryKey: recurringKeys.list(scope.kind === 'user' ? `user:${scope.userId}` : 'all', params),
    queryFn: ({ signal }) => getRecurringRequests(scope, params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRecurringRequests(scope: RequestListScope, params: QueryParams) {
  return useQuery(recurringRequestsQueryOptions(scope, params));
}
