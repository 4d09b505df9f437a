import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CardResource, CardholderStanding, ListResponse, UserResource } from '@wallet/contract';
import { getAnalytics } from '../../lib/analytics';
import { http, type DataEnvelope } from '../../lib/http';

/**
 * Keys under the users and cards prefixes the teams and cards screens invalidate, so an edit made there (a profile,
 * a funding, a status) shows here too.
 */
export const profileKeys = {
  user: (id: number) => ['users', 'detail', id, 'profile'] as const,
  cards: (id: number, page: number) => ['cards', 'user', id, 'profile', page] as const,
  spend: (id: number) => ['users', 'detail', id, 'profile', 'spend-6-months'] as const,
  standing: (id: number) => ['cards', 'cardholder', id, 'profile-standing'] as const,
};

export const PROFILE_CARDS_PAGE_SIZE = 10;

/** GET /api/users/{id}?include=cards,teams. A 404 is the page's to show (not found), so it is not notified. */
export function useProfileUser(id: number) {
  return useQuery({
    queryKey: profileKeys.user(id),
    queryFn: async ({ signal }) =>
      (await http.get<DataEnvelope<UserResource>>(`/api/users/${id}`, { query: { include: 'cards,teams' }, signal }))
        .data,
    meta: { silent: true },
  });
}

/**
 * GET /api/users/{id}/cardholder's issuer_standing: what the card issuer says of the person (null when they are no
 * cardholder). Quiet on failure: the profile then shows no warning.
 */
export function useProfileCardholderStanding(id: number, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.standing(id),
    queryFn: async ({ signal }) =>
      (
        await http.get<DataEnvelope<{ issuer_standing?: CardholderStanding } | null>>(`/api/users/${id}/cardholder`, {
          signal,
        })
      ).data?.issuer_standing ?? null,
    enabled,
    meta: { silent: true },
  });
}

/** GET /api/users/{id}/cards?include=user, 10 a page. */
export function useProfileCards(id: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.cards(id, page),
    queryFn: ({ signal }) =>
      http.get<ListResponse<CardResource>>(`/api/users/${id}/cards`, {
        query: { include: 'user', 'page[number]': page, 'page[size]': PROFILE_CARDS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/users/{id}/expenses/analytics?filter[sum_over_months]=6. */
export function useProfileSpend(id: number, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.spend(id),
    queryFn: ({ signal }) =>
      getAnalytics(`/api/users/${id}/expenses/analytics`, { 'filter[sum_over_months]': 6 }, signal),
    enabled,
  });
}
