import type { Me } from '@wallet/contract';

/** PRODUCT.md §2: a cardholder with no acceptance time must accept the issuing terms before using the app. */
export function mustAcceptIssuingTerms(me: Pick<Me, 'stripe_cardholder_id' | 'issuing_tos_acceptance'>): boolean {
  return Boolean(me.stripe_cardholder_id) && !me.issuing_tos_acceptance.accepted_at;
}
