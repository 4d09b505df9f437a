import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type CardResource, type ListResponse } from '@wallet/contract';
import { CARD_INCLUDES, cardKeys } from '../../../lib/card-query-keys';
import { http, type QueryParams } from '../../../lib/http';

/** GET /api/users/{id}/cards?include=user,pendingIssuingAuthorizationHolds, 10 a page (PRODUCT.md §7, §9). */
export function useUserCards(userId: number, page: number) {
  const query: QueryParams = { include: CARD_INCLUDES, 'page[number]': page, 'page[size]': PAGE_SIZES.myCards };
  return useQuery({
    queryKey: cardKeys.ofUser(userId, query),
    queryFn: ({ signal }) => http.get<ListResponse<CardResource>>(`/api/users/${userId}/cards`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
