import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/** GET /api/statements/export?month=YYYY-MM: that month's movements with their running balance as CSV, named by the server. */
export function exportStatement(month: string): Promise<string> {
  return downloadFile('/api/statements/export', { month }, `statement-${month}.csv`);
}

export function useExportStatement() {
  return useMutation({ mutationFn: exportStatement });
}
