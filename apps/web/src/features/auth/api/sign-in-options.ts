import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInOptions } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';

/** GET /api/auth/sign-in-options: whether Google sign-in is configured on this server. */
export const signInOptionsQuery = queryOptions({
  queryKey: ['auth', 'sign-in-options'],
  queryFn: async ({ signal }) =>
    (await http.get<DataEnvelope<SignInOptions>>('/api/auth/sign-in-options', { signal })).data,
  staleTime: 10 * 60_000,
  retry: false,
  // The login page must work without it: the Google button simply stays as it is.
  meta: { silent: true },
});

export function useSignInOptions() {
  return useQuery(signInOptionsQuery);
}
