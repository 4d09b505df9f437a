import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

export interface ExportRange {
  /** YYYY-MM-DD, both inclusive. */
  from: string;
  to: string;
}

/** GET /api/cards/{id}/expenses/export?from&to: a file named with the dates (PRODUCT.md §7). */
export function exportCardTransactions(cardId: number, { from, to }: ExportRange): Promise<string> {
  return downloadFile(
    `/api/cards/${cardId}/expenses/export`,
    { from, to },
    `card-${cardId}-transactions-${from}-to-${to}.csv`,
  );
}

export function useExportCardTransactions(cardId: number) {
  return useMutation({ mutationFn: (range: ExportRange) => exportCardTransactions(cardId, range) });
}
