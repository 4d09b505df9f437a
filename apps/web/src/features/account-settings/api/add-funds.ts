import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TopupResource } from '@wallet/contract';
import { http } from '../../../lib/http';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency';
import { dashboardKeys } from '../../../lib/query-keys';
import { fundingKeys } from './keys';

export interface AddFundsVariables {
  /** Cents, at least 1. */
  amount: number;
  description: string;
  idempotencyKey: string;
}

/**
 * POST /api/topups {amount, description}: a top-up of the organisation's funds. The simulator settles it at once
 * (status succeeded); with Stripe it stays pending until the provider says it succeeded.
 */
export function addFunds({
  amount,
  description,
  idempotencyKey,
}: AddFundsVariables): Promise<{ data: TopupResource; message: string }> {
  return http.post('/api/topups', { amount, description }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function useAddFunds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFunds,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fundingKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}
