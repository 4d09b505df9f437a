import { App } from 'antd';
import { useCallback } from 'react';

/** Shows a SPEC §8 success message as a notification (bottom right, like the error notices). */
export function useNotifySuccess(): (title: string, description?: string) => void {
  const { notification } = App.useApp();
  return useCallback(
    (title: string, description?: string) => {
      notification.success({ key: `${title}|${description ?? ''}`, title, description, placement: 'bottomRight' });
    },
    [notification],
  );
}
