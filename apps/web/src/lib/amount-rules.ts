import type { FormRule } from 'antd';
import { CARD_MESSAGES, MAX_AMOUNT_CENTS, dollarsToCents } from '@wallet/contract';

/** Dollars as a form holds them (the currency input's string, or a number) in integer cents; null if not valid. */
export function formAmountToCents(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? dollarsToCents(value.toFixed(2)) : null;
  if (typeof value !== 'string') return null;
  return dollarsToCents(value.replace(/,/g, ''));
}

/**
 * PRODUCT.md §5 amounts: required, a number with at most 2 decimals, at least `minCents`; one message for all of it
 * ("'amount' is not a valid number").
 */
export function amountRules(minCents: number): FormRule[] {
  return [
    {
      validator: async (_rule, value: unknown) => {
        const cents = formAmountToCents(value);
        if (cents === null || cents < minCents || cents > MAX_AMOUNT_CENTS)
          throw new Error(CARD_MESSAGES.amountInvalid);
      },
    },
  ];
}
