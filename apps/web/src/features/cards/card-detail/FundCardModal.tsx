import { Descriptions, Form, Input, Modal, Typography } from 'antd';
import { CARD_MESSAGES, MAX_NOTE_LENGTH, fundCardSchema, type CardResource } from '@wallet/contract';
import { CurrencyInput } from '../../../components/CurrencyInput';
import { amountRules, centsToAmountString, formAmountToCents } from '../../../lib/amount-rules';
import { formatMoney } from '../../../lib/format';
import { zodRule } from '../../../lib/form-rules';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { availableToSpend } from '../../../lib/payment-cards';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useFundCard } from '../api/fund-card';

interface Values {
  amount?: string;
  description?: string;
}

const rules = { amount: amountRules(0), description: [zodRule(fundCardSchema.shape.description)] };

/**
 * Fund Card: the admin sets what the card should have available to spend; the spending limit sent is that
 * plus the card's pending holds (SPEC §7).
 */
export function FundCardModal({ card, open, onClose }: { card: CardResource; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const fundCard = useFundCard();
  const notifySuccess = useNotifySuccess();
  const wanted = formAmountToCents(Form.useWatch('amount', form));

  const handleFinish = ({ amount, description }: Values) => {
    const cents = formAmountToCents(amount);
    if (cents === null) return;
    fundCard.mutate(
      { cardId: card.id, amount: cents + card.issuing_holds_amount, description: description!.trim(), idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          notifySuccess(CARD_MESSAGES.balanceUpdated, `Available to spend is now ${formatMoney(cents)}.`);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title="Fund Card"
      okText="Update Balance"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={fundCard.isPending}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'available', label: 'Available to spend now', children: formatMoney(availableToSpend(card)) },
          { key: 'holds', label: 'Pending holds', children: formatMoney(card.issuing_holds_amount) },
          { key: 'limit', label: 'Spending limit now', children: formatMoney(card.spending_limit) },
        ]}
      />
      <Form
        form={form}
        name="fundCard"
        layout="vertical"
        requiredMark="optional"
        onFinish={handleFinish}
        initialValues={{ amount: centsToAmountString(Math.max(0, availableToSpend(card))) }}
      >
        <Form.Item
          label="Amount available to spend"
          name="amount"
          rules={rules.amount}
          required
          extra={
            wanted !== null && wanted >= 0 ? (
              <Typography.Text type="secondary">New spending limit: {formatMoney(wanted + card.issuing_holds_amount)} (includes pending holds)</Typography.Text>
            ) : undefined
          }
        >
          <CurrencyInput autoFocus />
        </Form.Item>
        <Form.Item label="Description" name="description" rules={rules.description} required>
          <Input.TextArea rows={3} maxLength={MAX_NOTE_LENGTH} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
