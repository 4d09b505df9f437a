import { App } from 'antd';
import { useCallback, type ReactNode } from 'react';

/**
 * Shows a PRODUCT.md §8 success message as a notification (bottom right, like the error notices); `action` is a control
 * in it (e.g. a link to what was just created).
 */
export function useNotifySuccess(): (title: string, description?: string, action?: ReactNode) => void {
  const { notification } = App.useApp();
  return useCallback(
    (title: string, description?: string, action?: ReactNode) => {
      notification.success({
        key: `${title}|${description ?? ''}`,
        title,
        description,
        placement: 'bottomRight',
        actions: action,
      });
    },
    [notification],
  );
}
