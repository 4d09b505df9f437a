import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountingExportFormat, ListResponse } from '@wallet/contract';
import { http, type DataEnvelope, type QueryParams } from '../../../lib/http';
import { useReviewCount } from '../api/expenses';
import type { DayRange } from '../ranges';

export const ACCOUNTING_EXPORT_PATH = '/api/expenses/accounting-export';
export const RECEIPTS_ARCHIVE_PATH = '/api/expenses/receipts-archive';
const WALLET_CATEGORIES_PATH = '/api/wallet-categories';
/** The request form's key for the same list: a GL code saved here refreshes its choices too. */
export const walletCategoriesKey = ['wallet-categories'] as const;

export interface CategoryWithGlCode {
  id: number;
  name: string;
  gl_code: string | null;
}

const periodQuery = (period: DayRange) => ({ 'filter[from]': period.from, 'filter[to]': period.to });
const withQuery = (path: string, query: QueryParams) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString()}`;

/** GET /api/expenses/accounting-export: the link that downloads the period's reviewed transactions as CSV. */
export const accountingExportUrl = (format: AccountingExportFormat, period: DayRange) =>
  withQuery(ACCOUNTING_EXPORT_PATH, { format, ...periodQuery(period) });

/** GET /api/expenses/receipts-archive: the link that downloads the period's receipts as a ZIP. */
export const receiptsArchiveUrl = (period: DayRange) => withQuery(RECEIPTS_ARCHIVE_PATH, periodQuery(period));

/** How many reviewed transactions the period has (the figure beside the downloads). */
export function useReviewedCount(period: DayRange) {
  return useReviewCount('reviewed', period, { keepPrevious: true });
}

/** GET /api/wallet-categories: every category, with its GL code. */
export function useCategoriesWithGlCodes() {
  return useQuery({
    queryKey: walletCategoriesKey,
    queryFn: async ({ signal }) =>
      (await http.get<ListResponse<CategoryWithGlCode>>(WALLET_CATEGORIES_PATH, { signal })).data,
  });
}

/** PUT /api/wallet-categories/{id} with its name as it is and the new GL code ('' clears it). */
export function useSaveGlCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ category, glCode }: { category: CategoryWithGlCode; glCode: string }) =>
      http.put<DataEnvelope<CategoryWithGlCode>>(`${WALLET_CATEGORIES_PATH}/${category.id}`, {
        name: category.name,
        gl_code: glCode,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletCategoriesKey }),
  });
}
