import type { MerchantData, Wallet } from '../authorizations/service.js';

/**
 * The parts of Stripe's objects we read, as plain shapes (Stripe sends more). Amounts are integer cents;
 * issuing transactions carry negative amounts for captures and positive for refunds.
 */
export interface StripeMerchantData {
  name?: string | null; category?: string | null; category_code?: string | null; city?: string | null; state?: string | null;
  postal_code?: string | null; country?: string | null; url?: string | null;
}

export interface StripeAuthorization {
  id: string;
  object: 'issuing.authorization';
  amount: number;
  approved: boolean;
  status: 'pending' | 'closed' | 'reversed' | 'expired';
  card: { id: string } | string;
  created: number;
  merchant_data?: StripeMerchantData;
  wallet?: string | null;
  pending_request?: { amount: number } | null;
}

export interface StripeTransaction {
  id: string;
  object: 'issuing.transaction';
  type: 'capture' | 'refund';
  amount: number;
  authorization: string | { id: string } | null;
  card: string | { id: string };
  created: number;
  merchant_data?: StripeMerchantData;
  wallet?: string | null;
}

export interface StripeEventShape { id: string; type: string; api_version?: string | null; data: { object: Record<string, unknown> } }

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

export function merchantOf(data: StripeMerchantData | undefined): MerchantData {
  const pick = (value: string | null | undefined) => (typeof value === 'string' ? value.slice(0, 255) : null);
  return {
    name: pick(data?.name), category: pick(data?.category), category_code: pick(data?.category_code), city: pick(data?.city),
    state: pick(data?.state), postal_code: pick(data?.postal_code), country: pick(data?.country), url: pick(data?.url),
  };
}

export function walletOf(value: string | null | undefined): Wallet | null {
  return value === 'apple_pay' || value === 'google_pay' || value === 'samsung_pay' ? value : null;
}
