import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchaseRequestResource } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { requestKeys } from '../../../lib/query-keys';
import { REQUEST_DETAIL_INCLUDES } from './includes';

/** GET /api/purchase-requests/{id} with the requester, card, team, category, recurrence and approval chain. */
export async function getRequest(id: number, signal?: AbortSignal): Promise<PurchaseRequestResource> {
  const { data } = await http.get<DataEnvelope<PurchaseRequestResource>>(`/api/purchase-requests/${id}`, {
    query: { include: REQUEST_DETAIL_INCLUDES },
    signal,
  });
  return data;
}

export function requestQueryOptions(id: number) {
  return queryOptions({ queryKey: requestKeys.detail(id), queryFn: ({ signal }) => getRequest(id, signal) });
}

export function useRequest(id: number | undefined) {
  return useQuery({ ...requestQueryOptions(id ?? 0), enabled: id !== undefined });
}
