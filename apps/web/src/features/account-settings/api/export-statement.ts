import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/** GET /api/statements/export: every movement with its running balance as CSV, named by the server. */
export function exportStatement(): Promise<string> {
  return downloadFile('/api/statements/export', {}, `statement-${new Date().toISOString().slice(0, 10)}.csv`);
}

export function useExportStatement() {
  return useMutation({ mutationFn: exportStatement });
}
