import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, type DataEnvelope } from '../../../lib/http';
import { fundingKeys, PENDING_POLL_MS } from './keys';

/** GET /api/balance: the organisation's unallocated funds in cents (admins). */
export async function getBalance(signal?: AbortSignal): Promise<number> {
  return (await http.get<DataEnvelope<{ available: number }>>('/api/balance', { signal })).data.available;
}

export const balanceQueryOptions = queryOptions({
  queryKey: fundingKeys.balance,
  queryFn: ({ signal }) => getBalance(signal),
});

/** The balance; read again every few seconds while `pollWhilePending` (a top-up waiting for the issuer). */
export function useBalance(pollWhilePending = false) {
  return useQuery({ ...balanceQueryOptions, refetchInterval: pollWhilePending ? PENDING_POLL_MS : false });
}
