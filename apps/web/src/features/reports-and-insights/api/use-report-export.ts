import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { REPORT_TEXTS } from '@wallet/contract';
import { exportErrorMessage, exportReport, type ExportRequest } from './export-report';

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

export type { ExportRequest };
