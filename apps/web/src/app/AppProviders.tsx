import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
// The ES module build: antd/locale/en_US is CommonJS and drags CommonJS date picker and pagination code in.
import enUS from 'antd/es/locale/en_US';
import { useEffect, useState, type ReactNode } from 'react';
import { PasswordConfirmation } from '../components/ConfirmPasswordModal';
import { installDialogFocusTrap } from '../lib/dialog-focus-trap';
import { useNotifyError } from '../lib/use-notify-error';
import { connectErrorHandling, createQueryClient } from './query-client';
import { theme } from './theme';

function QueryLayer({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  const notifyError = useNotifyError();
  useEffect(() => connectErrorHandling(queryClient, notifyError), [queryClient, notifyError]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** Theme, notifications (bottom right), server state and the confirm-password modal (423) for the whole app. */
export function AppProviders({ queryClient, children }: { queryClient?: QueryClient; children: ReactNode }) {
  useEffect(installDialogFocusTrap, []);
  return (
    <ConfigProvider theme={theme} locale={enUS}>
      <AntApp notification={{ placement: 'bottomRight' }}>
        <QueryLayer client={queryClient}>{children}</QueryLayer>
        <PasswordConfirmation />
      </AntApp>
    </ConfigProvider>
  );
}
