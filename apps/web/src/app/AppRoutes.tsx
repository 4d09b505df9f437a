import { Route, Routes } from 'react-router';
import { ApprovalDonePage } from '../features/approval-links/ApprovalDonePage';
import { ApprovalErrorPage } from '../features/approval-links/ApprovalErrorPage';
import { ApprovalExpiredPage } from '../features/approval-links/ApprovalExpiredPage';
import { LoginPage } from '../features/auth/LoginPage';
import { LogoutPage } from '../features/auth/LogoutPage';
import { PassThroughPage } from '../features/auth/PassThroughPage';
import { ForgotPasswordPage } from '../features/auth/forgot-password/ForgotPasswordPage';
import { RegisterPage } from '../features/auth/register/RegisterPage';
import { ResetPasswordPage } from '../features/auth/reset-password/ResetPasswordPage';
import { TwoFactorPage } from '../features/auth/two-factor/TwoFactorPage';
import { OrganizationNotFoundPage } from '../features/organization/OrganizationNotFoundPage';
import { SsoRefusedPage } from '../features/sso/SsoRefusedPage';
import { AccessPendingPage } from '../features/registration/AccessPendingPage';
import { RegistrationApprovalStatusPage } from '../features/registration/RegistrationApprovalStatusPage';
import { RegistrationRequestedPage } from '../features/registration/RegistrationRequestedPage';
import { paths } from '../paths';
import { AppLayout } from './layout/AppLayout';
import { PublicLayout } from './layout/PublicLayout';
import { RequireAuth } from './RequireAuth';

/** Public routes, then everything under '/' behind sign-in (SPEC §2). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path={paths.login} element={<LoginPage />} />
        <Route path={paths.loginTwoFactor} element={<TwoFactorPage />} />
        <Route path={paths.register} element={<RegisterPage />} />
        <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
        <Route path={paths.passThrough} element={<PassThroughPage />} />
        <Route path={paths.organizationNotFound} element={<OrganizationNotFoundPage />} />
        <Route path={paths.ssoRefused} element={<SsoRefusedPage />} />
        <Route path={paths.approvalsDone} element={<ApprovalDonePage />} />
        <Route path={paths.approvalsError} element={<ApprovalErrorPage />} />
        <Route path={paths.approvalsExpired} element={<ApprovalExpiredPage />} />
        <Route path={paths.registrationRequested} element={<RegistrationRequestedPage />} />
        <Route path={paths.registrationApprovalStatus} element={<RegistrationApprovalStatusPage />} />
        <Route path={paths.accessPending} element={<AccessPendingPage />} />
      </Route>
      <Route path={paths.logout} element={<LogoutPage />} />
      <Route
        path="/*"
        element={
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        }
      />
    </Routes>
  );
}
