import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@wallet/contract';
import { http } from '../../../lib/http';
import { sessionKeys } from '../../../lib/query-keys';

export type ChallengeAnswer = { code: string } | { recovery_code: string };

/** POST /two-factor-challenge {code} or {recovery_code}: finishes the sign-in POST /login started. */
export function answerChallenge(answer: ChallengeAnswer): Promise<LoginResponse> {
  return http.post<LoginResponse>('/two-factor-challenge', answer);
}

/** On success the session query is refreshed before resolving, so the dashboard opens signed in. */
export function useAnswerChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerChallenge,
    // The page shows what went wrong itself, on the field or as an expired sign-in.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
  });
}
