import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamResource } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { teamKeys } from './keys';

/** GET /api/teams/{id}?include=usersCount&append=approval_path_users. */
export async function getTeam(id: number, signal?: AbortSignal): Promise<TeamResource> {
  const { data } = await http.get<DataEnvelope<TeamResource>>(`/api/teams/${id}`, {
    query: { include: 'usersCount', append: 'approval_path_users' },
    signal,
  });
  return data;
}

export function teamQueryOptions(id: number) {
  return queryOptions({
    queryKey: teamKeys.detail(id),
    queryFn: ({ signal }) => getTeam(id, signal),
    // The page shows a missing team itself (the not-found page); other failures show its error state.
    meta: { silent: true },
  });
}

export function useTeam(id: number) {
  return useQuery(teamQueryOptions(id));
}
