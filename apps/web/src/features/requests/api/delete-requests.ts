import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { recurringKeys, requestKeys } from '../../../lib/query-keys';

export type DeletionKind = 'request' | 'recurring';

/** DELETE /api/purchase-requests/{id} or DELETE /api/recurring-purchase-requests/{id} -> 204. */
export function deleteOne(kind: DeletionKind, id: number): Promise<void> {
  return http.delete<void>(
    kind === 'request' ? `/api/purchase-requests/${id}` : `/api/recurring-purchase-requests/${id}`,
  );
}

export interface DeletionResults {
  deleted: number[];
  failed: { id: number; error: unknown }[];
}

/** Deletes each id in turn and says which went and which the server refused (Discard Request(s)). */
export async function deleteMany({ kind, ids }: { kind: DeletionKind; ids: number[] }): Promise<DeletionResults> {
  const results: DeletionResults = { deleted: [], failed: [] };
  for (const id of ids) {
    try {
      await deleteOne(kind, id);
      results.deleted.push(id);
    } catch (error) {
      results.failed.push({ id, error });
    }
  }
  return results;
}

/** Delete Request and Discard Request(s): one id or many; the caller shows the results. */
export function useDeleteRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMany,
    // Failures come back in the results, shown with what succeeded.
    meta: { silent: true },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.all }),
        queryClient.invalidateQueries({ queryKey: recurringKeys.all }),
      ]);
    },
  });
}
