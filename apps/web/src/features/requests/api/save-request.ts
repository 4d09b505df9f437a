import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewRequestInput, PurchaseRequestResource } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { recurringKeys, requestKeys } from '../../../lib/query-keys';

/** The body of POST /api/users/{id}/purchase-requests and PUT /api/purchase-requests/{id}: amount in cents. */
export type RequestBody = NewRequestInput;

/** POST /api/users/{me}/purchase-requests -> 201. */
export async function createRequest({
  userId,
  body,
}: {
  userId: number;
  body: RequestBody;
}): Promise<PurchaseRequestResource> {
  const { data } = await http.post<DataEnvelope<PurchaseRequestResource>>(
    `/api/users/${userId}/purchase-requests`,
    body,
  );
  return data;
}

/** PUT /api/purchase-requests/{id}: Edit Request, while nobody has decided yet (409 otherwise). */
export async function updateRequest({ id, body }: { id: number; body: RequestBody }): Promise<PurchaseRequestResource> {
  const { data } = await http.put<DataEnvelope<PurchaseRequestResource>>(`/api/purchase-requests/${id}`, body);
  return data;
}

/** Files a new request (no id) or changes one (id); either way every request list is refreshed. */
export function useSaveRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; id?: number; body: RequestBody }) =>
      input.id === undefined ? createRequest(input) : updateRequest({ id: input.id, body: input.body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.all }),
        queryClient.invalidateQueries({ queryKey: recurringKeys.all }),
      ]);
    },
  });
}
