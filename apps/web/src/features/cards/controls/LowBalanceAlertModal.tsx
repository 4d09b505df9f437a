import { Form, Modal } from 'antd';
import { CARD_CONTROLS_TEXTS, CARD_CONTROL_MESSAGES, MAX_AMOUNT_CENTS, centsToDecimal } from '@wallet/contract';
import { CurrencyInput } from '../../../components/CurrencyInput';
import { formAmountToCents } from '../../../lib/amount-rules';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import type { CardWithControls } from '../api/card-controls-types';
import { useUpdateLowBalanceAlert } from '../api/update-card-controls';

const thresholdRule = {
  validator: async (_rule: unknown, value: unknown) => {
    if (value === null || value === undefined || value === '') return;
    const cents = formAmountToCents(value);
    if (cents === null || cents < 1 || cents > MAX_AMOUNT_CENTS)
      throw new Error(CARD_CONTROL_MESSAGES.lowBalanceThresholdInvalid);
  },
};

/** Low-balance alert (the holder or an admin): PUT /api/cards/{id}/low-balance-alert; empty switches it off. */
export function LowBalanceAlertModal({
  card,
  open,
  onClose,
}: {
  card: CardWithControls;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ threshold?: string | null }>();
  const update = useUpdateLowBalanceAlert(card.id);
  const notifySuccess = useNotifySuccess();
  const current = card.low_balance_threshold;

  const handleFinish = ({ threshold }: { threshold?: string | null }) =>
    update.mutate(threshold ? formAmountToCents(threshold) : null, {
      onSuccess: ({ message }) => {
        notifySuccess(message || CARD_CONTROL_MESSAGES.lowBalanceAlertSaved);
        onClose();
      },
      onError: (error) => showServerFieldErrors(form, error),
    });

  return (
    <Modal
      open={open}
      title={CARD_CONTROLS_TEXTS.lowBalanceTitle}
      okText="Save"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        name="lowBalanceAlert"
        layout="vertical"
        initialValues={{ threshold: current ? centsToDecimal(current) : null }}
        onFinish={handleFinish}
      >
        <Form.Item
          label="Notify me below"
          name="threshold"
          rules={[thresholdRule]}
          extra={`${CARD_CONTROLS_TEXTS.lowBalanceHelp} Leave empty for no alert.`}
        >
          <CurrencyInput autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
