import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, type DataEnvelope } from '../../../lib/http';
import { dashboardKeys } from '../../../lib/query-keys';

/** GET /api/balance: the organisation's unallocated funds (cents). */
export async function getBalance(signal?: AbortSignal): Promise<number> {
  return (await http.get<DataEnvelope<{ available: number }>>('/api/balance', { signal })).data.available;
}

export const balanceQueryOptions = queryOptions({
  // No refetch on mount after a failure, as every dashboard query (see prefetch.ts).
  retryOnMount: false,
  queryKey: dashboardKeys.balance,
  queryFn: ({ signal }) => getBalance(signal),
});

export function useBalance() {
  return useQuery(balanceQueryOptions);
}
