import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@wallet/contract';
import { http, HttpError, type DataEnvelope } from './http';
import { sessionKeys } from './query-keys';

/** GET /api/me: the signed-in user, or null when signed out (401 clears auth state, silently). */
export async function fetchMe(): Promise<Me | null> {
  try {
    const { data } = await http.get<DataEnvelope<Me>>('/api/me');
    return data;
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: sessionKeys.me,
  queryFn: fetchMe,
  staleTime: 5 * 60_000,
  // The auth guard shows what went wrong (e.g. an unknown organisation); no notification on top of it.
  meta: { silent: true },
});

/** The session query: data is the user, null when signed out, undefined while loading. */
export function useSession() {
  return useQuery(meQueryOptions);
}

/** The signed-in user inside the authenticated area, where the guard has already loaded it. */
export function useCurrentUser(): Me {
  const { data } = useQuery(meQueryOptions);
  if (!data) throw new Error('useCurrentUser is only available inside the authenticated area.');
  return data;
}
