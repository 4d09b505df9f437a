import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type ListResponse, type UserResource } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';

const walletUsersParams = {
  'filter[wallet]': 'users',
  sort: 'name',
  'page[number]': 1,
  'page[size]': PAGE_SIZES.userDropdown,
};

/** Cardholder choices: users with the wallet-user role (one list of up to 200, PRODUCT.md §9). */
export function useCardholderChoices(enabled = true) {
  return useQuery({
    queryKey: ['users', 'list', walletUsersParams],
    queryFn: ({ signal }) => http.get<ListResponse<UserResource>>('/api/users', { query: walletUsersParams, signal }),
    enabled,
  });
}

/** GET /api/users/{id}: an admin reads the holder of a card (terms acceptance, created_at). */
export function useUser(userId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: ['users', 'detail', userId, 'holder'],
    queryFn: async ({ signal }) =>
      (await http.get<DataEnvelope<UserResource>>(`/api/users/${userId}`, { signal })).data,
    enabled: enabled && userId !== undefined,
  });
}
