import { TERMS_EXEMPT_BEFORE, type CardResource } from '@wallet/contract';

/** The card number as it shows while hidden: only the last four digits. */
export function maskedCardNumber(last4: string): string {
  return `•••• •••• •••• ${last4}`;
}

/** A full card number in groups of four, e.g. "4242 4242 4242 4242". */
export function groupedCardNumber(number: string): string {
  return number.replace(/\D/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** Expiry as printed on a card, e.g. "04/29". */
export function cardExpiry(card: Pick<CardResource, 'exp_month' | 'exp_year'>): string {
  return `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`;
}

/** PRODUCT.md §9: available to spend = spending_limit - issuing_holds_amount (cents). */
export function availableToSpend(card: Pick<CardResource, 'spending_limit' | 'issuing_holds_amount'>): number {
  return card.spending_limit - card.issuing_holds_amount;
}

/** PRODUCT.md §4: a holder created on or after 2023-06-01 without accepted issuing terms can't have a card activated. */
export function holderNeedsTermsAcceptance(holder: {
  created_at: string;
  issuing_tos_acceptance: { accepted_at: string | null };
}): boolean {
  return (
    !holder.issuing_tos_acceptance.accepted_at &&
    new Date(holder.created_at).getTime() >= new Date(TERMS_EXEMPT_BEFORE).getTime()
  );
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
