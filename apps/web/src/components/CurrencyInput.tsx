import { Input, type InputProps } from 'antd';
import { centsToDecimal, dollarsToCents } from '@wallet/contract';
import { useState, type ChangeEvent, type FocusEvent } from 'react';

type Props = Omit<InputProps, 'value' | 'onChange' | 'prefix' | 'type'> & {
  value?: string | null;
  onChange?: (value: string | null) => void;
};

/** What a money field may hold while typing: digits, then at most one decimal point and two decimals. */
const MONEY_WHILE_TYPING = /^\d*\.?\d{0,2}$/;

/** The typed text without what people paste along with an amount: a dollar sign, thousands commas, spaces. */
const withoutDecoration = (text: string) => text.replace(/[$,\s]/g, '');

/** '7.5' -> '7.50', '.5' -> '0.50', '7.' -> '7.00', '007' -> '7.00'; anything else as it is. */
function withTwoDecimals(text: string): string {
  const cents = dollarsToCents(`${text.startsWith('.') ? '0' : ''}${text.replace(/\.$/, '')}`);
  return cents === null ? text : centsToDecimal(cents);
}

/**
 * Dollars with 2 decimals (PRODUCT.md §5 "2-decimal currency input"): a keystroke or paste that would not leave an amount
 * (a letter, a second point, a third decimal) is refused, so the field never shows anything but money. The value is
 * a string ("12.50"), never a float, so turning it into cents (dollarsToCents) is exact; empty is null.
 */
export function CurrencyInput({ value, onChange, onBlur, style, ...props }: Props) {
  const [own, setOwn] = useState('');
  const text = value === undefined ? own : (value ?? '');

  const change = (next: string) => {
    if (value === undefined) setOwn(next);
    onChange?.(next === '' ? null : next);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = withoutDecoration(event.target.value);
    if (MONEY_WHILE_TYPING.test(next)) change(next);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (text !== '' && text !== '.') {
      const tidy = withTwoDecimals(text);
      if (tidy !== text) change(tidy);
    }
    onBlur?.(event);
  };

  return (
    <Input
      prefix="$"
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      style={{ width: '100%', fontVariantNumeric: 'tabular-nums', ...style }}
      {...props}
      value={text}
      onChange={handleChange}
      onBlur={handleBlur}
    />
  );
}
