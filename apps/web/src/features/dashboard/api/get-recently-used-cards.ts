import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardResource, ListResponse } from '@wallet/contract';
import { http, type QueryParams } from '../../../lib/http';
import { cardKeys } from '../../../lib/query-keys';

export const RECENT_CARDS_QUERY: QueryParams = {
  include: 'user',
  'filter[recently_used]': true,
  'page[size]': 5,
  append: 'spent_last_30_days',
};

/**
 * GET /api/cards?include=user&filter[recently_used]=true&page[size]=5&append=spent_last_30_days: sorted by last use,
 * each with what it spent in the last CARD_SPENT_DAYS days (one call, not one more per card).
 */
export function getRecentlyUsedCards(signal?: AbortSignal): Promise<ListResponse<CardResource>> {
  return http.get<ListResponse<CardResource>>('/api/cards', { query: RECENT_CARDS_QUERY, signal });
}

export const recentlyUsedCardsQueryOptions = queryOptions({
  // No refetch on mount after a failure, as every dashboard query (see prefetch.ts).
  retryOnMount: false,
  queryKey: cardKeys.recentlyUsed(RECENT_CARDS_QUERY),
  queryFn: ({ signal }) => getRecentlyUsedCards(signal),
});

export function useRecentlyUsedCards() {
  return useQuery(recentlyUsedCardsQueryOptions);
}
