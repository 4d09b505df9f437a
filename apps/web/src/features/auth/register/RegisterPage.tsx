import { Alert, Button, Form, Input, Typography } from 'antd';
import { INVITATION_MESSAGES, UI_TEXTS, registerSchema } from '@wallet/contract';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { HttpError } from '../../../lib/http';
import { confirmationRules } from '../../../lib/password-rules';
import { useNotifyError } from '../../../lib/use-notify-error';
import { paths } from '../../../paths';
import { AuthShell } from '../AuthShell';
import { useRegister } from '../api/register';

interface Values {
  password: string;
  password_confirmation: string;
}

const passwordRules = [zodRule(registerSchema.shape.password)];

function InvalidLink({ message }: { message: string }) {
  return (
    <Alert
      type="error"
      showIcon
      title={message}
      description={
        <Link to={paths.login} style={{ display: 'inline-block', marginTop: 8 }}>
          {UI_TEXTS.backToSignIn}
        </Link>
      }
    />
  );
}

/** /register?token&email: an invited person chooses a password (PRODUCT.md §5) and is signed in. */
export function RegisterPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const email = searchParams.get('email') ?? '';
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const notifyError = useNotifyError();
  const [tokenError, setTokenError] = useState<string>();

  const handleFinish = (values: Values) =>
    registerMutation.mutate(
      { token, email, ...values },
      {
        onSuccess: () => navigate(paths.dashboard, { replace: true }),
        onError: (error) => {
          const tokenMessage =
            error instanceof HttpError ? (error.errors.token?.[0] ?? error.errors.email?.[0]) : undefined;
          if (tokenMessage) setTokenError(tokenMessage);
          else if (!showServerFieldErrors(form, error)) notifyError(error);
        },
      },
    );

  const linkError = !token || !email ? INVITATION_MESSAGES.invalid : tokenError;

  return (
    <AuthShell>
      <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0, marginBottom: 8 }}>
        Set Up Your Account
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 28 }}>
        You have been invited to the wallet. Choose a password to finish.
      </Typography.Paragraph>
      {linkError ? (
        <InvalidLink message={linkError} />
      ) : (
        <Form<Values>
          form={form}
          name="register"
          layout="vertical"
          requiredMark={false}
          size="large"
          onFinish={handleFinish}
        >
          <Form.Item label="Email" htmlFor="register_email">
            <Input id="register_email" value={email} readOnly autoComplete="username" aria-readonly variant="filled" />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={passwordRules}>
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
          <Button type="primary" htmlType="submit" block loading={registerMutation.isPending}>
            Create Account
          </Button>
          <Typography.Paragraph style={{ textAlign: 'center', marginTop: 24, marginBottom: 0 }}>
            <Link to={paths.login}>{UI_TEXTS.backToSignIn}</Link>
          </Typography.Paragraph>
        </Form>
      )}
    </AuthShell>
  );
}
