import { Alert, Button, Form, Input, Typography, type InputRef } from 'antd';
import { TWO_FACTOR_MESSAGES, UI_TEXTS } from '@wallet/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { HttpError } from '../../../lib/http';
import { useNotifyError } from '../../../lib/use-notify-error';
import { useSession } from '../../../lib/session';
import { paths } from '../../../paths';
import { AuthShell } from '../AuthShell';
import { useAnswerChallenge } from '../api/two-factor-challenge';

type Mode = 'code' | 'recovery_code';
interface Values {
  code?: string;
  recovery_code?: string;
}

const codeRules = [{ required: true, whitespace: true, message: TWO_FACTOR_MESSAGES.codeRequired }];
const recoveryRules = [{ required: true, whitespace: true, message: TWO_FACTOR_MESSAGES.recoveryCodeRequired }];

/** /login/two-factor: after a right password, a code from the authenticator app or a recovery code (PRODUCT.md §4). */
export function TwoFactorPage() {
  const session = useSession();
  const navigate = useNavigate();
  const notifyError = useNotifyError();
  const answer = useAnswerChallenge();
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<Mode>('code');
  const [expired, setExpired] = useState(false);
  const inputRef = useRef<InputRef>(null);

  useEffect(() => inputRef.current?.focus(), [mode]);

  if (session.data) return <Navigate to={paths.dashboard} replace />;

  const handleFinish = (values: Values) => {
    const value = (mode === 'code' ? values.code : values.recovery_code)?.trim() ?? '';
    answer.mutate(mode === 'code' ? { code: value } : { recovery_code: value }, {
      onSuccess: () => navigate(paths.dashboard, { replace: true }),
      onError: (error) => {
        if (error instanceof HttpError && error.status === 401) return setExpired(true);
        const message =
          error instanceof HttpError && (error.status === 422 || error.status === 429)
            ? (error.errors[mode]?.[0] ?? error.message)
            : undefined;
        if (message) {
          form.setFields([{ name: mode, errors: [message] }]);
          inputRef.current?.select();
        } else notifyError(error);
      },
    });
  };

  const switchMode = () => {
    form.resetFields();
    setMode(mode === 'code' ? 'recovery_code' : 'code');
  };

  return (
    <AuthShell>
      <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0, marginBottom: 8 }}>
        Two-Factor Authentication
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 28 }}>
        {mode === 'code'
          ? 'Open your authenticator app and enter the 6-digit code it shows for this account.'
          : 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.'}
      </Typography.Paragraph>
      {expired ? (
        <Alert
          type="error"
          showIcon
          title={TWO_FACTOR_MESSAGES.challengeExpired}
          description={
            <Link to={paths.login} replace style={{ display: 'inline-block', marginTop: 8 }}>
              {UI_TEXTS.backToSignIn}
            </Link>
          }
        />
      ) : (
        <Form<Values>
          form={form}
          name="two-factor"
          layout="vertical"
          requiredMark={false}
          size="large"
          onFinish={handleFinish}
        >
          {mode === 'code' ? (
            <Form.Item label="Authentication Code" name="code" rules={codeRules}>
              <Input
                ref={inputRef}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                placeholder="123456"
              />
            </Form.Item>
          ) : (
            <Form.Item label="Recovery Code" name="recovery_code" rules={recoveryRules}>
              <Input
                ref={inputRef}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={64}
                placeholder="xxxx-xxxx-xxxx-xxxx"
              />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={answer.isPending}>
            Verify
          </Button>
          <Button type="link" block onClick={switchMode} style={{ marginTop: 16 }}>
            {mode === 'code' ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
          </Button>
          <Typography.Paragraph style={{ textAlign: 'center', marginTop: 8, marginBottom: 0 }}>
            <Link to={paths.login}>{UI_TEXTS.backToSignIn}</Link>
          </Typography.Paragraph>
        </Form>
      )}
    </AuthShell>
  );
}
