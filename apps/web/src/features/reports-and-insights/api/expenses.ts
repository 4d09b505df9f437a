import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExpenseResource, ListResponse, ReviewAction } from '@wallet/contract';
import { http, type DataEnvelope, type QueryParams } from '../../../lib/http';
import { expensesBetween, type DayRange } from '../ranges';
import { expenseKeys } from './keys';

export const EXPENSES_PATH = '/api/expenses';
export const EXPENSE_INCLUDES = 'user,walletCard,walletCategory,team';

/** GET /api/expenses with include, filter[...], sort and page: the All Transactions table. */
export function getExpenses(params: QueryParams, signal?: AbortSignal): Promise<ListResponse<ExpenseResource>> {
  return http.get<ListResponse<ExpenseResource>>(EXPENSES_PATH, {
    query: { include: EXPENSE_INCLUDES, ...params },
    signal,
  });
}

export function expensesQueryOptions(params: QueryParams) {
  return queryOptions({
    queryKey: expenseKeys.list(params),
    queryFn: ({ signal }) => getExpenses(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useExpenses(params: QueryParams) {
  return useQuery(expensesQueryOptions(params));
}

/** How many posted transactions fall in the range: the list's meta.total, asking for one row. */
export async function countExpenses(range: DayRange, signal?: AbortSignal): Promise<number> {
  const { meta } = await http.get<ListResponse<ExpenseResource>>(EXPENSES_PATH, {
    query: { 'filter[between]': expensesBetween(range), 'page[number]': 1, 'page[size]': 1 },
    signal,
  });
  return meta.total;
}

export function expenseCountQueryOptions(range: DayRange) {
  return queryOptions({
    queryKey: expenseKeys.count(range),
    queryFn: ({ signal }) => countExpenses(range, signal),
    placeholderData: keepPreviousData,
    // A figure among others: when it fails it shows as '—' rather than a notice.
    meta: { silent: true },
  });
}

export function useExpenseCount(range: DayRange) {
  return useQuery(expenseCountQueryOptions(range));
}

/** PATCH /api/expenses/{id} {notes}: admins annotate a transaction (empty means none). */
/**
 * How many transactions of a period need review, or are reviewed: the list's meta.total for one row (a lower bound
 * past the count's limit). Keyed as a list, so marking transactions reviewed refreshes it. Off while there is no
 * period. A figure beside another control: when it fails, it is left out rather than a notice shown.
 */
export function useReviewCount(
  review: 'needed' | 'reviewed',
  period: DayRange | undefined,
  { keepPrevious = false }: { keepPrevious?: boolean } = {},
) {
  const params = {
    'filter[review]': review,
    'filter[between]': period ? `day,${period.from},${period.to}` : '',
    'page[number]': 1,
    'page[size]': 1,
  };
  return useQuery({
    queryKey: expenseKeys.list(params),
    queryFn: ({ signal }) => http.get<ListResponse<ExpenseResource>>(EXPENSES_PATH, { query: params, signal }),
    select: (list) => ({ total: list.meta.total, lowerBound: Boolean(list.meta.total_is_lower_bound) }),
    enabled: Boolean(period),
    ...(keepPrevious && { placeholderData: keepPreviousData }),
    meta: { silent: true },
  });
}

export function updateExpenseNotes({
  id,
  notes,
}: {
  id: number;
  notes: string | null;
}): Promise<DataEnvelope<ExpenseResource>> {
  return http.patch<DataEnvelope<ExpenseResource>>(`${EXPENSES_PATH}/${id}`, { notes });
}

export function useUpdateExpenseNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExpenseNotes,
    onSuccess: ({ data }, { id, notes }) => {
      // The row changes in place at once; the lists refetch, as a notes sort or search may now place it elsewhere.
      queryClient.setQueriesData<ListResponse<ExpenseResource>>({ queryKey: expenseKeys.lists }, (list) =>
        list
          ? { ...list, data: list.data.map((row) => (row.id === id ? { ...row, notes: data?.notes ?? notes } : row)) }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: expenseKeys.lists });
    },
  });
}

/** POST /api/expenses/reviews: one review action on the chosen transactions (admins); the lists refetch. */
export function useReviewExpenses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: number[]; action: ReviewAction }) =>
      http.post<{ data: { updated: number }; message: string }>(`${EXPENSES_PATH}/reviews`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expenseKeys.lists }),
  });
}
