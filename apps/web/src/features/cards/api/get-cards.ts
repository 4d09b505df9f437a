import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CardResource, ListResponse } from '@wallet/contract';
import { CARD_INCLUDES } from '../../../lib/card-includes';
import { http, type QueryParams } from '../../../lib/http';
import { cardKeys } from '../../../lib/query-keys';

/** GET /api/cards with filter[...], sort and page[...] (PRODUCT.md §7). */
export function getCards(params: QueryParams, signal?: AbortSignal): Promise<ListResponse<CardResource>> {
  return http.get<ListResponse<CardResource>>('/api/cards', { query: { include: CARD_INCLUDES, ...params }, signal });
}

/** A page of cards; the previous page stays on screen while the next one loads (no layout jump). */
export function cardsQueryOptions(params: QueryParams) {
  return queryOptions({
    queryKey: cardKeys.list(params),
    queryFn: ({ signal }) => getCards(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCards(params: QueryParams) {
  return useQuery(cardsQueryOptions(params));
}
