import type { CardResource, HoldResource } from '@wallet/contract';
import type { CardRow } from './repo.js';

export interface HoldRow {
  id: number;
  card_id: number;
  status: string;
  amount: number;
  merchant_data: Record<string, string | null>;
  wallet: string | null;
  created_at: Date;
  stripe_created: number;
}

export function presentHold(hold: HoldRow): HoldResource {
  return {
    id: hold.id,
    status: hold.status,
    amount: hold.amount,
    merchant_data: hold.merchant_data,
    wallet: hold.wallet,
    created_at: hold.created_at.toISOString(),
    stripe_created: hold.stripe_created,
  };
}

export function presentCard(
  card: CardRow,
  extras: {
    holdsAmount: number;
    stripeCardholderId: string;
    issuerSync: CardResource['issuer_sync'];
    user?: CardResource['user'];
    holds?: HoldRow[];
  },
): CardResource {
  return {
    id: card.id,
    name: card.name,
    brand: card.brand,
    type: card.type,
    status: card.status,
    cancellation_reason: card.cancellation_reason,
    canceled_at: card.canceled_at?.toISOString() ?? null,
    last4: card.last4,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    spending_limit: card.spending_limit,
    issuing_holds_amount: extras.holdsAmount,
    available_to_spend: card.spending_limit - extras.holdsAmount,
    user_id: card.user_id,
    stripe_cardholder_id: extras.stripeCardholderId,
    stripe_card_id: card.provider === 'stripe' ? card.provider_card_id : null,
    shipping: card.shipping,
    last_used_at: card.last_used_at?.toISOString() ?? null,
    created_at: card.created_at.toISOString(),
    issuer_sync: extras.issuerSync,
    ...(extras.user && { user: extras.user }),
    ...(extras.holds && { pending_issuing_authorization_holds: extras.holds.map(presentHold) }),
  };
}
