import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CardResource, ListResponse } from '@wallet/contract';
import { CARD_INCLUDES, cardKeys } from '../../../lib/card-query-keys';
import { http, type QueryParams } from '../../../lib/http';

/** GET /api/cards with filter[...], sort and page[...] (PRODUCT.md §7). */
export function getCards(params: QueryParams, signal?: AbortSignal): Promise<ListResponse<CardResource>> {
  return http.get<ListResponse<CardResource>>('/api/cards', { query: { include: CARD_INCLUDES, ...params }, signal });
}

/** A page of cards; the previous page stays on screen while the next one loads (no layout jump). */
export function useCards(params: QueryParams) {
  return useQuery({
    queryKey: cardKeys.list(params),
    queryFn: ({ signal }) => getCards(params, signal),
    placeholderData: keepPreviousData,
  });
}
