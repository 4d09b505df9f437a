import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Typography } from 'antd';
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_RECOVERY_CODE_COUNT, type TwoFactorSetup } from '@wallet/contract';
import { useState } from 'react';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { TwoFactorPasswordModal } from './TwoFactorPasswordModal';
import { TwoFactorSetupPanel } from './TwoFactorSetupPanel';
import {
  useDisableTwoFactor,
  useRegenerateRecoveryCodes,
  useStartTwoFactor,
  useTwoFactorStatus,
} from '../api/two-factor';

const STATUS_HEIGHT = 96;

/** Password & Security: turn on two-factor (QR code, confirm with a code, recovery codes once) or off (password). */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const notifySuccess = useNotifySuccess();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<'disable' | 'regenerate' | null>(null);

  const enabled = status.data?.enabled ?? false;
  const left = status.data?.recovery_codes_left ?? 0;

  let body;
  if (recoveryCodes) body = <RecoveryCodesPanel codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  else if (setup) {
    body = (
      <TwoFactorSetupPanel
        setup={setup}
        onCancel={() => setSetup(null)}
        onConfirmed={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
          notifySuccess(TWO_FACTOR_MESSAGES.enabled);
        }}
      />
    );
  } else if (status.isPending) body = <LoadingBlock height={STATUS_HEIGHT} label="Loading two-factor authentication" />;
  else if (status.isError)
    body = <LoadFailed height={STATUS_HEIGHT} what="two-factor authentication" onRetry={() => void status.refetch()} />;
  else if (enabled) {
    body = (
      <div style={{ minHeight: STATUS_HEIGHT }}>
        <Typography.Paragraph>
          Signing in asks for a code from your authenticator app.{' '}
          <Typography.Text type={left <= 2 ? 'warning' : 'secondary'}>
            {`${left} of ${TWO_FACTOR_RECOVERY_CODE_COUNT} recovery codes left.`}
          </Typography.Text>
        </Typography.Paragraph>
        <Flex gap={8} wrap>
          <Button onClick={() => setAsking('regenerate')}>Generate New Recovery Codes</Button>
          <Button danger onClick={() => setAsking('disable')}>
            Turn Off
          </Button>
        </Flex>
      </div>
    );
  } else {
    body = (
      <div style={{ minHeight: STATUS_HEIGHT }}>
        <Typography.Paragraph type="secondary">
          Protect your account with a second step at sign-in: a 6-digit code from an authenticator app such as Google
          Authenticator, Microsoft Authenticator, 1Password or Authy.
        </Typography.Paragraph>
        <Button
          type="primary"
          icon={<SafetyCertificateOutlined aria-hidden />}
          loading={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: setSetup })}
        >
          Turn On Two-Factor Authentication
        </Button>
      </div>
    );
  }

  return (
    <section aria-labelledby="two-factor-title" style={{ maxWidth: 560 }}>
      <Flex align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <Typography.Title id="two-factor-title" level={2} style={{ fontSize: 18, margin: 0 }}>
          Two-Factor Authentication
        </Typography.Title>
        {status.data && <Tag color={enabled ? 'green' : 'default'}>{enabled ? 'On' : 'Off'}</Tag>}
      </Flex>
      {body}
      <TwoFactorPasswordModal
        open={asking === 'disable'}
        title="Turn Off Two-Factor Authentication"
        description="Signing in will ask for your password only. Your recovery codes stop working."
        okText="Turn Off"
        danger
        pending={disable.isPending}
        onCancel={() => setAsking(null)}
        onSubmit={(input, showErrors) =>
          disable.mutate(input, {
            onSuccess: () => {
              setAsking(null);
              notifySuccess(TWO_FACTOR_MESSAGES.disabled);
            },
            onError: showErrors,
          })
        }
      />
      <TwoFactorPasswordModal
        open={asking === 'regenerate'}
        title="Generate New Recovery Codes"
        description="Your current recovery codes, used or not, stop working."
        okText="Generate"
        pending={regenerate.isPending}
        onCancel={() => setAsking(null)}
        onSubmit={(input, showErrors) =>
          regenerate.mutate(input, {
            onSuccess: ({ data }) => {
              setAsking(null);
              setRecoveryCodes(data.recovery_codes);
              notifySuccess(TWO_FACTOR_MESSAGES.recoveryCodesRegenerated);
            },
            onError: showErrors,
          })
        }
      />
    </section>
  );
}
