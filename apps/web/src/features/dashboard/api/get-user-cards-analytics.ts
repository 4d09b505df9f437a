import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, type DataEnvelope } from '../../../lib/http';
import { dashboardKeys } from '../../../lib/query-keys';

export interface UserCardsAnalytics {
  cards_count: number;
  cards_sum_spending_limit: number;
  issuing_authorization_holds_sum_amount: number;
  available_to_spend: number;
}

/** GET /api/users/{id}/cards/analytics?filter[available_to_spend]=1. */
export async function getUserCardsAnalytics(userId: number, signal?: AbortSignal): Promise<UserCardsAnalytics> {
  const { data } = await http.get<DataEnvelope<UserCardsAnalytics>>(`/api/users/${userId}/cards/analytics`, {
    query: { 'filter[available_to_spend]': 1 },
    signal,
  });
  return data;
}

export function userCardsAnalyticsQueryOptions(userId: number) {
  return queryOptions({
    // No refetch on mount after a failure, as every dashboard query (see prefetch.ts).
    retryOnMount: false,
    queryKey: dashboardKeys.userCards(userId),
    queryFn: ({ signal }) => getUserCardsAnalytics(userId, signal),
  });
}

export function useUserCardsAnalytics(userId: number) {
  return useQuery(userCardsAnalyticsQueryOptions(userId));
}
