import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAnalytics } from '../../../lib/analytics';
import { userKeys } from '../../../lib/query-keys';

/** GET /api/users/{id}/expenses/analytics?filter[sum_over_months]=6 (the fetcher is lib/analytics' getAnalytics). */
export function profileSpendQueryOptions(id: number, enabled: boolean) {
  return queryOptions({
    queryKey: userKeys.profileSpend(id),
    queryFn: ({ signal }) =>
      getAnalytics(`/api/users/${id}/expenses/analytics`, { 'filter[sum_over_months]': 6 }, signal),
    enabled,
  });
}

export function useProfileSpend(id: number, enabled: boolean) {
  return useQuery(profileSpendQueryOptions(id, enabled));
}
