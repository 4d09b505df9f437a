import { InputNumber, type InputNumberProps } from 'antd';

type Props = Omit<InputNumberProps<string>, 'stringMode' | 'precision' | 'prefix' | 'value' | 'onChange'> & {
  value?: string | null;
  onChange?: (value: string | null) => void;
};

/**
 * Dollars with 2 decimals (SPEC §5 "2-decimal currency input"). The value is a string ("12.50"), never a float,
 * so turning it into cents (dollarsToCents) is exact.
 */
export function CurrencyInput({ style, ...props }: Props) {
  return (
    <InputNumber<string>
      stringMode
      precision={2}
      step="0.01"
      min="0"
      prefix="$"
      inputMode="decimal"
      placeholder="0.00"
      style={{ width: '100%', ...style }}
      {...props}
    />
  );
}
