import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import {
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_TTL_MINUTES,
  UI_TEXTS,
  forgotPasswordSchema,
  type ForgotPasswordInput,
} from '@wallet/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { useNotifyError } from '../../../lib/use-notify-error';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { paths } from '../../../paths';
import { AuthShell } from '../AuthShell';
import { useForgotPassword } from '../api/forgot-password';

const emailRules = [zodRule(forgotPasswordSchema.shape.email)];

/** /forgot-password (PRODUCT.md §2 'Reset My Password'): asks for the email; the answer never says whether it has an account. */
export function ForgotPasswordPage() {
  const [form] = Form.useForm<ForgotPasswordInput>();
  const forgotMutation = useForgotPassword();
  const notifyError = useNotifyError();
  const notifySuccess = useNotifySuccess();
  const [sentTo, setSentTo] = useState<string>();

  const handleFinish = (values: ForgotPasswordInput) =>
    forgotMutation.mutate(values, {
      onSuccess: () => {
        notifySuccess(PASSWORD_RESET_MESSAGES.linkSent);
        setSentTo(values.email.trim());
      },
      onError: (error) => {
        if (!showServerFieldErrors(form, error)) notifyError(error);
      },
    });

  return (
    <AuthShell>
      <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0, marginBottom: 8 }}>
        {PASSWORD_RESET_MESSAGES.heading}
      </Typography.Title>
      {sentTo ? (
        <>
          <Alert
            type="success"
            showIcon
            role="status"
            title={PASSWORD_RESET_MESSAGES.linkSent}
            description={`If ${sentTo} belongs to an account here, a link to choose a new password is on its way. It works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes.`}
            style={{ marginTop: 20 }}
          />
          <Flex justify="center" align="center" gap={8} wrap style={{ marginTop: 24 }}>
            <Button type="link" onClick={() => setSentTo(undefined)}>
              Send another link
            </Button>
            <Link to={paths.login}>{UI_TEXTS.backToSignIn}</Link>
          </Flex>
        </>
      ) : (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 28 }}>
            Enter the email you sign in with and we will send you a link to choose a new password.
          </Typography.Paragraph>
          <Form<ForgotPasswordInput>
            form={form}
            name="forgot-password"
            layout="vertical"
            requiredMark={false}
            size="large"
            noValidate
            onFinish={handleFinish}
          >
            <Form.Item label="Email" name="email" rules={emailRules} validateFirst>
              <Input type="email" autoComplete="email" inputMode="email" autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={forgotMutation.isPending}>
              Send Recovery Link
            </Button>
            <Typography.Paragraph style={{ textAlign: 'center', marginTop: 24, marginBottom: 0 }}>
              <Link to={paths.login}>{UI_TEXTS.backToSignIn}</Link>
            </Typography.Paragraph>
          </Form>
        </>
      )}
    </AuthShell>
  );
}
