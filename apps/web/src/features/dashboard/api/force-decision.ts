import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REQUEST_MESSAGES, type ForceStatus, type ListResponse, type PurchaseRequestResource } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { cardKeys, dashboardKeys, requestKeys } from '../../../lib/query-keys';
import { panelRequestsKey } from './get-panel-requests';

/** PUT /api/purchase-requests/{id}/finance-approval with the dashboard's note (SPEC §186): Force Approve or Reject. */
export async function forceDecision({
  requestId,
  status,
}: {
  requestId: number;
  status: ForceStatus;
}): Promise<PurchaseRequestResource> {
  const { data } = await http.put<DataEnvelope<PurchaseRequestResource>>(
    `/api/purchase-requests/${requestId}/finance-approval`,
    {
      approving: true,
      status,
      notes: REQUEST_MESSAGES.forceNote(status, 'dashboard'),
    },
  );
  return data;
}

/**
 * Force Approve or Force Reject from the dashboard. Errors go to the normal notifier. On success the row leaves the
 * pending panel at once, and everything the decision may have moved (request lists, balances, cards, charts) is read
 * again.
 */
export function useForceDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forceDecision,
    onSuccess: async (_updated, { requestId }) => {
      queryClient.setQueryData<ListResponse<PurchaseRequestResource>>(panelRequestsKey('pending'), (list) =>
        list
          ? {
              ...list,
              data: list.data.filter((row) => row.id !== requestId),
              meta: { ...list.meta, total: Math.max(0, list.meta.total - 1) },
            }
          : list,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.lists }),
        queryClient.invalidateQueries({ queryKey: requestKeys.detail(requestId) }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: cardKeys.all }),
      ]);
    },
  });
}
