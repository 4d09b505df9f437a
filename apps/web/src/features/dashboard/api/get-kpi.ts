import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, type DataEnvelope } from '../../../lib/http';
import { dashboardKeys } from '../../../lib/query-keys';

export interface Kpi {
  issuing_available: number;
  last_30_spend: number;
  assigned_out: number;
}

/** GET /api/dashboard/kpi (admins). */
export async function getKpi(signal?: AbortSignal): Promise<Kpi> {
  return (await http.get<DataEnvelope<Kpi>>('/api/dashboard/kpi', { signal })).data;
}

export const kpiQueryOptions = queryOptions({
  // No refetch on mount after a failure, as every dashboard query (see prefetch.ts).
  retryOnMount: false,
  queryKey: dashboardKeys.kpi,
  queryFn: ({ signal }) => getKpi(signal),
});

export function useKpi() {
  return useQuery(kpiQueryOptions);
}
