import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RECEIPT_FIELD, type Receipt } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';

/** POST /api/expenses/{id}/receipts (multipart, field 'receipt'): attaches, or replaces the one it had. */
export async function attachReceipt({ expenseId, file }: { expenseId: number; file: File }) {
  const body = new FormData();
  body.append(RECEIPT_FIELD, file);
  return http.post<DataEnvelope<Receipt> & { message: string }>(`/api/expenses/${expenseId}/receipts`, body);
}

/** DELETE /api/receipts/{id}. */
export function removeReceipt(receiptId: number): Promise<void> {
  return http.delete<void>(`/api/receipts/${receiptId}`);
}

/**
 * Every list that shows transactions shows whether each has its receipt (the card page's, the report's): they all
 * read again after a change. Their keys hold 'expenses' (cardKeys.expenses, expenseKeys).
 */
function refreshTransactionLists(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes('expenses') });
}

/** Failures are shown by the caller beside the receipt (the server's per-field message). */
export function useAttachReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachReceipt,
    meta: { silent: true },
    onSuccess: () => refreshTransactionLists(queryClient),
  });
}

export function useRemoveReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeReceipt,
    meta: { silent: true },
    onSuccess: () => refreshTransactionLists(queryClient),
  });
}
