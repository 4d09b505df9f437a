import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type CardResource, type ListResponse } from '@wallet/contract';
import { CARD_INCLUDES } from '../../../lib/card-includes';
import { http, type QueryParams } from '../../../lib/http';
import { cardKeys } from '../../../lib/query-keys';

const userCardsQuery = (page: number): QueryParams => ({
  include: CARD_INCLUDES,
  'page[number]': page,
  'page[size]': PAGE_SIZES.myCards,
});

/** GET /api/users/{id}/cards?include=user,pendingIssuingAuthorizationHolds, 10 a page (PRODUCT.md §7, §9). */
export function getUserCards(userId: number, page: number, signal?: AbortSignal): Promise<ListResponse<CardResource>> {
  return http.get<ListResponse<CardResource>>(`/api/users/${userId}/cards`, { query: userCardsQuery(page), signal });
}

export function userCardsQueryOptions(userId: number, page: number) {
  return queryOptions({
    queryKey: cardKeys.ofUser(userId, userCardsQuery(page)),
    queryFn: ({ signal }) => getUserCards(userId, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUserCards(userId: number, page: number) {
  return useQuery(userCardsQueryOptions(userId, page));
}
