import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullPageSpin } from '../components/FullPageSpin';
import { HttpError } from '../lib/http';
import { useSession } from '../lib/session';
import { paths } from '../paths';

/** Only a failed session check needs the error page (antd's Result and its illustrations): loaded then. */
const ErrorFallback = lazy(async () => ({ default: (await import('../components/ErrorFallback')).ErrorFallback }));

/** Renders its children for a signed-in user; a signed-out visitor goes to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <FullPageSpin />;
  if (session.isError) {
    if (session.error instanceof HttpError && session.error.status === 404) {
      return <Navigate to={paths.organizationNotFound} replace />;
    }
    return (
      <Suspense fallback={<FullPageSpin />}>
        <ErrorFallback error={session.error} onRetry={() => void session.refetch()} />
      </Suspense>
    );
  }
  if (!session.data) return <Navigate to={paths.login} replace />;
  return children;
}
