import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type ListResponse, type UserResource } from '@wallet/contract';
import { http, type QueryParams } from '../../../lib/http';
import { userKeys } from '../../../lib/query-keys';

/** GET /api/users with list parameters (filter[...], include, sort, page). */
export function getUsers(params: QueryParams, signal?: AbortSignal): Promise<ListResponse<UserResource>> {
  return http.get<ListResponse<UserResource>>('/api/users', { query: params, signal });
}

export function usersQueryOptions(params: QueryParams) {
  return queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page of users; the previous page stays on screen while the next one loads (no layout jump). */
export function useUsers(params: QueryParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(params), ...options });
}

/** Everyone holding a wallet role, for member and approver pickers (PRODUCT.md §9: dropdowns of 200). */
export const walletUsersParams: QueryParams = {
  'filter[wallet]': 'true',
  sort: 'name',
  'page[number]': 1,
  'page[size]': PAGE_SIZES.userDropdown,
};

export function useWalletUsers() {
  return useQuery({ ...usersQueryOptions(walletUsersParams), placeholderData: undefined });
}
