import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecurringResource } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { recurringKeys, requestKeys } from '../../../lib/query-keys';

/** PUT /api/recurring-purchase-requests/{id} {is_paused} (admins). */
export async function setRecurringPaused({
  id,
  isPaused,
}: {
  id: number;
  isPaused: boolean;
}): Promise<Omit<RecurringResource, 'purchase_request'>> {
  const { data } = await http.put<DataEnvelope<Omit<RecurringResource, 'purchase_request'>>>(
    `/api/recurring-purchase-requests/${id}`,
    { is_paused: isPaused },
  );
  return data;
}

export function useSetRecurringPaused() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRecurringPaused,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: recurringKeys.all }),
        queryClient.invalidateQueries({ queryKey: requestKeys.details }),
      ]);
    },
  });
}
