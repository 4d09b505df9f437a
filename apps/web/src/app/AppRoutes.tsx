import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageSpin } from '../components/FullPageSpin';
import { LoginPage } from '../features/auth/LoginPage';
import { SignInWarmUpHost } from '../features/dashboard';
import { paths } from '../paths';
import { prepareMoneyFormats } from '../lib/format';
import { lazyPreloadable, preloadable } from '../lib/preloadable';
import { PublicLayout } from './layout/PublicLayout';
import { RequireAuth } from './RequireAuth';

/** React.lazy of a module's named export: each page is its own chunk, so /login loads only what it needs. */
function lazyNamed<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const appLayoutCode = preloadable(() => import('./layout/AppLayout'));
// Renders at once when the idle preload below has brought it (no Suspense fallback, no reveal delay: D10).
const AppLayout = lazyPreloadable(appLayoutCode, 'AppLayout');
const TwoFactorPage = lazyNamed(() => import('../features/auth/two-factor/TwoFactorPage'), 'TwoFactorPage');
const RegisterPage = lazyNamed(() => import('../features/auth/register/RegisterPage'), 'RegisterPage');
const SignUpPage = lazyNamed(() => import('../features/auth/SignUpPage'), 'SignUpPage');
const ForgotPasswordPage = lazyNamed(
  () => import('../features/auth/forgot-password/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyNamed(
  () => import('../features/auth/reset-password/ResetPasswordPage'),
  'ResetPasswordPage',
);
const PassThroughPage = lazyNamed(() => import('../features/auth/PassThroughPage'), 'PassThroughPage');
const LogoutPage = lazyNamed(() => import('../features/auth/LogoutPage'), 'LogoutPage');
const OrganizationNotFoundPage = lazyNamed(
  () => import('../features/organization/OrganizationNotFoundPage'),
  'OrganizationNotFoundPage',
);
const SsoRefusedPage = lazyNamed(() => import('../features/sso/SsoRefusedPage'), 'SsoRefusedPage');
const SsoConfirmPage = lazyNamed(() => import('../features/sso/SsoConfirmPage'), 'SsoConfirmPage');
const ApprovalDonePage = lazyNamed(() => import('../features/approval-links/ApprovalDonePage'), 'ApprovalDonePage');
const ApprovalErrorPage = lazyNamed(() => import('../features/approval-links/ApprovalErrorPage'), 'ApprovalErrorPage');
const ApprovalExpiredPage = lazyNamed(
  () => import('../features/approval-links/ApprovalExpiredPage'),
  'ApprovalExpiredPage',
);
const RegistrationRequestedPage = lazyNamed(
  () => import('../features/registration/RegistrationRequestedPage'),
  'RegistrationRequestedPage',
);
const RegistrationApprovalStatusPage = lazyNamed(
  () => import('../features/registration/RegistrationApprovalStatusPage'),
  'RegistrationApprovalStatusPage',
);
const AccessPendingPage = lazyNamed(() => import('../features/registration/AccessPendingPage'), 'AccessPendingPage');
const EmailChangeResultPage = lazyNamed(
  () => import('../features/email-change/EmailChangeResultPage'),
  'EmailChangeResultPage',
);

/**
 * While the browser is idle after the first page, fetch the signed-in frame and make its money formats, so the
 * dashboard after sign-in does not wait for them (ARCHITECTURE.md D10: quick on a cold cache) and /login's first load
 * stays small.
 */
function usePreloadSignedInFrame() {
  useEffect(() => {
    const preload = () => {
      void appLayoutCode.load().catch(() => undefined);
      prepareMoneyFormats();
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(preload, { timeout: 2_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(preload, 500);
    return () => window.clearTimeout(timer);
  }, []);
}

/** Public routes, then everything under '/' behind sign-in (PRODUCT.md §2). */
export function AppRoutes() {
  usePreloadSignedInFrame();
  return (
    <>
      <SignInWarmUpHost />
      <Routes>
        {/* PublicLayout holds the lazily loaded pages in a Suspense that keeps its frame in place. */}
        <Route element={<PublicLayout />}>
          <Route path={paths.login} element={<LoginPage />} />
          <Route path={paths.loginTwoFactor} element={<TwoFactorPage />} />
          <Route path={paths.register} element={<RegisterPage />} />
          <Route path={paths.signUp} element={<SignUpPage />} />
          <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
          <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
          <Route path={paths.passThrough} element={<PassThroughPage />} />
          <Route path={paths.organizationNotFound} element={<OrganizationNotFoundPage />} />
          <Route path={paths.ssoRefused} element={<SsoRefusedPage />} />
          <Route path={paths.ssoConfirm} element={<SsoConfirmPage />} />
          <Route path={paths.approvalsDone} element={<ApprovalDonePage />} />
          <Route path={paths.approvalsError} element={<ApprovalErrorPage />} />
          <Route path={paths.approvalsExpired} element={<ApprovalExpiredPage />} />
          <Route path={paths.registrationRequested} element={<RegistrationRequestedPage />} />
          <Route path={paths.registrationApprovalStatus} element={<RegistrationApprovalStatusPage />} />
          <Route path={paths.accessPending} element={<AccessPendingPage />} />
          <Route path={paths.emailChange} element={<EmailChangeResultPage />} />
        </Route>
        <Route
          path={paths.logout}
          element={
            <Suspense fallback={<FullPageSpin />}>
              <LogoutPage />
            </Suspense>
          }
        />
        <Route
          path="/*"
          element={
            <RequireAuth>
              {/* The same full-page spinner RequireAuth shows while the session loads: no jump between the two. */}
              <Suspense fallback={<FullPageSpin />}>
                <AppLayout />
              </Suspense>
            </RequireAuth>
          }
        />
      </Routes>
    </>
  );
}
