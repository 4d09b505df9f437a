import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@wallet/contract';
import { http } from '../../../lib/http';

/** PUT /user/password {current_password, password, password_confirmation}. */
export function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return http.put<{ message: string }>('/user/password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
