import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RECEIPT_FIELD, type ExpenseResource, type ListResponse, type Receipt } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';

export const receiptKeys = {
  inbox: (page: number) => ['receipts', 'inbox', page] as const,
  all: ['receipts'] as const,
  missing: (userId: number, search: string) => ['expenses', 'missing-receipts', userId, search] as const,
};

export const INBOX_PAGE_SIZE = 20;

/** GET /api/receipts: my inbox; asked again every 1.5 s while a receipt is still being read. */
export function useReceiptInbox(page: number) {
  return useQuery({
    queryKey: receiptKeys.inbox(page),
    queryFn: ({ signal }) =>
      http.get<ListResponse<Receipt>>('/api/receipts', {
        query: { 'page[number]': page, 'page[size]': INBOX_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((receipt) => receipt.reading === 'queued') ? 1_500 : false,
  });
}

/** POST /api/receipts: every file in one request (the server takes them all or none). */
export function useUploadToInbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: readonly File[]) => {
      const body = new FormData();
      for (const file of files) body.append(RECEIPT_FIELD, file);
      return http.post<{ data: Receipt[]; message: string }>('/api/receipts', body);
    },
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: receiptKeys.all }),
  });
}

/** POST /api/receipts/{id}/attach: the suggestion confirmed, or another transaction picked. */
export function useAttachInboxReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ receiptId, expenseId }: { receiptId: number; expenseId: number }) =>
      http.post<DataEnvelope<Receipt> & { message: string }>(`/api/receipts/${receiptId}/attach`, {
        expense_id: expenseId,
      }),
    meta: { silent: true },
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'receipts' || query.queryKey.includes('expenses'),
      }),
  });
}

/** My purchases still missing a receipt (newest first), for picking one by hand; `search` narrows them. */
export function useMyPurchasesMissingReceipts(userId: number, search: string, enabled: boolean) {
  return useQuery({
    queryKey: receiptKeys.missing(userId, search),
    queryFn: ({ signal }) =>
      http.get<ListResponse<ExpenseResource>>('/api/expenses', {
        query: {
          'filter[receipt]': 'missing',
          'filter[user_id]': userId,
          ...(search ? { 'filter[custom_search]': search } : {}),
          'page[size]': 20,
        },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
