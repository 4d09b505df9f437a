import { MESSAGES } from '@wallet/contract';
import { Navigate } from 'react-router';
import { FullPageSpin } from '../../components/FullPageSpin';
import { useSession } from '../../lib/session';
import { paths } from '../../paths';

/** /auth-check/pass-through: where sign-in redirects land; on to the dashboard, or back to /login. */
export function PassThroughPage() {
  const session = useSession();
  if (session.isPending) return <FullPageSpin description={MESSAGES.takingYouThere} />;
  return <Navigate to={session.data ? paths.dashboard : paths.login} replace />;
}
