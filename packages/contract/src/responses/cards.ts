import { z } from 'zod';
import {
  CARD_STATUSES,
  CARD_TYPES,
  ISSUER_SYNC_STATES,
  TOPUP_STATUSES,
  type CardResource,
  type FundCardsResponse,
  type HoldResource,
  type StatementLine,
  type StatementMonth,
  type TopupResource,
} from '../cards.js';
import type { EphemeralKeyResource } from '../card-issuer.js';
import { SPENDING_LIMIT_INTERVALS, type SpendingControls, type SpendingUsage } from '../card-controls.js';
import type { CardholderStanding } from '../issuer-changes.js';
import { dataOf, dataWithMessageOf, pageOf } from './common.js';
import { personSchema } from './users.js';

/** Merchant details as the issuer sent them (name, category, city...), each possibly null. */
export const merchantDataSchema = z.record(z.string(), z.string().nullable());

export const holdResourceSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  amount: z.number().int(),
  merchant_data: merchantDataSchema,
  wallet: z.string().nullable(),
  created_at: z.string(),
  stripe_created: z.number().int(),
}) satisfies z.ZodType<HoldResource>;

/** A postal address as stored. */
export const addressSchema = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
});

export const cardShippingSchema = z.object({
  service: z.enum(['standard', 'express', 'priority']),
  name: z.string(),
  address: addressSchema,
});

/** A card's spending controls as stored (contract spendingControlsSchema's output). */
export const spendingControlsResourceSchema = z.object({
  spending_limits: z.array(z.object({ amount: z.number().int(), interval: z.enum(SPENDING_LIMIT_INTERVALS) })),
  allowed_categories: z.array(z.string()),
  blocked_categories: z.array(z.string()),
}) satisfies z.ZodType<SpendingControls>;

export const spendingUsageSchema = z.object({
  interval: z.enum(SPENDING_LIMIT_INTERVALS),
  limit: z.number().int(),
  spent: z.number().int(),
  left: z.number().int(),
  resets_on: z.string().nullable(),
}) satisfies z.ZodType<SpendingUsage>;

export const cardResourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  type: z.enum(CARD_TYPES),
  status: z.enum(CARD_STATUSES),
  cancellation_reason: z.string().nullable(),
  canceled_at: z.string().nullable(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  spending_limit: z.number().int(),
  issuing_holds_amount: z.number().int(),
  available_to_spend: z.number().int(),
  user_id: z.number().int(),
  user: personSchema.optional(),
  pending_issuing_authorization_holds: z.array(holdResourceSchema).optional(),
  stripe_cardholder_id: z.string(),
  stripe_card_id: z.string().nullable().optional(),
  // CardResource types it unknown (the web only passes it on); documented with its stored shape.
  shipping: cardShippingSchema.nullable() as z.ZodType<unknown>,
  last_used_at: z.string().nullable(),
  created_at: z.string(),
  issuer_sync: z.object({ state: z.enum(ISSUER_SYNC_STATES), error: z.string().nullable() }),
  nickname: z.string().nullable(),
  purpose: z.string().nullable(),
  merchant_lock: z.string().nullable(),
  allocation_expires_on: z.string().nullable(),
  low_balance_threshold: z.number().int().nullable(),
  /** The receipt policy deactivated it; it reactivates itself when its missing receipts arrive (issue 21.4). */
  held_for_receipts: z.boolean(),
  spending_controls: spendingControlsResourceSchema,
  spending_usage: z.array(spendingUsageSchema).optional(),
  spent_last_30_days: z.number().int().optional(),
}) satisfies z.ZodType<CardResource>;

export const cardsPageSchema = pageOf(cardResourceSchema);
export const cardItemSchema = dataOf(cardResourceSchema);
export const cardChangedSchema = dataWithMessageOf(cardResourceSchema);
export const fundCardsResponseSchema = z.object({
  data: z.array(cardResourceSchema),
  message: z.string(),
  meta: z.object({ funded: z.number().int() }),
}) satisfies z.ZodType<FundCardsResponse>;

/** GET /api/cards/{id}/details: the number and CVC (the simulator's only; Stripe shows them through Elements). */
export const cardDetailsItemSchema = dataOf(
  z.object({
    id: z.number().int(),
    number: z.string(),
    cvc: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
  }),
);

export const ephemeralKeyItemSchema = dataOf(
  z.object({
    issuing_card: z.string(),
    secret: z.string(),
    expires: z.number().int(),
  }) satisfies z.ZodType<EphemeralKeyResource>,
);

/** GET /api/users/{id}/cards/analytics: what a user's cards hold. */
export const userCardTotalsItemSchema = dataOf(
  z.object({
    cards_count: z.number().int(),
    cards_sum_spending_limit: z.number().int(),
    issuing_authorization_holds_sum_amount: z.number().int(),
    available_to_spend: z.number().int(),
  }),
);

export const cardholderStandingSchema = z.object({
  status: z.enum(['active', 'inactive', 'blocked']).nullable(),
  disabled_reason: z.string().nullable(),
  past_due: z.array(z.string()),
}) satisfies z.ZodType<CardholderStanding>;

/** GET /api/users/{id}/cardholder: the person at the issuer, null before their first card. */
export const cardholderItemSchema = dataOf(
  z
    .object({
      id: z.number().int(),
      stripe_cardholder_id: z.string(),
      issuer_standing: cardholderStandingSchema,
      stripe_cardholder_details: z.object({
        name: z.string(),
        individual: z.object({ first_name: z.string(), last_name: z.string() }),
        billing: z.object({ name: z.string(), address: addressSchema }),
      }),
    })
    .nullable(),
);

export const termsAcceptedSchema = dataWithMessageOf(z.object({ accepted_at: z.string() }));

export const topupResourceSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  description: z.string(),
  status: z.enum(TOPUP_STATUSES),
  created_at: z.string(),
  settled_at: z.string().nullable(),
  failure_message: z.string().nullable(),
  reversed_at: z.string().nullable(),
}) satisfies z.ZodType<TopupResource>;

export const statementLineSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  type: z.string(),
  description: z.string().nullable(),
  card_id: z.number().int().nullable(),
  card: z.object({ id: z.number().int(), name: z.string(), last4: z.string() }).nullable(),
  amount: z.number().int(),
  balance: z.number().int(),
}) satisfies z.ZodType<StatementLine>;

export const statementMonthSchema = z.object({
  month: z.string(),
  opening: z.number().int(),
  in: z.number().int(),
  out: z.number().int(),
  closing: z.number().int(),
  lines: z.array(statementLineSchema),
}) satisfies z.ZodType<StatementMonth>;

export const topupChangedSchema = dataWithMessageOf(topupResourceSchema);
export const topupsPageSchema = pageOf(topupResourceSchema);
/** GET /api/balance: the organisation's funds not given to any card. */
export const balanceItemSchema = dataOf(z.object({ available: z.number().int() }));
/** GET /api/dashboard/kpi: funds available, net spend of the last 30 days, and what the cards hold. */
export const dashboardKpiItemSchema = dataOf(
  z.object({ issuing_available: z.number().int(), last_30_spend: z.number().int(), assigned_out: z.number().int() }),
);
export const statementItemSchema = dataOf(z.array(statementMonthSchema));
