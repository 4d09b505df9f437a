import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, LoginResponse } from '@wallet/contract';
import { http, refreshCsrfCookie } from '../../../lib/http';
import { sessionKeys } from '../../../lib/query-keys';

/** GET /sanctum/csrf-cookie, then POST /login. */
export async function login(credentials: LoginInput): Promise<LoginResponse> {
  await refreshCsrfCookie();
  return http.post<LoginResponse>('/login', credentials);
}

/** Signs in; on success without two-factor the session query is refreshed before resolving. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A failed sign-in is shown on the form itself (LoginForm), not as a notification.
    meta: { silent: true },
    onSuccess: async (response) => {
      if (!response.two_factor) await queryClient.invalidateQueries({ queryKey: sessionKeys.me });
    },
  });
}
