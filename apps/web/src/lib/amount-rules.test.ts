import { describe, expect, it } from 'vitest';
import { formAmountToCents } from './amount-rules';
import { cardExpiry, groupedCardNumber, holderNeedsTermsAcceptance, maskedCardNumber } from './payment-cards';

describe('amounts', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['0.01', 1],
    ['1,234.56', 123456],
    [19.99, 1999],
    ['1.234', null],
    ['abc', null],
    ['', null],
    [undefined, null],
  ])('%j dollars is %j cents', (input, cents) => {
    expect(formAmountToCents(input)).toBe(cents);
  });
});

describe('card helpers', () => {
  it('masks, groups and dates card numbers', () => {
    expect(maskedCardNumber('4242')).toBe('•••• •••• •••• 4242');
    expect(groupedCardNumber('4000056655665556')).toBe('4000 0566 5566 5556');
    expect(cardExpiry({ exp_month: 4, exp_year: 2029 })).toBe('04/29');
  });

  it('exempts holders created before 2023-06-01 from the terms warning', () => {
    const holder = (created_at: string, accepted_at: string | null = null) => ({
      created_at,
      issuing_tos_acceptance: { accepted_at },
    });
    expect(holderNeedsTermsAcceptance(holder('2023-05-31T23:59:59Z'))).toBe(false);
    expect(holderNeedsTermsAcceptance(holder('2023-06-01T00:00:00Z'))).toBe(true);
    expect(holderNeedsTermsAcceptance(holder('2024-01-01T00:00:00Z', '2024-02-01T00:00:00Z'))).toBe(false);
  });
});
