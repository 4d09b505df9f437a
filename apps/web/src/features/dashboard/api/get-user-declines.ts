import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeclineDetail, ListResponse } from '@wallet/contract';
import { http, type QueryParams } from '../../../lib/http';
import { cardKeys } from '../../../lib/query-keys';

export const RECENT_DECLINES_SIZE = 5;

/** One of a person's declined purchases as GET /api/users/{id}/declines answers it. */
export interface UserDecline {
  id: number;
  amount: number;
  merchant_data: Record<string, string | null>;
  created_at: string;
  stripe_created?: number;
  card_id?: number;
  card?: { id: number; last4: string; name?: string; nickname?: string | null } | null;
  decline_reason?: string | null;
  decline_detail?: DeclineDetail | null;
  decline_explanation?: string | null;
}

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
