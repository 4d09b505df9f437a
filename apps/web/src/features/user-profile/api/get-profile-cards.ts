import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CardResource, ListResponse } from '@wallet/contract';
import { http } from '../../../lib/http';
import { cardKeys } from '../../../lib/query-keys';

export const PROFILE_CARDS_PAGE_SIZE = 10;

/** GET /api/users/{id}/cards?include=user, 10 a page. */
export function getProfileCards(id: number, page: number, signal?: AbortSignal): Promise<ListResponse<CardResource>> {
  return http.get<ListResponse<CardResource>>(`/api/users/${id}/cards`, {
    query: { include: 'user', 'page[number]': page, 'page[size]': PROFILE_CARDS_PAGE_SIZE },
    signal,
  });
}

/** Under the cards prefix the cards screens invalidate, so a funding or a status change made there shows here. */
export function profileCardsQueryOptions(id: number, page: number, enabled: boolean) {
  return queryOptions({
    queryKey: cardKeys.profileCards(id, page),
    queryFn: ({ signal }) => getProfileCards(id, page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useProfileCards(id: number, page: number, enabled: boolean) {
  return useQuery(profileCardsQueryOptions(id, page, enabled));
}
