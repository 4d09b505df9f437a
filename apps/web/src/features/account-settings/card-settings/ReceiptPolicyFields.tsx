import { Form, Input, Typography, type InputProps } from 'antd';
import {
  CARD_SETTINGS_TEXTS,
  MAX_AMOUNT_CENTS,
  MAX_POLICY_DAYS,
  centsToDecimal,
  type CardSettings,
} from '@wallet/contract';
import type { ChangeEvent } from 'react';
import { CurrencyInput } from '../../../components/CurrencyInput';
import { formAmountToCents } from '../../../lib/amount-rules';

type PolicySettings = Pick<
  CardSettings,
  'receipt_required_above' | 'receipt_reminder_days' | 'receipt_deactivate_days' | 'memo_required_above'
>;

/** The receipt and memo policy as the form holds it: dollars and days as typed; empty is null. */
export interface ReceiptPolicyValues {
  receipt_required_above: string | null;
  receipt_reminder_days: string | null;
  receipt_deactivate_days: string | null;
  memo_required_above: string | null;
}

const dollars = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));
const days = (count: number | null) => (count === null ? null : String(count));
const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

export const receiptPolicyToForm = (settings: PolicySettings): ReceiptPolicyValues => ({
  receipt_required_above: dollars(settings.receipt_required_above),
  receipt_reminder_days: days(settings.receipt_reminder_days),
  receipt_deactivate_days: days(settings.receipt_deactivate_days),
  memo_required_above: dollars(settings.memo_required_above),
});

export const receiptPolicyFromForm = (values: ReceiptPolicyValues): PolicySettings => ({
  receipt_required_above: isEmpty(values.receipt_required_above)
    ? null
    : formAmountToCents(values.receipt_required_above),
  receipt_reminder_days: isEmpty(values.receipt_reminder_days) ? null : Number(values.receipt_reminder_days),
  receipt_deactivate_days: isEmpty(values.receipt_deactivate_days) ? null : Number(values.receipt_deactivate_days),
  memo_required_above: isEmpty(values.memo_required_above) ? null : formAmountToCents(values.memo_required_above),
});

const amountRule = {
  validator: async (_rule: unknown, value: unknown) => {
    if (isEmpty(value)) return;
    const cents = formAmountToCents(value);
    if (cents === null || cents < 0 || cents > MAX_AMOUNT_CENTS) throw new Error(CARD_SETTINGS_TEXTS.amountInvalid);
  },
};

const daysRule = {
  validator: async (_rule: unknown, value: unknown) => {
    if (isEmpty(value)) return;
    const count = Number(value);
    if (!/^\d+$/.test(String(value)) || count < 1 || count > MAX_POLICY_DAYS)
      throw new Error(CARD_SETTINGS_TEXTS.daysInvalid);
  },
};

type DaysInputProps = Omit<InputProps, 'value' | 'onChange' | 'type'> & {
  value?: string | null;
  onChange?: (value: string | null) => void;
};

/** A whole number of days: keystrokes that are not digits are refused; empty is null. */
function DaysInput({ value, onChange, ...props }: DaysInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value.trim();
    if (/^\d{0,3}$/.test(next)) onChange?.(next === '' ? null : next);
  };
  return <Input {...props} inputMode="numeric" value={value ?? ''} onChange={handleChange} />;
}

const FIELD_STYLE = { maxWidth: 320 };

/**
 * Card Settings' receipt and memo policy (issue 21 points 4, 5), inside the Card Settings form: which purchases need a
 * receipt, when their cardholder is reminded, when the card is deactivated until its receipts arrive, which need a memo.
 */
export function ReceiptPolicyFields() {
  return (
    <section aria-labelledby="receipt-policy-title">
      <Typography.Title level={3} id="receipt-policy-title" style={{ fontSize: 16 }}>
        {CARD_SETTINGS_TEXTS.policyTitle}
      </Typography.Title>
      <Form.Item
        label={CARD_SETTINGS_TEXTS.receiptRequiredAbove}
        name="receipt_required_above"
        extra={CARD_SETTINGS_TEXTS.receiptRequiredAboveHelp}
        rules={[amountRule]}
        style={FIELD_STYLE}
      >
        <CurrencyInput placeholder="0.00" />
      </Form.Item>
      <Form.Item
        label={CARD_SETTINGS_TEXTS.receiptReminderDays}
        name="receipt_reminder_days"
        extra={CARD_SETTINGS_TEXTS.receiptReminderDaysHelp}
        rules={[daysRule]}
        style={FIELD_STYLE}
      >
        <DaysInput />
      </Form.Item>
      <Form.Item
        label={CARD_SETTINGS_TEXTS.receiptDeactivateDays}
        name="receipt_deactivate_days"
        extra={CARD_SETTINGS_TEXTS.receiptDeactivateDaysHelp}
        rules={[daysRule]}
        style={FIELD_STYLE}
      >
        <DaysInput />
      </Form.Item>
      <Form.Item
        label={CARD_SETTINGS_TEXTS.memoRequiredAbove}
        name="memo_required_above"
        extra={CARD_SETTINGS_TEXTS.memoRequiredAboveHelp}
        rules={[amountRule]}
        style={FIELD_STYLE}
      >
        <CurrencyInput placeholder="0.00" />
      </Form.Item>
    </section>
  );
}
