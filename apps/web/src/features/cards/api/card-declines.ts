import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type ListResponse } from '@wallet/contract';
import { http, type QueryParams } from '../../../lib/http';
import { cardKeys } from '../../../lib/query-keys';
import type { DeclinedHold } from './card-controls-types';

const declinesQuery = (page: number): QueryParams => ({
  'filter[status]': 'declined',
  sort: '-created_at',
  'page[number]': page,
  'page[size]': PAGE_SIZES.cardExpenses,
});

/** GET /api/cards/{id}/issuing-authorization-holds?filter[status]=declined: newest first, 5 a page. */
export function getCardDeclines(
  cardId: number,
  page: number,
  signal?: AbortSignal,
): Promise<ListResponse<DeclinedHold>> {
  return http.get<ListResponse<DeclinedHold>>(`/api/cards/${cardId}/issuing-authorization-holds`, {
    query: declinesQuery(page),
    signal,
  });
}

/** Under the card's key, so a purchase (live event card.activity) refreshes an open list. */
export function cardDeclinesQueryOptions(cardId: number, page: number) {
  return queryOptions({
    queryKey: cardKeys.declines(cardId, page),
    queryFn: ({ signal }) => getCardDeclines(cardId, page, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useCardDeclines(cardId: number, page: number) {
  return useQuery(cardDeclinesQueryOptions(cardId, page));
}
