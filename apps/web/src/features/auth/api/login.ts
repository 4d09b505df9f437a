import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, LoginResponse } from '@wallet/contract';
import { http } from '../../../lib/http';
import { sessionKeys } from '../../../lib/query-keys';

/**
 * POST /login. The XSRF-TOKEN cookie it echoes is already there (the form asks for it as it opens, ensureCsrfCookie),
 * else http fetches it first; a rotated one is a 419 that http retries with a fresh cookie.
 */
export function login(credentials: LoginInput): Promise<LoginResponse> {
  return http.post<LoginResponse>('/login', credentials);
}

/**
 * Signs in; on success without two-factor the session query holds the user the sign-in answered (GET /api/me's
 * answer: no second round trip before the dashboard, D10), or is refreshed before resolving when it answered none.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A failed sign-in is shown on the form itself (LoginForm), not as a notification.
    meta: { silent: true },
    onSuccess: async (response) => {
      if (response.two_factor) return;
      if (response.data) queryClient.setQueryData(sessionKeys.me, response.data);
      else await queryClient.invalidateQueries({ queryKey: sessionKeys.me });
    },
  });
}
