import { Alert, Form, Input, Modal, Typography } from 'antd';
import { MESSAGES } from '@wallet/contract';
import { useEffect, useRef, useState } from 'react';
import { showServerFieldErrors } from '../lib/form-errors';
import { lazyZodRule } from '../lib/form-rules';
import { CONFIRM_PASSWORD_PATH, HttpError, http, setPasswordConfirmer } from '../lib/http';

const passwordRules = [
  lazyZodRule(() =>
    import('../lib/first-screen-schemas').then((schemas) => schemas.confirmPasswordSchema.shape.password),
  ),
];

/** POST /user/confirm-password {password}: sensitive data opens for 3 hours; 422 errors.password when wrong. */
export function confirmPassword(password: string): Promise<unknown> {
  return http.post(CONFIRM_PASSWORD_PATH, { password });
}

/**
 * The one confirm-password modal (PRODUCT.md §8 423 'Please confirm your password to continue'). Mounted once with
 * the app's providers, it registers with the http client: any call answered 423 opens it, and the call is
 * made again once the password is confirmed. Cancel gives the caller the 423.
 */
export function PasswordConfirmation() {
  const [form] = Form.useForm<{ password: string }>();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(
    () =>
      setPasswordConfirmer(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setProblem(undefined);
            setOpen(true);
          }),
      ),
    [],
  );

  const finish = (confirmed: boolean) => {
    setOpen(false);
    settle.current?.(confirmed);
    settle.current = null;
  };

  const handleFinish = async ({ password }: { password: string }) => {
    setPending(true);
    setProblem(undefined);
    try {
      await confirmPassword(password);
      finish(true);
    } catch (error) {
      if (!showServerFieldErrors(form, error)) setProblem(error instanceof HttpError ? error.message : String(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Confirm your password"
      okText="Confirm"
      onOk={() => form.submit()}
      confirmLoading={pending}
      onCancel={() => finish(false)}
      // Not rendered while closed: a hidden password field would be a second 'Password' on /login.
      destroyOnHidden
      width={440}
    >
      <Typography.Paragraph strong style={{ marginBottom: 4 }}>
        {MESSAGES.confirmPassword}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {MESSAGES.sensitiveRestricted}. For your security, enter your password; you won&apos;t be asked again for the
        next 3 hours.
      </Typography.Paragraph>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form form={form} name="confirmPassword" layout="vertical" onFinish={(values) => void handleFinish(values)}>
        <Form.Item label="Password" name="password" rules={passwordRules}>
          <Input.Password autoFocus autoComplete="current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
