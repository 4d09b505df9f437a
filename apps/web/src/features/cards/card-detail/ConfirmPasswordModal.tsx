import { Form, Input, Modal, Typography } from 'antd';
import { confirmPasswordSchema } from '@wallet/contract';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { useConfirmPassword } from '../api/card-details';

interface Props {
  open: boolean;
  onCancel: () => void;
  onConfirmed: () => void;
}

const passwordRules = [zodRule(confirmPasswordSchema.shape.password)];

/** Asked when the server answers 423: POST /user/confirm-password, then the caller retries. */
export function ConfirmPasswordModal({ open, onCancel, onConfirmed }: Props) {
  const [form] = Form.useForm<{ password: string }>();
  const confirm = useConfirmPassword();

  const handleFinish = ({ password }: { password: string }) => {
    confirm.mutate(password, {
      onSuccess: () => {
        form.resetFields();
        onConfirmed();
      },
      onError: (error) => showServerFieldErrors(form, error),
    });
  };

  return (
    <Modal
      open={open}
      title="Confirm your password"
      okText="Confirm"
      onOk={() => form.submit()}
      confirmLoading={confirm.isPending}
      onCancel={onCancel}
      destroyOnHidden
      width={440}
    >
      <Typography.Paragraph type="secondary">
        For your security, confirm your password to see the full card number and CVC. You won&apos;t be asked again for the next 3 hours.
      </Typography.Paragraph>
      <Form form={form} name="confirmPassword" layout="vertical" onFinish={handleFinish}>
        <Form.Item label="Password" name="password" rules={passwordRules}>
          <Input.Password autoFocus autoComplete="current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
