import { Alert, Form, Input, Modal, Typography } from 'antd';
import { MESSAGES } from '@wallet/contract';
import { useState } from 'react';
import { showServerFieldErrors } from '../lib/form-errors';
import { lazyZodRule } from '../lib/form-rules';
import { CONFIRM_PASSWORD_PATH, HttpError, http } from '../lib/http';

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
 * The confirm-password modal (PRODUCT.md §8 423 'Please confirm your password to continue'), opened by
 * PasswordConfirmation (a new one each time); `finish(true)` once the password is confirmed, `finish(false)` on Cancel.
 */
export function ConfirmPasswordDialog({ open, finish }: { open: boolean; finish: (confirmed: boolean) => void }) {
  const [form] = Form.useForm<{ password: string }>();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string>();

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
