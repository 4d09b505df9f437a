import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse, PurchaseRequestResource } from '@wallet/contract';
import { getAnalyticsTotal } from '../../../lib/analytics';
import { http, type DataEnvelope, type QueryParams } from '../../../lib/http';
import { dashboardKeys } from './keys';

export interface UserCardsAnalytics {
  cards_count: number;
  cards_sum_spending_limit: number;
  issuing_authorization_holds_sum_amount: number;
  available_to_spend: number;
}

/** GET /api/users/{id}/cards/analytics?filter[available_to_spend]=1. */
export function userCardsQuery(userId: number) {
  return queryOptions({
    retryOnMount: false,
    queryKey: dashboardKeys.userCards(userId),
    queryFn: async ({ signal }) =>
      (
        await http.get<DataEnvelope<UserCardsAnalytics>>(`/api/users/${userId}/cards/analytics`, {
          query: { 'filter[available_to_spend]': 1 },
          signal,
        })
      ).data,
  });
}

export function useUserCardsAnalytics(userId: number) {
  return useQuery(userCardsQuery(userId));
}

/** A `filter[group_single]=1` total of an analytics endpoint. */
export function analyticsTotalQuery(path: string, query: QueryParams = {}) {
  return queryOptions({
    retryOnMount: false,
    queryKey: dashboardKeys.analytics(path, { ...query, 'filter[group_single]': 1 }),
    queryFn: ({ signal }) => getAnalyticsTotal(path, query, signal),
  });
}

export function useAnalyticsTotal(path: string, query: QueryParams = {}) {
  return useQuery(analyticsTotalQuery(path, query));
}

export const MY_APPROVED_SIZE = 5;

/** The member's approved requests, latest funding first, with card and team. */
export function myApprovedQuery(userId: number) {
  const params: QueryParams = {
    'filter[approved]': 1,
    sort: '-transferred',
    include: 'card,team',
    'page[number]': 1,
    'page[size]': MY_APPROVED_SIZE,
  };
  return queryOptions({
    retryOnMount: false,
    queryKey: dashboardKeys.panel(`my-approved-${userId}`, params),
    queryFn: ({ signal }) =>
      http.get<ListResponse<PurchaseRequestResource>>(`/api/users/${userId}/purchase-requests`, {
        query: params,
        signal,
      }),
  });
}

export function useMyApprovedRequests(userId: number) {
  return useQuery(myApprovedQuery(userId));
}

/** The member charts' window: the last 6 months (PRODUCT.md §9). */
export const MEMBER_MONTHS: QueryParams = { 'filter[sum_over_months]': 6 };
/** Purchase-request analytics count only requests that were funded. */
export const TRANSFERRED: QueryParams = { where_not_null: 'transferred' };
