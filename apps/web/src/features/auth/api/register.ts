import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse, Me, RegisterInput } from '@wallet/contract';
import { http } from '../../../lib/http';
import { sessionKeys } from '../../../lib/query-keys';

export interface RegisterResponse extends LoginResponse {
  data: Me;
}

/** POST /api/auth/register: sets the invited person's password and signs them in. */
export function register(input: RegisterInput): Promise<RegisterResponse> {
  return http.post<RegisterResponse>('/api/auth/register', input);
}

/** Registers; on success the session holds the new user before the caller navigates. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    // The page shows what went wrong itself: the token's message in an alert, the rest on the fields.
    meta: { silent: true },
    onSuccess: async (response) => {
      queryClient.setQueryData(sessionKeys.me, response.data);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.me });
    },
  });
}
