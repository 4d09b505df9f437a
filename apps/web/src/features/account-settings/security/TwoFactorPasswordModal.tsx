import { Form, Input, Modal, Typography } from 'antd';
import { twoFactorPasswordSchema, type TwoFactorPasswordInput } from '@wallet/contract';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';

const passwordRules = [zodRule(twoFactorPasswordSchema.shape.password)];

interface Props {
  open: boolean;
  title: string;
  description: string;
  okText: string;
  danger?: boolean;
  pending: boolean;
  onSubmit: (input: TwoFactorPasswordInput, showErrors: (error: unknown) => void) => void;
  onCancel: () => void;
}

/** Asks for the password before turning two-factor off or replacing the recovery codes. */
export function TwoFactorPasswordModal({
  open,
  title,
  description,
  okText,
  danger,
  pending,
  onSubmit,
  onCancel,
}: Props) {
  const [form] = Form.useForm<TwoFactorPasswordInput>();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading: pending, htmlType: 'submit', form: 'twoFactorPassword' }}
      onCancel={onCancel}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
      <Form<TwoFactorPasswordInput>
        form={form}
        id="twoFactorPassword"
        name="twoFactorPassword"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => onSubmit(values, (error) => showServerFieldErrors(form, error))}
      >
        <Form.Item label="Password" name="password" rules={passwordRules} style={{ marginBottom: 0 }}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
