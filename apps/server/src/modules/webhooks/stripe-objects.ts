import type { CardholderStanding, DeclineReason } from '@wallet/contract';
import type { MerchantData, Wallet } from '../authorizations/service.js';

/**
 * The parts of Stripe's objects we read, as plain shapes (Stripe sends more). Amounts are integer cents;
 * issuing transactions carry negative amounts for captures and positive for refunds, reversals the other sign.
 */
export interface StripeMerchantData {
  name?: string | null;
  category?: string | null;
  category_code?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
  url?: string | null;
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
  /** Each request Stripe decided; `reason` says why (spec3.json issuing_authorization_request.reason). */
  request_history?: Array<{ approved?: boolean; reason?: string | null }> | null;
}

/**
 * Our decline code for an authorisation Stripe itself declined, from the reason of its last request: its own
 * checks (the card or cardholder inactive, its funds, the mirrored spending controls) map to ours; the rest (fraud,
 * verification, our webhook's answer lost or late) is the issuer's decline. A spending-controls decline is read
 * against the card's own controls: a blocked or not-allowed category says so, anything else is a limit.
 */
export function declineReasonOfStripe(
  authorization: Pick<StripeAuthorization, 'request_history' | 'merchant_data'>,
  controls: { allowed_categories: readonly string[]; blocked_categories: readonly string[] } | null,
): DeclineReason {
  const history = Array.isArray(authorization.request_history) ? authorization.request_history : [];
  const reason = history.length > 0 ? history[history.length - 1]?.reason : null;
  switch (reason) {
    case 'card_inactive':
      return 'card_inactive';
    case 'cardholder_inactive':
      return 'holder_inactive';
    case 'insufficient_funds':
      return 'insufficient_funds';
    case 'spending_controls': {
      const category = authorization.merchant_data?.category ?? null;
      if (controls && category && controls.blocked_categories.includes(category)) return 'merchant_category_blocked';
      if (controls && controls.allowed_categories.length > 0 && !controls.allowed_categories.includes(category ?? ''))
        return 'merchant_category_not_allowed';
      return 'spending_limit_exceeded';
    }
    default:
      return 'issuer_declined';
  }
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

export interface StripeTopup {
  id: string;
  object: 'topup';
  amount: number;
  status: string;
  failure_message?: string | null;
  metadata?: Record<string, string> | null;
}

const positiveId = (value: unknown) =>
  typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) && Number.isSafeInteger(Number(value))
    ? Number(value)
    : null;

/**
 * A Stripe top-up as the funding module reads it: Stripe's id and, when we created it (POST /v1/topups with metadata
 * org_id and topup_id), our own top-up's id, organisation and amount.
 */
export function topupRefOf(topup: StripeTopup) {
  const orgId = positiveId(topup.metadata?.org_id);
  const topupId = positiveId(topup.metadata?.topup_id);
  const ours =
    orgId !== null && topupId !== null && Number.isSafeInteger(topup.amount)
      ? { orgId, topupId, amount: topup.amount }
      : null;
  return { providerTopupId: String(topup.id), ours };
}

export interface StripeEventShape {
  id: string;
  type: string;
  api_version?: string | null;
  data: { object: Record<string, unknown> };
}

/**
 * What an issuing transaction does to the card, from Stripe's signed amount (ARCHITECTURE.md D7): negative takes money from
 * the card, positive gives it back, whatever the type says. A capture is negative and a refund positive; their
 * reversals (Stripe sends them as transactions of the same type with the other sign) move the money back the other
 * way. So a reversed capture is posted as money back (a refund row), a reversed refund as money spent (a capture
 * row), never as its absolute value in the original direction. Amount in positive cents.
 */
export function movementOf(transaction: Pick<StripeTransaction, 'amount'>): {
  type: 'capture' | 'refund';
  amount: number;
} {
  const { amount } = transaction;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount))
    throw new Error(`issuing transaction amount is not integer cents: ${String(amount)}`);
  return amount <= 0 ? { type: 'capture', amount: -amount } : { type: 'refund', amount };
}

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

export function merchantOf(data: StripeMerchantData | undefined): MerchantData {
  const pick = (value: string | null | undefined) => (typeof value === 'string' ? value.slice(0, 255) : null);
  return {
    name: pick(data?.name),
    category: pick(data?.category),
    category_code: pick(data?.category_code),
    city: pick(data?.city),
    state: pick(data?.state),
    postal_code: pick(data?.postal_code),
    country: pick(data?.country),
    url: pick(data?.url),
  };
}

export function walletOf(value: string | null | undefined): Wallet | null {
  return value === 'apple_pay' || value === 'google_pay' || value === 'samsung_pay' ? value : null;
}

const text = (value: unknown, max: number) => (typeof value === 'string' && value !== '' ? value.slice(0, max) : null);

/** An issuing.card's status as we keep it (issuing_card.updated); null for anything we can't read. */
export function cardStatusOf(
  object: Record<string, unknown>,
): { id: string; status: 'active' | 'inactive' | 'canceled'; cancellationReason: string | null } | null {
  const id = text(object.id, 255);
  const status = object.status;
  if (id === null || (status !== 'active' && status !== 'inactive' && status !== 'canceled')) return null;
  return { id, status, cancellationReason: status === 'canceled' ? text(object.cancellation_reason, 100) : null };
}

/** An issuing.cardholder's status and requirements (issuing_cardholder.updated); null without an id. */
export function cardholderStandingOf(
  object: Record<string, unknown>,
): { id: string; standing: CardholderStanding } | null {
  const id = text(object.id, 255);
  if (id === null) return null;
  const status =
    object.status === 'active' || object.status === 'inactive' || object.status === 'blocked' ? object.status : null;
  const requirements = (
    typeof object.requirements === 'object' && object.requirements !== null ? object.requirements : {}
  ) as Record<string, unknown>;
  const pastDue = Array.isArray(requirements.past_due)
    ? requirements.past_due
        .filter((field): field is string => typeof field === 'string')
        .slice(0, 50)
        .map((field) => field.slice(0, 200))
    : [];
  return { id, standing: { status, disabled_reason: text(requirements.disabled_reason, 100), past_due: pastDue } };
}
