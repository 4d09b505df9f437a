import { Form } from 'antd';
import { CARD_CONTROLS_TEXTS, CARD_CONTROL_MESSAGES, MAX_AMOUNT_CENTS, centsToDecimal } from '@wallet/contract';
import { CurrencyInput } from '../../../components/CurrencyInput';
import { formAmountToCents } from '../../../lib/amount-rules';
import { FormModal, formSaveCallbacks } from '../../../components/FormModal';
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
    update.mutate(
      threshold ? formAmountToCents(threshold) : null,
      formSaveCallbacks(form, { notifySuccess, fallback: CARD_CONTROL_MESSAGES.lowBalanceAlertSaved, onClose }),
    );

  return (
    <FormModal
      title={CARD_CONTROLS_TEXTS.lowBalanceTitle}
      open={open}
      onClose={onClose}
      form={form}
      name="lowBalanceAlert"
      initialValues={{ threshold: current ? centsToDecimal(current) : null }}
      onFinish={handleFinish}
      saving={update.isPending}
    >
      <Form.Item
        label="Notify me below"
        name="threshold"
        rules={[thresholdRule]}
        extra={`${CARD_CONTROLS_TEXTS.lowBalanceHelp} Leave empty for no alert.`}
      >
        <CurrencyInput autoFocus />
      </Form.Item>
    </FormModal>
  );
}
