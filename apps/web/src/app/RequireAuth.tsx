import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ErrorFallback } from '../components/ErrorFallback';
import { FullPageSpin } from '../components/FullPageSpin';
import { HttpError } from '../lib/http';
import { useSession } from '../lib/session';
import { paths } from '../paths';

/** Renders its children for a signed-in user; a signed-out visitor goes to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <FullPageSpin />;
  if (session.isError) {
    if (session.error instanceof HttpError && session.error.status === 404) {
      return <Navigate to={paths.organizationNotFound} replace />;
    }
    return <ErrorFallback error={session.error} onRetry={() => void session.refetch()} />;
  }
  if (!session.data) return <Navigate to={paths.login} replace />;
  return children;
}
