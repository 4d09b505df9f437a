import { Alert, Flex, Form, Input, Modal, Typography } from 'antd';
import { CARD_MESSAGES, MAX_NOTE_LENGTH, fundCardSchema, type CardResource } from '@wallet/contract';
import { useState } from 'react';
import { CurrencyInput } from '../../../components/CurrencyInput';
import { amountRules, formAmountToCents } from '../../../lib/amount-rules';
import { formatMoney } from '../../../lib/format';
import { zodRule } from '../../../lib/form-rules';
import { useNotifyError } from '../../../lib/use-notify-error';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useFundCards } from '../api/fund-card';

interface Props {
  open: boolean;
  cards: CardResource[];
  onClose: () => void;
  /** After a run: the cards that could not be funded stay selected. */
  onDone: (failedIds: number[]) => void;
}

interface Values {
  amount?: string;
  description?: string;
}

/** SPEC §5 multi-card fund: at least $0.01 (1 cent). */
const MIN_MULTI_FUND_CENTS = 1;
const rules = { amount: amountRules(MIN_MULTI_FUND_CENTS), description: [zodRule(fundCardSchema.shape.description)] };

/** Fund Card(s): the same amount added to each selected card's spending limit, with one description. */
export function MultiFundModal({ open, cards, onClose, onDone }: Props) {
  const [form] = Form.useForm<Values>();
  const fundCards = useFundCards();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  const [failures, setFailures] = useState<{ card: CardResource; message: string }[]>([]);
  const amountCents = formAmountToCents(Form.useWatch('amount', form)) ?? 0;

  const handleFinish = ({ amount, description }: Values) => {
    const cents = formAmountToCents(amount);
    if (cents === null) return;
    setFailures([]);
    fundCards.mutate(
      { cardIds: cards.map((card) => card.id), amount: cents, description: description!.trim() },
      {
        onSuccess: ({ succeeded, failed }) => {
          if (succeeded.length > 0) {
            notifySuccess(CARD_MESSAGES.balanceUpdated, `${formatMoney(cents)} added to ${succeeded.length} of ${cards.length} card(s).`);
          }
          failed.forEach(({ error }) => notifyError(error));
          onDone(failed.map(({ cardId }) => cardId));
          if (failed.length === 0) {
            onClose();
            return;
          }
          setFailures(
            failed.map(({ cardId, error }) => ({
              card: cards.find((card) => card.id === cardId)!,
              message: error instanceof Error ? error.message : String(error),
            })),
          );
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title="Fund Card(s)"
      okText="Fund Card(s)"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={fundCards.isPending}
      destroyOnHidden
      afterClose={() => setFailures([])}
    >
      <Typography.Paragraph type="secondary">
        The amount is added to the spending limit of each of the {cards.length} selected card(s).
      </Typography.Paragraph>
      {failures.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="These cards were not funded; the others were. They stay selected to try again."
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {failures.map(({ card, message }) => (
                <li key={card.id}>
                  {card.user?.name ?? card.name} •••• {card.last4}: {message}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <Form form={form} name="fundCards" layout="vertical" requiredMark="optional" onFinish={handleFinish}>
        <Form.Item label="Amount" name="amount" rules={rules.amount} required validateFirst>
          <CurrencyInput autoFocus />
        </Form.Item>
        <Form.Item label="Description" name="description" rules={rules.description} required>
          <Input.TextArea rows={3} maxLength={MAX_NOTE_LENGTH} showCount />
        </Form.Item>
      </Form>
      <Flex vertical gap={4} style={{ maxHeight: 180, overflowY: 'auto' }} tabIndex={0} aria-label="Selected cards">
        {cards.map((card) => (
          <Flex key={card.id} justify="space-between" gap={12} style={{ fontSize: 13 }}>
            <Typography.Text ellipsis style={{ minWidth: 0 }}>
              {card.user?.name ?? card.name} •••• {card.last4}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(card.spending_limit)} → {formatMoney(card.spending_limit + amountCents)}
            </Typography.Text>
          </Flex>
        ))}
      </Flex>
    </Modal>
  );
}
