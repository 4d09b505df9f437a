import type { QueryClient } from '@tanstack/react-query';
import { CHART_RANGES, DEFAULT_CHART_RANGE, chartRange, rangeFilter } from '../../../lib/analytics';
import { balanceQueryOptions } from '../../../lib/balance';
import { MEMBER_MONTHS, TRANSFERRED, analyticsQueryOptions, analyticsTotalQueryOptions } from './get-analytics';
import { kpiQueryOptions } from './get-kpi';
import { myApprovedRequestsQueryOptions } from './get-my-approved-requests';
import { panelRequestsQueryOptions } from './get-panel-requests';
import { recentlyUsedCardsQueryOptions } from './get-recently-used-cards';
import { userCardsAnalyticsQueryOptions } from './get-user-cards-analytics';

/**
 * Starts the dashboard's first calls while its code (and the charts library) is still arriving, instead of after.
 * Failures are left to the components' own queries, which notify. Those queries do not refetch on mount after a
 * failure (retryOnMount: false): the prefetch has already failed (and been notified) and the panel offers Try Again,
 * rather than failing a second time while the page appears.
 */
export function prefetchDashboard(queryClient: QueryClient, admin: boolean, userId: number): void {
  if (admin) {
    const sixMonths = rangeFilter(chartRange(DEFAULT_CHART_RANGE));
    void queryClient.prefetchQuery(kpiQueryOptions);
    void queryClient.prefetchQuery(balanceQueryOptions);
    void queryClient.prefetchQuery(analyticsQueryOptions('/api/wallet-balances/analytics', sixMonths));
    void queryClient.prefetchQuery(analyticsQueryOptions('/api/expenses/analytics', sixMonths));
    void queryClient.prefetchQuery(analyticsQueryOptions('/api/expenses/analytics', rangeFilter(CHART_RANGES[0])));
    void queryClient.prefetchQuery(panelRequestsQueryOptions('pending'));
    void queryClient.prefetchQuery(recentlyUsedCardsQueryOptions);
    return;
  }
  void queryClient.prefetchQuery(userCardsAnalyticsQueryOptions(userId));
  void queryClient.prefetchQuery(
    analyticsQueryOptions(`/api/users/${userId}/journal-entries/analytics`, MEMBER_MONTHS),
  );
  void queryClient.prefetchQuery(analyticsQueryOptions(`/api/users/${userId}/expenses/analytics`, MEMBER_MONTHS));
  void queryClient.prefetchQuery(analyticsTotalQueryOptions(`/api/users/${userId}/expenses/analytics`));
  void queryClient.prefetchQuery(
    analyticsTotalQueryOptions(`/api/users/${userId}/purchase-requests/analytics`, TRANSFERRED),
  );
  void queryClient.prefetchQuery(
    analyticsQueryOptions(`/api/users/${userId}/purchase-requests/analytics`, { ...TRANSFERRED, ...MEMBER_MONTHS }),
  );
  void queryClient.prefetchQuery(myApprovedRequestsQueryOptions(userId));
}
