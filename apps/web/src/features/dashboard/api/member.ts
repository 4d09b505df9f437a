import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse, PurchaseRequestResource } from '@wallet/contract';
import { getAnalyticsTotal } from '../../../lib/analytics';
import { http, type DataEnvelope, type QueryParams } from '../../../lib/http';
import { dashboardKeys, requestKeys } from '../../../lib/query-keys';

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
    retryOnMount: false,
    queryKey: dashboardKeys.userCards(userId),
    queryFn: ({ signal }) => getUserCardsAnalytics(userId, signal),
  });
}

export function useUserCardsAnalytics(userId: number) {
  return useQuery(userCardsAnalyticsQueryOptions(userId));
}

/** A `filter[group_single]=1` total of an analytics endpoint (the fetcher is lib/analytics' getAnalyticsTotal). */
export function analyticsTotalQueryOptions(path: string, query: QueryParams = {}) {
  return queryOptions({
    retryOnMount: false,
    queryKey: dashboardKeys.analytics(path, { ...query, 'filter[group_single]': 1 }),
    queryFn: ({ signal }) => getAnalyticsTotal(path, query, signal),
  });
}

export function useAnalyticsTotal(path: string, query: QueryParams = {}) {
  return useQuery(analyticsTotalQueryOptions(path, query));
}

export const MY_APPROVED_SIZE = 5;

const MY_APPROVED_QUERY: QueryParams = {
  'filter[approved]': 1,
  sort: '-transferred',
  include: 'card,team',
  'page[number]': 1,
  'page[size]': MY_APPROVED_SIZE,
};

/** GET /api/users/{id}/purchase-requests: the member's approved requests, latest funding first, with card and team. */
export function getMyApprovedRequests(
  userId: number,
  signal?: AbortSignal,
): Promise<ListResponse<PurchaseRequestResource>> {
  return http.get<ListResponse<PurchaseRequestResource>>(`/api/users/${userId}/purchase-requests`, {
    query: MY_APPROVED_QUERY,
    signal,
  });
}

/** A request list like /requests' (under requestKeys.lists), so a decision or an edit anywhere refreshes it. */
export function myApprovedRequestsQueryOptions(userId: number) {
  return queryOptions({
    retryOnMount: false,
    queryKey: requestKeys.list(`dashboard-my-approved-${userId}`, MY_APPROVED_QUERY),
    queryFn: ({ signal }) => getMyApprovedRequests(userId, signal),
  });
}

export function useMyApprovedRequests(userId: number) {
  return useQuery(myApprovedRequestsQueryOptions(userId));
}

/** The member charts' window: the last 6 months (PRODUCT.md §9). */
export const MEMBER_MONTHS: QueryParams = { 'filter[sum_over_months]': 6 };
/** Purchase-request analytics count only requests that were funded. */
export const TRANSFERRED: QueryParams = { where_not_null: 'transferred' };
