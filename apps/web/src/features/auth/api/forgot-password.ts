import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput, PasswordResetResponse } from '@wallet/contract';
import { http } from '../../../lib/http';

/** POST /forgot-password {email}: the answer is the same whether or not the email has an account. */
export function forgotPassword(input: ForgotPasswordInput): Promise<PasswordResetResponse> {
  return http.post<PasswordResetResponse>('/forgot-password', input);
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: forgotPassword,
    // The page puts 422s on the email field and notifies the rest itself.
    meta: { silent: true },
  });
}
