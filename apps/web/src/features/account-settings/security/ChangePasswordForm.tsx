import { Button, Form, Input, Typography } from 'antd';
import { PASSWORD_MESSAGES, changePasswordSchema, type ChangePasswordInput } from '@wallet/contract';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useChangePassword } from '../api/change-password';
import { confirmationRules } from '../../../lib/password-rules';

const shape = changePasswordSchema.shape;
const currentRules = [zodRule(shape.current_password)];
const passwordRules = [zodRule(shape.password)];

/** Password & Security: change the password (PRODUCT.md §5 new-password rules). */
export function ChangePasswordForm() {
  const [form] = Form.useForm<ChangePasswordInput>();
  const changePassword = useChangePassword();
  const notifySuccess = useNotifySuccess();

  const handleFinish = (values: ChangePasswordInput) =>
    changePassword.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message || PASSWORD_MESSAGES.changed);
        form.resetFields();
      },
      onError: (error) => showServerFieldErrors(form, error),
    });

  return (
    <div style={{ maxWidth: 440 }}>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
        Change Password
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Use at least 6 characters. Your other sessions will be signed out.
      </Typography.Paragraph>
      <Form<ChangePasswordInput>
        form={form}
        name="changePassword"
        layout="vertical"
        requiredMark="optional"
        onFinish={handleFinish}
      >
        <Form.Item label="Current Password" name="current_password" rules={currentRules} required>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="New Password" name="password" rules={passwordRules} required>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm New Password"
          name="password_confirmation"
          dependencies={['password']}
          rules={confirmationRules}
          required
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
          Change Password
        </Button>
      </Form>
    </div>
  );
}
