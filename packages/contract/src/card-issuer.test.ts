import { describe, expect, it } from 'vitest';
import { CARD_ISSUER_MESSAGES, CARD_MESSAGES, newCardSchema } from './index.js';

const card = (cardholder_name: unknown) => ({
  user_id: 4,
  legal_first_name: 'Mia',
  legal_last_name: 'Member',
  cardholder_name,
  billing: { line1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105' },
});
const nameErrors = (name: unknown) => {
  const parsed = newCardSchema.safeParse(card(name));
  return parsed.success
    ? []
    : parsed.error.issues.filter((issue) => issue.path.join('.') === 'cardholder_name').map((issue) => issue.message);
};

describe("new card: the cardholder name follows Stripe's rule (up to 24 characters, no numbers or special characters)", () => {
  it('accepts letters and spaces, trimmed', () => {
    expect(nameErrors('Mia Member')).toEqual([]);
    expect(nameErrors('  Jo Ann Van Der Berg  ')).toEqual([]);
    expect(newCardSchema.parse(card(' Mia Member ')).cardholder_name).toBe('Mia Member');
  });

  it.each(['R2D2 Unit', 'Agent 007', "Mia O'Neil", 'Mia-Member', 'P. Shah', 'Zoë Smith', 'Mia@Member', 'Mia_Member'])(
    'refuses %j with the product message',
    (name) => {
      expect(nameErrors(name)).toEqual([CARD_ISSUER_MESSAGES.cardholderNameCharacters]);
    },
  );

  it('keeps the required and length messages', () => {
    expect(nameErrors('')).toEqual([CARD_MESSAGES.cardholderName]);
    expect(nameErrors(undefined)).toEqual([CARD_MESSAGES.cardholderName]);
    expect(nameErrors('A'.repeat(25))).toEqual(['May not be greater than 24 characters.']);
  });
});
