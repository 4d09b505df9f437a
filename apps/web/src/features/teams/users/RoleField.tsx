import { Form, Select } from 'antd';
import { ROLE_NAMES, newUserSchema } from '@wallet/contract';
import { zodRule } from '../../../lib/form-rules';
import { roleOptions } from '../roles';

const roleRules = [zodRule(newUserSchema.shape.role)];
/** A super-admin keeps that role unless another one is chosen (it is never granted through a form). */
const keepSuperAdminRules = [
  {
    validator: async (_rule: unknown, value: unknown) => {
      if (value === 'super-admin') return;
      const result = newUserSchema.shape.role.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  },
];

/** Role select of PRODUCT.md §6: wallet-admin, wallet-finance, wallet-user. */
export function RoleField({ superAdmin = false }: { superAdmin?: boolean }) {
  const options = superAdmin
    ? [{ value: 'super-admin', label: ROLE_NAMES['super-admin'], disabled: true }, ...roleOptions]
    : roleOptions;
  return (
    <Form.Item label="Role" name="role" rules={superAdmin ? keepSuperAdminRules : roleRules} required>
      <Select placeholder="Select a role" options={options} />
    </Form.Item>
  );
}
