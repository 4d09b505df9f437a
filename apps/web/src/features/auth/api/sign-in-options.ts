import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInOptions } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { authKeys } from './keys';

/** GET /api/auth/sign-in-options: whether Google sign-in is configured on this server. */
export async function getSignInOptions(signal?: AbortSignal): Promise<SignInOptions> {
  return (await http.get<DataEnvelope<SignInOptions>>('/api/auth/sign-in-options', { signal })).data;
}

export const signInOptionsQueryOptions = queryOptions({
  queryKey: authKeys.signInOptions,
  queryFn: ({ signal }) => getSignInOptions(signal),
  staleTime: 10 * 60_000,
  retry: false,
  // The login page must work without it: the Google button simply stays as it is.
  meta: { silent: true },
});

export function useSignInOptions() {
  return useQuery(signInOptionsQueryOptions);
}
