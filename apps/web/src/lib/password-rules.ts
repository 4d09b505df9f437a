import type { FormRule } from 'antd';
import { PASSWORD_MESSAGES } from '@wallet/contract';

/** PRODUCT.md §5 confirmation: required, and the same as the `password` field. */
export const confirmationRules: FormRule[] = [
  { required: true, message: PASSWORD_MESSAGES.confirmRequired },
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (!value || getFieldValue('password') === value) return;
      throw new Error(PASSWORD_MESSAGES.mismatch);
    },
  }),
];
