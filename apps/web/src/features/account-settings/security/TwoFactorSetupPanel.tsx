import { Button, Flex, Form, Input, Typography } from 'antd';
import { confirmTwoFactorSchema, type TwoFactorSetup } from '@wallet/contract';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { useConfirmTwoFactor } from '../api/two-factor';

const QR_SIZE = 200;
const codeRules = [zodRule(confirmTwoFactorSchema.shape.code)];

/** "ABCD EFGH ..." is easier to type into an app than 32 letters in a row. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Setting up: scan the QR code (or type the key), then a code from the app turns two-factor on. */
export function TwoFactorSetupPanel({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<{ code: string }>();
  const confirm = useConfirmTwoFactor();

  const handleFinish = ({ code }: { code: string }) =>
    confirm.mutate(code, {
      onSuccess: ({ data }) => onConfirmed(data.recovery_codes),
      onError: (error) => showServerFieldErrors(form, error),
    });

  return (
    <section aria-label="Set up two-factor authentication">
      <Typography.Paragraph strong style={{ marginBottom: 8 }}>
        1. Scan this QR code with your authenticator app
      </Typography.Paragraph>
      <img
        src={setup.qr_code}
        width={QR_SIZE}
        height={QR_SIZE}
        alt="QR code that adds this account to your authenticator app"
        style={{ display: 'block', border: '1px solid rgba(0, 0, 0, 0.08)', borderRadius: 8 }}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        Can't scan it? Enter this setup key in the app instead:
        <br />
        <Typography.Text
          code
          copyable={{ text: setup.secret, tooltips: ['Copy setup key', 'Copied'] }}
          data-testid="two-factor-secret"
          style={{ wordBreak: 'break-all' }}
        >
          {grouped(setup.secret)}
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph strong style={{ marginBottom: 8 }}>
        2. Enter the 6-digit code the app shows
      </Typography.Paragraph>
      <Form<{ code: string }>
        form={form}
        name="confirmTwoFactor"
        layout="vertical"
        requiredMark={false}
        onFinish={handleFinish}
      >
        <Form.Item label="Authentication Code" name="code" rules={codeRules} style={{ maxWidth: 240 }}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} placeholder="123456" autoFocus />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={confirm.isPending}>
            Confirm and Turn On
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </Flex>
      </Form>
    </section>
  );
}
