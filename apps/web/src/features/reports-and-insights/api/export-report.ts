import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { REPORT_TEXTS, type ReportExportField, type ReportExportFormat } from '@wallet/contract';
import { downloadFile } from '../../../lib/download';
import { HttpError, type QueryParams } from '../../../lib/http';

export const EXPORT_PATH = '/api/expenses/export';

export interface ExportRequest {
  format: ReportExportFormat;
  fields: readonly ReportExportField[];
  /** The table's filter[...] and sort, as sent to the list. */
  filters: QueryParams;
}

/**
 * GET /api/expenses/export?export_as&export_fields plus the table's filters and sort: the file, downloaded under the
 * server's name (Content-Disposition). Resolves to that name.
 */
export function exportReport({ format, fields, filters }: ExportRequest): Promise<string> {
  return downloadFile(
    EXPORT_PATH,
    { ...filters, export_as: format, export_fields: fields.join(',') },
    `transactions.${format}`,
  );
}

/** What a failed export says (PRODUCT.md §8): the server's first field message or its message, else 'unknown error occurred.'. */
export function exportErrorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    const first = Object.values(error.errors).flat()[0];
    return first ?? error.serverMessage ?? REPORT_TEXTS.unknownExportError;
  }
  return REPORT_TEXTS.unknownExportError;
}

const NOTICE_KEY = 'report-export';

/**
 * An export with PRODUCT.md §8's notices (bottom right, one replacing the other): 'Generating this report...', then
 * 'Report generated successfully!' with the file's name, or a warning with the server's message.
 */
export function useReportExport() {
  const { notification } = App.useApp();
  return useMutation({
    mutationFn: exportReport,
    meta: { silent: true },
    onMutate: () => {
      notification.info({ key: NOTICE_KEY, title: REPORT_TEXTS.generating, placement: 'bottomRight', duration: false });
    },
    onSuccess: (fileName) => {
      notification.success({
        key: NOTICE_KEY,
        title: REPORT_TEXTS.generated,
        description: fileName,
        placement: 'bottomRight',
      });
    },
    onError: (error) => {
      notification.warning({
        key: NOTICE_KEY,
        title: 'Report export failed',
        description: exportErrorMessage(error),
        placement: 'bottomRight',
      });
    },
  });
}
