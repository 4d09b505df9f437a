import { MailOutlined } from '@ant-design/icons';
import { REGISTRATION_TEXTS } from '@wallet/contract';
import { RegistrationResult } from './RegistrationResult';

/** /registration-requested: a Google sign-in without a wallet role asked the organisation's admins for access. */
export function RegistrationRequestedPage() {
  return (
    <RegistrationResult
      status="success"
      icon={<MailOutlined style={{ color: '#16a34a' }} />}
      title={REGISTRATION_TEXTS.requestedTitle}
      detail={REGISTRATION_TEXTS.requestedDetail}
      action={REGISTRATION_TEXTS.backToLogin}
    />
  );
}
