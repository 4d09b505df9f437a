import { Divider } from 'antd';
import { ChangePasswordForm } from './ChangePasswordForm';
import { TwoFactorSection } from './TwoFactorSection';

/** Password & Security: change the password, and two-factor sign-in. */
export function SecurityTab() {
  return (
    <>
      <ChangePasswordForm />
      <Divider />
      <TwoFactorSection />
    </>
  );
}
