import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAGE_SIZES,
  type ExpenseResource,
  type HoldResource,
  type ListMeta,
  type ListResponse,
} from '@wallet/contract';
import { cardKeys } from '../../../lib/query-keys';
import { http, HttpError, type QueryParams } from '../../../lib/http';

/** A posted transaction (PRODUCT.md §3 Expense), as far as the card page shows it. */
export interface CardExpense {
  id: number;
  stripe_created: number;
  amount: number;
  merchant_data: { name?: string | null; category?: string | null; city?: string | null; state?: string | null } | null;
  type: 'capture' | 'refund';
  wallet: string | null;
  notes: string | null;
  /** Its receipt, briefly; null when none is attached (issue 21). */
  receipt?: ExpenseResource['receipt'];
  receipt_status?: ExpenseResource['receipt_status'];
  /** A memo is required (Card Settings) and missing (issue 21.5). */
  memo_required?: boolean;
  /** Posted in a closed month: memo and receipt can't change (issue 21.6). */
  locked?: boolean;
}

function emptyList<T>(params: { page: number; size: number }): ListResponse<T> {
  return {
    data: [],
    meta: { total: 0, current_page: params.page, per_page: params.size, last_page: 1 } satisfies ListMeta,
  };
}

/** These lists arrive with the transactions issue: until then the routes may 404, which reads as "none yet". */
async function orEmptyOn404<T>(
  call: Promise<ListResponse<T>>,
  page: { page: number; size: number },
): Promise<ListResponse<T>> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return emptyList<T>(page);
    throw error;
  }
}

const PENDING_HOLDS_QUERY: QueryParams = { 'filter[status]': 'pending', sort: '-created_at' };

/** GET /api/cards/{id}/issuing-authorization-holds?filter[status]=pending&sort=-created_at. */
export function getCardPendingHolds(cardId: number, signal?: AbortSignal): Promise<ListResponse<HoldResource>> {
  return orEmptyOn404(
    http.get<ListResponse<HoldResource>>(`/api/cards/${cardId}/issuing-authorization-holds`, {
      query: PENDING_HOLDS_QUERY,
      signal,
    }),
    { page: 1, size: PAGE_SIZES.cardExpenses },
  );
}

export function cardPendingHoldsQueryOptions(cardId: number) {
  return queryOptions({
    queryKey: cardKeys.holds(cardId),
    queryFn: ({ signal }) => getCardPendingHolds(cardId, signal),
    meta: { silent: true },
  });
}

export function useCardPendingHolds(cardId: number) {
  return useQuery(cardPendingHoldsQueryOptions(cardId));
}

const cardExpensesQuery = (page: number): QueryParams => ({
  include: 'issuingAuthorizationHold',
  sort: '-stripe_created',
  'page[number]': page,
  'page[size]': PAGE_SIZES.cardExpenses,
});

/** GET /api/cards/{id}/expenses?include=issuingAuthorizationHold&sort=-stripe_created, 5 a page (PRODUCT.md §9). */
export function getCardExpenses(
  cardId: number,
  page: number,
  signal?: AbortSignal,
): Promise<ListResponse<CardExpense>> {
  return orEmptyOn404(
    http.get<ListResponse<CardExpense>>(`/api/cards/${cardId}/expenses`, { query: cardExpensesQuery(page), signal }),
    { page, size: PAGE_SIZES.cardExpenses },
  );
}

export function cardExpensesQueryOptions(cardId: number, page: number) {
  return queryOptions({
    queryKey: cardKeys.expenses(cardId, cardExpensesQuery(page)),
    queryFn: ({ signal }) => getCardExpenses(cardId, page, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useCardExpenses(cardId: number, page: number) {
  return useQuery(cardExpensesQueryOptions(cardId, page));
}

/** PATCH /api/expenses/{id}: a transaction's memo, by its cardholder or an admin (issue 21.5); transaction lists refetch. */
export function useUpdateTransactionMemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, notes }: { id: number; notes: string | null }) =>
      http.patch<{ data: CardExpense }>(`/api/expenses/${id}`, { notes }),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes('expenses') }),
  });
}
