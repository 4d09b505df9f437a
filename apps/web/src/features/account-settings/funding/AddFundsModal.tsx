import { Descriptions, Form, Input, Modal } from 'antd';
import { CARD_MESSAGES, MAX_NOTE_LENGTH, topupSchema } from '@wallet/contract';
import { CurrencyInput } from '../../../components/CurrencyInput';
import { amountRules, formAmountToCents } from '../../../lib/amount-rules';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/format';
import { zodRule } from '../../../lib/form-rules';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useAddFunds } from '../api/add-funds';
import { useSubmissionKey } from '../../../lib/use-submission-key';

interface Values {
  amount?: string;
  description?: string;
}

const rules = { amount: amountRules(1), description: [zodRule(topupSchema.shape.description)] };

/**
 * Account Funding -> Add Funds: a top-up of the organisation's unallocated funds. The simulator settles it at once;
 * with Stripe it is pending until the provider says it succeeded.
 */
export function AddFundsModal({
  open,
  balance,
  onClose,
}: {
  open: boolean;
  balance: number | undefined;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const addFunds = useAddFunds();
  const notifySuccess = useNotifySuccess();
  const submission = useSubmissionKey();
  const adding = formAmountToCents(Form.useWatch('amount', form));

  const handleFinish = ({ amount, description }: Values) => {
    const cents = formAmountToCents(amount);
    if (cents === null) return;
    const body = { amount: cents, description: description!.trim() };
    addFunds.mutate(
      { ...body, idempotencyKey: submission.keyFor(body) },
      {
        onSuccess: ({ data, message }) => {
          submission.reset();
          notifySuccess(
            message || CARD_MESSAGES.fundsAdded,
            data.status === 'pending'
              ? `The top-up of ${formatMoney(data.amount)} is pending. It is added to your unallocated funds once the card issuer confirms it.`
              : `${formatMoney(data.amount)} was added to your unallocated funds.`,
          );
          onClose();
        },
        onError: (error) => showServerFieldErrors(form, error),
      },
    );
  };

  return (
    <Modal
      open={open}
      title="Add Funds"
      okText="Add Funds"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={addFunds.isPending}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'now', label: 'Unallocated funds now', children: balance === undefined ? '—' : formatMoney(balance) },
          ...(balance !== undefined && adding !== null && adding > 0
            ? [{ key: 'after', label: 'After this top-up', children: formatMoney(balance + adding) }]
            : []),
        ]}
      />
      <Form form={form} name="addFunds" layout="vertical" requiredMark="optional" onFinish={handleFinish}>
        <Form.Item label="Amount" name="amount" rules={rules.amount} required>
          <CurrencyInput autoFocus />
        </Form.Item>
        <Form.Item label="Description" name="description" rules={rules.description} required>
          <Input.TextArea
            rows={3}
            maxLength={MAX_NOTE_LENGTH}
            showCount
            placeholder="Shown on the statement, e.g. where the money came from"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
