import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { PASSWORD_RESET_MESSAGES, UI_TEXTS, resetPasswordSchema } from '@wallet/contract';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { HttpError } from '../../../lib/http';
import { confirmationRules } from '../../../lib/password-rules';
import { useNotifyError } from '../../../lib/use-notify-error';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { paths } from '../../../paths';
import { AuthShell } from '../AuthShell';
import { useResetPassword } from '../api/reset-password';

interface Values {
  password: string;
  password_confirmation: string;
}

const passwordRules = [zodRule(resetPasswordSchema.shape.password)];

/** A link that can't be used (wrong, used or expired): says which, and offers a new one. */
function UnusableLink({ message }: { message: string }) {
  return (
    <Alert
      type="error"
      showIcon
      title={message}
      description={
        <Flex gap={16} wrap style={{ marginTop: 8 }}>
          <Link to={paths.forgotPassword}>Ask for a new link</Link>
          <Link to={paths.login}>{UI_TEXTS.backToSignIn}</Link>
        </Flex>
      }
    />
  );
}

/** /reset-password?email&token: the mailed link; sets a new password (PRODUCT.md §5) and goes to sign in. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const token = searchParams.get('token') ?? '';
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const resetMutation = useResetPassword();
  const notifyError = useNotifyError();
  const notifySuccess = useNotifySuccess();
  const [linkError, setLinkError] = useState<string>();

  const handleFinish = (values: Values) =>
    resetMutation.mutate(
      { email, token, ...values },
      {
        onSuccess: () => {
          notifySuccess(PASSWORD_RESET_MESSAGES.changed);
          navigate(paths.login, { replace: true });
        },
        onError: (error) => {
          const tokenMessage =
            error instanceof HttpError && error.status === 422
              ? (error.errors.token?.[0] ?? error.errors.email?.[0])
              : undefined;
          if (tokenMessage) setLinkError(tokenMessage);
          else if (!showServerFieldErrors(form, error)) notifyError(error);
        },
      },
    );

  const problem = !token || !email ? PASSWORD_RESET_MESSAGES.invalid : linkError;

  return (
    <AuthShell>
      <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0, marginBottom: 8 }}>
        Choose a New Password
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 28 }}>
        Setting a new password signs you out on every other device.
      </Typography.Paragraph>
      {problem ? (
        <UnusableLink message={problem} />
      ) : (
        <Form<Values>
          form={form}
          name="reset-password"
          layout="vertical"
          requiredMark={false}
          size="large"
          onFinish={handleFinish}
        >
          <Form.Item label="Email" htmlFor="reset-password_email">
            <Input
              id="reset-password_email"
              value={email}
              readOnly
              autoComplete="username"
              aria-readonly
              variant="filled"
            />
          </Form.Item>
          <Form.Item label="New Password" name="password" rules={passwordRules}>
            <Input.Password autoComplete="new-password" autoFocus />
          </Form.Item>
          <Form.Item
            label="Confirm Password"
            name="password_confirmation"
            dependencies={['password']}
            rules={confirmationRules}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={resetMutation.isPending}>
            Reset Password
          </Button>
          <Typography.Paragraph style={{ textAlign: 'center', marginTop: 24, marginBottom: 0 }}>
            <Link to={paths.login}>{UI_TEXTS.backToSignIn}</Link>
          </Typography.Paragraph>
        </Form>
      )}
    </AuthShell>
  );
}
