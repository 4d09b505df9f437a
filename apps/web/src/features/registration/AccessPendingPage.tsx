import { ClockCircleOutlined } from '@ant-design/icons';
import { REGISTRATION_TEXTS } from '@wallet/contract';
import { RegistrationResult } from './RegistrationResult';

/** /access-pending (PRODUCT.md §2): the request is still waiting for an admin; a back-to-login button. */
export function AccessPendingPage() {
  return (
    <RegistrationResult
      status="info"
      icon={<ClockCircleOutlined />}
      title={REGISTRATION_TEXTS.pendingTitle}
      detail={REGISTRATION_TEXTS.pendingDetail}
      action={REGISTRATION_TEXTS.backToLogin}
    />
  );
}
