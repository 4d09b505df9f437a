import { Alert, Flex, Form, Input, Modal, Typography } from 'antd';
import {
  CARD_MESSAGES,
  MAX_NOTE_LENGTH,
  fundCardsSchema,
  multiFundDoneText,
  type CardResource,
} from '@wallet/contract';
import { useState } from 'react';
import { CurrencyInput } from '../../../components/CurrencyInput';
import { amountRules, formAmountToCents } from '../../../lib/amount-rules';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/format';
import { zodRule } from '../../../lib/form-rules';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useFundCards } from '../api/fund-card';
import { useSubmissionKey } from '../../../lib/use-submission-key';

interface Props {
  open: boolean;
  cards: CardResource[];
  onClose: () => void;
  /** After a funding: the ids that stay selected (none: every card was funded). A refusal keeps the selection. */
  onDone: (keepSelectedIds: number[]) => void;
}

interface Values {
  amount?: string;
  description?: string;
}

/** PRODUCT.md §5 multi-card fund: at least $0.01 (1 cent). */
const MIN_MULTI_FUND_CENTS = 1;
const rules = { amount: amountRules(MIN_MULTI_FUND_CENTS), description: [zodRule(fundCardsSchema.shape.description)] };

/**
 * Fund Card(s): the same amount added to each selected card's spending limit, with one description. One server call
 * funds them all or none; the server adds to each card's limit as it is then (a purchase meanwhile is not undone).
 */
export function MultiFundModal({ open, cards, onClose, onDone }: Props) {
  const [form] = Form.useForm<Values>();
  const fundCards = useFundCards();
  const notifySuccess = useNotifySuccess();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);
  const amountCents = formAmountToCents(Form.useWatch('amount', form)) ?? 0;

  const handleFinish = ({ amount, description }: Values) => {
    const cents = formAmountToCents(amount);
    if (cents === null) return;
    setFailure(null);
    const body = { cardIds: cards.map((card) => card.id), amount: cents, description: description!.trim() };
    fundCards.mutate(
      { ...body, idempotencyKey: submission.keyFor(body) },
      {
        onSuccess: ({ message, meta }) => {
          submission.reset();
          notifySuccess(message || CARD_MESSAGES.balanceUpdated, multiFundDoneText(cents, meta.funded));
          onDone([]);
          onClose();
        },
        onError: (error) => {
          // A field's message goes on the field; anything else (funds, a card gone) is said here. The selection stays.
          if (!showServerFieldErrors(form, error)) setFailure(error instanceof Error ? error.message : String(error));
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
      afterClose={() => {
        setFailure(null);
        submission.reset();
      }}
    >
      <Typography.Paragraph type="secondary">
        The amount is added to the spending limit of each of the {cards.length} selected card(s).
      </Typography.Paragraph>
      {failure && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={CARD_MESSAGES.multiFundFailed}
          description={failure}
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
