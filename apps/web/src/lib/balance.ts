import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, type DataEnvelope } from './http';
import { dashboardKeys } from './query-keys';

/** GET /api/balance: the organisation's unallocated funds in cents (admins). */
export async function getBalance(signal?: AbortSignal): Promise<number> {
  return (await http.get<DataEnvelope<{ available: number }>>('/api/balance', { signal })).data.available;
}

/**
 * One query for Account Funding and the admin dashboard, under dashboardKeys so that whatever marks the dashboards'
 * figures stale (a top-up added or settled, a forced decision) reads it again on both.
 */
export const balanceQueryOptions = queryOptions({
  queryKey: dashboardKeys.balance,
  queryFn: ({ signal }) => getBalance(signal),
});

export interface BalanceOptions {
  /** Read it again this often (ms), e.g. while a top-up waits for the issuer. */
  refetchInterval?: number | false;
  /** False: a failed read is not tried again when another component mounts (the dashboard's prefetch notified it). */
  retryOnMount?: boolean;
}

export function useBalance({ refetchInterval = false, retryOnMount = true }: BalanceOptions = {}) {
  return useQuery({ ...balanceQueryOptions, refetchInterval, retryOnMount });
}
