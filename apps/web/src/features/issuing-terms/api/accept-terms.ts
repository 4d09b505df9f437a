import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { sessionKeys } from '../../../lib/query-keys';

/** POST /api/issuing-tos-acceptances/accept {issuer: 'stripe'} -> 201 {message: 'Issuing Terms of Service accepted!'}. */
export function acceptIssuingTerms(): Promise<{ message: string }> {
  return http.post('/api/issuing-tos-acceptances/accept', { issuer: 'stripe' });
}

/**
 * Accepting refreshes /api/me, which unmounts the terms modal: `onAccepted` runs first (callbacks given to
 * `mutate` would not run once the modal is gone).
 */
export function useAcceptIssuingTerms(onAccepted: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptIssuingTerms,
    onSuccess: ({ message }) => {
      onAccepted(message);
      return queryClient.invalidateQueries({ queryKey: sessionKeys.me });
    },
  });
}
