import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type CardResource, type ListResponse, type UserResource } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { cardKeys, userKeys } from '../../../lib/query-keys';
import { requestFormKeys } from './keys';

export interface WalletCategory {
  id: number;
  name: string;
}

/** GET /api/users/{id}/cards: the cards a request may fund (the requester's own). */
export async function getMyCards(userId: number, signal?: AbortSignal): Promise<CardResource[]> {
  const { data } = await http.get<ListResponse<CardResource>>(`/api/users/${userId}/cards`, {
    query: { 'page[size]': PAGE_SIZES.userDropdown },
    signal,
  });
  return data;
}

/** GET /api/users/{id}?include=teams: the teams a request may be filed for (those the requester belongs to). */
export async function getMyTeams(userId: number, signal?: AbortSignal): Promise<NonNullable<UserResource['teams']>> {
  const { data } = await http.get<DataEnvelope<UserResource>>(`/api/users/${userId}`, {
    query: { include: 'teams' },
    signal,
  });
  return data.teams ?? [];
}

/** GET /api/wallet-categories. */
export async function getWalletCategories(signal?: AbortSignal): Promise<WalletCategory[]> {
  const { data } = await http.get<ListResponse<WalletCategory>>('/api/wallet-categories', { signal });
  return data;
}

// Keys start with what they read, so a change to cards, users or categories refreshes the choices too.
export function myCardsQueryOptions(userId: number, enabled = true) {
  return queryOptions({
    queryKey: cardKeys.requestChoices(userId),
    queryFn: ({ signal }) => getMyCards(userId, signal),
    enabled,
  });
}

export function useMyCards(userId: number, enabled = true) {
  return useQuery(myCardsQueryOptions(userId, enabled));
}

export function myTeamsQueryOptions(userId: number, enabled = true) {
  return queryOptions({
    queryKey: userKeys.teamsOf(userId),
    queryFn: ({ signal }) => getMyTeams(userId, signal),
    enabled,
  });
}

export function useMyTeams(userId: number, enabled = true) {
  return useQuery(myTeamsQueryOptions(userId, enabled));
}

export function walletCategoriesQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: requestFormKeys.walletCategories,
    queryFn: ({ signal }) => getWalletCategories(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useWalletCategories(enabled = true) {
  return useQuery(walletCategoriesQueryOptions(enabled));
}
