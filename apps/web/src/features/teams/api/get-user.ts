import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserResource } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { userKeys } from '../../../lib/query-keys';

/** GET /api/users/{id}?include=teams,cards. */
export async function getUser(id: number, signal?: AbortSignal): Promise<UserResource> {
  const { data } = await http.get<DataEnvelope<UserResource>>(`/api/users/${id}`, {
    query: { include: 'teams,cards' },
    signal,
  });
  return data;
}

export function userQueryOptions(id: number) {
  return queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });
}

export function useUser(id: number | undefined) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== undefined });
}
