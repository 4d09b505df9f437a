import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CurrencyInput } from './CurrencyInput';

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <label htmlFor="amount">Amount</label>
      <CurrencyInput id="amount" value={value} onChange={setValue} />
      <output aria-label="form value">{value ?? 'null'}</output>
    </>
  );
}

describe('CurrencyInput', () => {
  it('takes only money: digits and one decimal point with at most two decimals; letters never appear', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const input = screen.getByLabelText('Amount');
    await user.type(input, '1a2b.c3.4x5');
    expect(input).toHaveValue('12.34');
    expect(screen.getByLabelText('form value')).toHaveTextContent('12.34');
  });

  it('writes two decimals when left, and takes a pasted "$1,234.5" as 1234.50', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const input = screen.getByLabelText('Amount');
    await user.type(input, '7.5');
    await user.tab();
    expect(input).toHaveValue('7.50');
    await user.clear(input);
    await user.click(input);
    await user.paste('$1,234.5');
    expect(input).toHaveValue('1234.5');
    await user.paste('hello');
    expect(input).toHaveValue('1234.5');
  });
});
