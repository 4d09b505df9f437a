import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_ROLES, PAGE_SIZES, type ListResponse } from '@wallet/contract';
import { http } from '../../../lib/http';
import { auditKeys } from './keys';

export interface AdminOption {
  id: number;
  name: string;
  email: string;
}

/** GET /api/users limited to the admin roles, names only: who the Actor filter offers (one list of 200, PRODUCT.md §9). */
export function getAdmins(signal?: AbortSignal): Promise<ListResponse<AdminOption>> {
  return http.get<ListResponse<AdminOption>>('/api/users', {
    query: {
      'filter[role]': ADMIN_ROLES.join(','),
      sort: 'name',
      'fields[users]': 'id,name,email',
      'page[number]': 1,
      'page[size]': PAGE_SIZES.userDropdown,
    },
    signal,
  });
}

export const adminsQueryOptions = queryOptions({
  queryKey: auditKeys.admins,
  queryFn: ({ signal }) => getAdmins(signal),
  staleTime: 60_000,
});

export function useAdmins() {
  return useQuery(adminsQueryOptions);
}
