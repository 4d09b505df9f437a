import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse, UserDecline } from '@wallet/contract';
import { http, type QueryParams } from '../../../lib/http';
import { cardKeys } from '../../../lib/query-keys';

export type { UserDecline } from '@wallet/contract';

export const RECENT_DECLINES_SIZE = 5;

const RECENT_DECLINES_QUERY: QueryParams = { 'page[number]': 1, 'page[size]': RECENT_DECLINES_SIZE };

/** GET /api/users/{id}/declines?page[size]=5: the person's latest declines across their cards, newest first. */
export function getUserDeclines(userId: number, signal?: AbortSignal): Promise<ListResponse<UserDecline>> {
  return http.get<ListResponse<UserDecline>>(`/api/users/${userId}/declines`, {
    query: RECENT_DECLINES_QUERY,
    signal,
  });
}

/** Under the cards' keys, so a purchase (live event card.activity) refreshes the panel. */
export function userDeclinesQueryOptions(userId: number) {
  return queryOptions({
    retryOnMount: false,
    queryKey: cardKeys.userDeclines(userId),
    queryFn: ({ signal }) => getUserDeclines(userId, signal),
    meta: { silent: true },
  });
}

export function useUserDeclines(userId: number) {
  return useQuery(userDeclinesQueryOptions(userId));
}
