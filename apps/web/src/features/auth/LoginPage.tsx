import { MESSAGES } from '@wallet/contract';
import { Navigate } from 'react-router';
import { HttpError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { paths } from '../../paths';
import { AuthShell } from './AuthShell';
import { AuthHeading, AuthLead } from './auth-text';
import { LoginForm } from './LoginForm';

/** /login (PRODUCT.md §2). A visitor who is already signed in goes to the dashboard. */
export function LoginPage() {
  const session = useSession();
  if (session.data) return <Navigate to={paths.dashboard} replace />;
  if (session.error instanceof HttpError && session.error.status === 404) {
    return <Navigate to={paths.organizationNotFound} replace />;
  }
  return (
    <AuthShell>
      <AuthHeading level={1} style={{ fontSize: 28, marginTop: 0, marginBottom: 8 }}>
        {MESSAGES.signInHeading}
      </AuthHeading>
      <AuthLead style={{ marginBottom: 28 }}>Welcome back. Sign in to manage your cards and requests.</AuthLead>
      <LoginForm />
    </AuthShell>
  );
}
