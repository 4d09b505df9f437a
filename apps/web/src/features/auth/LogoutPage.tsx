import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@wallet/contract';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { FullPageSpin } from '../../components/FullPageSpin';
import { paths } from '../../paths';
import { logout } from './api/logout';

/** /logout: signs out, forgets all server state and goes to /login, whatever the server answered. */
export function LogoutPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout()
      .catch(() => undefined)
      .finally(() => {
        queryClient.clear();
        navigate(paths.login, { replace: true });
      });
  }, [queryClient, navigate]);

  return <FullPageSpin description={MESSAGES.loggingOut} />;
}
