import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserResource } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { userKeys } from '../../../lib/query-keys';

/** GET /api/users/{id}?include=cards,teams. */
export async function getProfileUser(id: number, signal?: AbortSignal): Promise<UserResource> {
  return (await http.get<DataEnvelope<UserResource>>(`/api/users/${id}`, { query: { include: 'cards,teams' }, signal }))
    .data;
}

/**
 * Under the users prefix the teams screens invalidate, so a profile edited there shows here too. A 404 is the page's
 * to show (not found), so it is not notified.
 */
export function profileUserQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.profile(id),
    queryFn: ({ signal }) => getProfileUser(id, signal),
    meta: { silent: true },
  });
}

export function useProfileUser(id: number) {
  return useQuery(profileUserQueryOptions(id));
}
