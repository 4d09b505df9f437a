import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodesResponse, TwoFactorPasswordInput, TwoFactorSetup, TwoFactorStatus } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { twoFactorKeys } from './keys';

const PATH = '/user/two-factor-authentication';

/** GET /user/two-factor-authentication: on or off, set-up pending, recovery codes left. */
export async function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  const { data } = await http.get<DataEnvelope<TwoFactorStatus>>(PATH, { signal });
  return data;
}

export const twoFactorStatusQueryOptions = queryOptions({
  queryKey: twoFactorKeys.status,
  queryFn: ({ signal }) => getTwoFactorStatus(signal),
});

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions);
}

/** POST /user/two-factor-authentication: a new secret with its QR code, until a code confirms it. */
export async function startTwoFactor(): Promise<TwoFactorSetup> {
  const { data } = await http.post<DataEnvelope<TwoFactorSetup>>(PATH);
  return data;
}

/** POST /user/confirmed-two-factor-authentication {code}: turns it on; answers the recovery codes, shown once. */
export function confirmTwoFactor(code: string): Promise<RecoveryCodesResponse> {
  return http.post<RecoveryCodesResponse>('/user/confirmed-two-factor-authentication', { code });
}

/** DELETE /user/two-factor-authentication {password}. */
export function disableTwoFactor(input: TwoFactorPasswordInput): Promise<{ message: string }> {
  return http.delete<{ message: string }>(PATH, { body: input });
}

/** POST /user/two-factor-recovery-codes {password}: new codes; the old ones stop working. */
export function regenerateRecoveryCodes(input: TwoFactorPasswordInput): Promise<RecoveryCodesResponse> {
  return http.post<RecoveryCodesResponse>('/user/two-factor-recovery-codes', input);
}

function useRefreshingMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

export const useStartTwoFactor = () => useRefreshingMutation(startTwoFactor);
export const useConfirmTwoFactor = () => useRefreshingMutation(confirmTwoFactor);
export const useDisableTwoFactor = () => useRefreshingMutation(disableTwoFactor);
export const useRegenerateRecoveryCodes = () => useRefreshingMutation(regenerateRecoveryCodes);
