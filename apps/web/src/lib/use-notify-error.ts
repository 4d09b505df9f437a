import { App } from 'antd';
import { useCallback } from 'react';
import { errorOutcome } from './error-notifications';
import { reportError } from './error-reporting';

/** Shows a failed call as PRODUCT.md §8 notifications (bottom right) and reports what should be reported. */
export function useNotifyError(): (error: unknown) => void {
  const { notification } = App.useApp();
  return useCallback(
    (error: unknown) => {
      const { notices, report } = errorOutcome(error);
      for (const notice of notices) {
        notification[notice.type]({
          key: `${notice.title}|${notice.description ?? ''}`,
          title: notice.title,
          description: notice.description,
          placement: 'bottomRight',
        });
      }
      if (report) reportError(error);
    },
    [notification],
  );
}
