import { Descriptions, Flex, Form, Input, Modal, Radio, Typography } from 'antd';
import {
  CARD_MESSAGES,
  FUND_CARD_MODES,
  FUND_CARD_TEXTS,
  MAX_NOTE_LENGTH,
  centsToDecimal,
  fundCardSchema,
  type CardResource,
  type FundCardMode,
} from '@wallet/contract';
import { useState } from 'react';
import { CurrencyInput } from '../../../components/CurrencyInput';
import { amountRules, formAmountToCents } from '../../../lib/amount-rules';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/format';
import { zodRule } from '../../../lib/form-rules';
import { availableToSpend } from '../../../lib/payment-cards';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useSubmissionKey } from '../../../lib/use-submission-key';
import { useFundCard, useFundCards } from '../api/fund-card';

interface Values {
  amount?: string;
  description?: string;
}

/** Add: at least a cent (POST /api/cards/fund); Set to: zero or more (PRODUCT.md §5 fund card). */
const rules = {
  amount: { add: amountRules(1), set: amountRules(0) },
  description: [zodRule(fundCardSchema.shape.description)],
};

/**
 * Fund Card, in one of two ways. Add: the amount goes to the server, which adds it to the card's limit as it is when
 * it funds (POST /api/cards/fund with this one card), so a purchase meanwhile is never undone by a limit read here
 * earlier. Set to: the admin names what the card should have available; the spending limit sent is that plus the
 * card's pending holds (PUT /api/cards/{id}/balance, PRODUCT.md §7). Both preview what the card will have.
 */
export function FundCardModal({ card, open, onClose }: { card: CardResource; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<FundCardMode>('add');
  const setBalance = useFundCard();
  const addFunds = useFundCards();
  const submission = useSubmissionKey();
  const notifySuccess = useNotifySuccess();
  const available = availableToSpend(card);
  const typed = formAmountToCents(Form.useWatch('amount', form));
  const newAvailable = typed === null || typed < 0 ? null : mode === 'add' ? available + typed : typed;

  const switchMode = (next: FundCardMode) => {
    setMode(next);
    form.setFieldValue('amount', next === 'set' ? centsToDecimal(Math.max(0, available)) : null);
    form.setFields([{ name: 'amount', errors: [] }]);
  };

  const done = (availableNow: number) => {
    submission.reset();
    notifySuccess(CARD_MESSAGES.balanceUpdated, FUND_CARD_TEXTS.done(availableNow));
    onClose();
  };
  const onError = (error: unknown) => showServerFieldErrors(form, error);

  const handleFinish = ({ amount, description }: Values) => {
    const cents = formAmountToCents(amount);
    if (cents === null) return;
    const trimmed = description!.trim();
    if (mode === 'add') {
      const body = { cardIds: [card.id], amount: cents, description: trimmed };
      addFunds.mutate(
        { ...body, idempotencyKey: submission.keyFor({ mode, ...body }) },
        {
          onSuccess: ({ data }) => {
            const funded = data.find((each) => each.id === card.id);
            done(funded ? availableToSpend(funded) : available + cents);
          },
          onError,
        },
      );
      return;
    }
    const body = { cardId: card.id, amount: cents + card.issuing_holds_amount, description: trimmed };
    setBalance.mutate(
      { ...body, idempotencyKey: submission.keyFor({ mode, ...body }) },
      { onSuccess: () => done(cents), onError },
    );
  };

  return (
    <Modal
      open={open}
      title="Fund Card"
      okText="Update Balance"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={setBalance.isPending || addFunds.isPending}
      destroyOnHidden
      afterClose={() => {
        setMode('add');
        submission.reset();
      }}
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'available', label: 'Available to spend now', children: formatMoney(available) },
          { key: 'holds', label: 'Pending holds', children: formatMoney(card.issuing_holds_amount) },
          { key: 'limit', label: 'Spending limit now', children: formatMoney(card.spending_limit) },
        ]}
      />
      <Form form={form} name="fundCard" layout="vertical" requiredMark="optional" onFinish={handleFinish}>
        <Form.Item label={FUND_CARD_TEXTS.modeLabel} required>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={mode}
            onChange={(event) => switchMode(event.target.value as FundCardMode)}
            options={FUND_CARD_MODES.map((value) => ({ value, label: FUND_CARD_TEXTS.modes[value] }))}
          />
        </Form.Item>
        <Form.Item
          label={FUND_CARD_TEXTS.amountLabel[mode]}
          name="amount"
          rules={rules.amount[mode]}
          required
          validateFirst
          extra={
            // Always two lines tall, so the form doesn't jump as the preview comes and goes.
            <Flex vertical style={{ minHeight: 44 }} aria-live="polite">
              {newAvailable !== null && (
                <>
                  <Typography.Text strong>{FUND_CARD_TEXTS.newAvailable(newAvailable)}</Typography.Text>
                  <Typography.Text type="secondary">
                    {FUND_CARD_TEXTS.newLimit(newAvailable + card.issuing_holds_amount)}
                  </Typography.Text>
                </>
              )}
            </Flex>
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
