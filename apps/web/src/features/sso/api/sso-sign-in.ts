import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SSO_SIGN_IN_PATH, type LoginResponse, type SsoPendingSignIn } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { sessionKeys } from '../../../lib/query-keys';
import { ssoKeys } from './keys';

/**
 * GET /api/sso/sign-in: whom the sign-in link from the giving product would sign in (the server keeps it under this
 * browser's httpOnly cookie); 401 when nothing is waiting.
 */
export async function getPendingSsoSignIn(): Promise<SsoPendingSignIn> {
  return (await http.get<DataEnvelope<SsoPendingSignIn>>(SSO_SIGN_IN_PATH)).data;
}

export const pendingSsoSignInQueryOptions = queryOptions({
  queryKey: ssoKeys.pendingSignIn,
  queryFn: getPendingSsoSignIn,
  // Taken out by Continue or Cancel: never read again from the cache.
  gcTime: 0,
  // The page says what went wrong itself.
  meta: { silent: true },
});

export function useSsoSignIn() {
  return useQuery(pendingSsoSignInQueryOptions);
}

/** POST /api/sso/sign-in (the XSRF header goes with it, as with every POST). */
export function confirmSsoSignIn(): Promise<LoginResponse> {
  return http.post<LoginResponse>(SSO_SIGN_IN_PATH);
}

/** DELETE /api/sso/sign-in: forgets it. */
export function cancelSsoSignIn(): Promise<void> {
  return http.delete<void>(SSO_SIGN_IN_PATH);
}

/**
 * Continue: POST /api/sso/sign-in (the XSRF header goes with it, as with every POST). The session query is then
 * refreshed: signed in, or, with two-factor on, signed out until the code (any session this browser had is over).
 */
export function useConfirmSsoSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSsoSignIn,
    onSuccess: async (response) => {
      if (response.two_factor) queryClient.setQueryData(sessionKeys.me, null);
      else await queryClient.invalidateQueries({ queryKey: sessionKeys.me });
    },
  });
}

/** Cancel: DELETE /api/sso/sign-in forgets it. */
export function useCancelSsoSignIn() {
  return useMutation({
    mutationFn: cancelSsoSignIn,
    // Leaving anyway; a failure only means it expires on its own.
    meta: { silent: true },
  });
}
