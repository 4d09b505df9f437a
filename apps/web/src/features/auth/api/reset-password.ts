import { useMutation } from '@tanstack/react-query';
import type { PasswordResetResponse, ResetPasswordInput } from '@wallet/contract';
import { http } from '../../../lib/http';

/** POST /reset-password {password, password_confirmation, email, token} (PRODUCT.md §7). */
export function resetPassword(input: ResetPasswordInput): Promise<PasswordResetResponse> {
  return http.post<PasswordResetResponse>('/reset-password', input);
}

export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
    // The page shows what went wrong itself: the link's message in an alert, the rest on the fields.
    meta: { silent: true },
  });
}
