import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type ListResponse, type UserResource } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { userKeys } from '../../../lib/query-keys';

const walletUsersParams = {
  'filter[wallet]': 'users',
  sort: 'name',
  'page[number]': 1,
  'page[size]': PAGE_SIZES.userDropdown,
};

/** GET /api/users?filter[wallet]=users: cardholder choices, users with the wallet-user role (up to 200, PRODUCT.md §9). */
export function getCardholderChoices(signal?: AbortSignal): Promise<ListResponse<UserResource>> {
  return http.get<ListResponse<UserResource>>('/api/users', { query: walletUsersParams, signal });
}

export function cardholderChoicesQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: userKeys.list(walletUsersParams),
    queryFn: ({ signal }) => getCardholderChoices(signal),
    enabled,
  });
}

export function useCardholderChoices(enabled = true) {
  return useQuery(cardholderChoicesQueryOptions(enabled));
}

/** GET /api/users/{id}: an admin reads the holder of a card (terms acceptance, created_at). */
export async function getCardHolderUser(userId: number, signal?: AbortSignal): Promise<UserResource> {
  return (await http.get<DataEnvelope<UserResource>>(`/api/users/${userId}`, { signal })).data;
}

export function cardHolderUserQueryOptions(userId: number | undefined, enabled = true) {
  return queryOptions({
    queryKey: userKeys.cardHolder(userId!),
    queryFn: ({ signal }) => getCardHolderUser(userId!, signal),
    enabled: enabled && userId !== undefined,
  });
}

export function useUser(userId: number | undefined, enabled = true) {
  return useQuery(cardHolderUserQueryOptions(userId, enabled));
}
