import type { QueryClient } from '@tanstack/react-query';
import { CHART_RANGES, DEFAULT_CHART_RANGE, chartRange, rangeFilter } from '../../../lib/analytics';
import { analyticsQueryOptions, balanceQuery, kpiQuery, panelQuery, recentCardsQuery } from './admin';
import { MEMBER_MONTHS, TRANSFERRED, analyticsTotalQuery, myApprovedQuery, userCardsQuery } from './member';

/**
 * Starts the dashboard's first calls while its code (and the charts library) is still arriving, instead of after.
 * Failures are left to the components' own queries, which notify.
 */
export function prefetchDashboard(queryClient: QueryClient, admin: boolean, userId: number): void {
  if (admin) {
    const sixMonths = rangeFilter(chartRange(DEFAULT_CHART_RANGE));
    void queryClient.prefetchQuery(kpiQuery);
    void queryClient.prefetchQuery(balanceQuery);
    void queryClient.prefetchQuery(analyticsQueryOptions('/api/wallet-balances/analytics', sixMonths));
    void queryClient.prefetchQuery(analyticsQueryOptions('/api/expenses/analytics', sixMonths));
    void queryClient.prefetchQuery(analyticsQueryOptions('/api/expenses/analytics', rangeFilter(CHART_RANGES[0])));
    void queryClient.prefetchQuery(panelQuery('pending'));
    void queryClient.prefetchQuery(recentCardsQuery);
    return;
  }
  void queryClient.prefetchQuery(userCardsQuery(userId));
  void queryClient.prefetchQuery(
    analyticsQueryOptions(`/api/users/${userId}/journal-entries/analytics`, MEMBER_MONTHS),
  );
  void queryClient.prefetchQuery(analyticsQueryOptions(`/api/users/${userId}/expenses/analytics`, MEMBER_MONTHS));
  void queryClient.prefetchQuery(analyticsTotalQuery(`/api/users/${userId}/expenses/analytics`));
  void queryClient.prefetchQuery(analyticsTotalQuery(`/api/users/${userId}/purchase-requests/analytics`, TRANSFERRED));
  void queryClient.prefetchQuery(
    analyticsQueryOptions(`/api/users/${userId}/purchase-requests/analytics`, { ...TRANSFERRED, ...MEMBER_MONTHS }),
  );
  void queryClient.prefetchQuery(myApprovedQuery(userId));
}
