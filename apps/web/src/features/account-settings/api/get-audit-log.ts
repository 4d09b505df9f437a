import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntryResource, ListResponse } from '@wallet/contract';
import { http, type QueryParams } from '../../../lib/http';
import { auditKeys } from './keys';

/** GET /api/audit-log with filter[actor_id], filter[action], filter[between], sort and page (admins). */
export function getAuditLog(params: QueryParams, signal?: AbortSignal): Promise<ListResponse<AuditEntryResource>> {
  return http.get<ListResponse<AuditEntryResource>>('/api/audit-log', {
    query: { include: 'actor', ...params },
    signal,
  });
}

export function auditLogQueryOptions(params: QueryParams) {
  return queryOptions({
    queryKey: auditKeys.list(params),
    queryFn: ({ signal }) => getAuditLog(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page of the audit log; the previous page stays on screen while the next one loads. */
export function useAuditLog(params: QueryParams) {
  return useQuery(auditLogQueryOptions(params));
}
