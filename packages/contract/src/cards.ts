import { z } from 'zod';
import { cardholderNameField } from './card-issuer.js';
import { idSchema, MAX_STRING_LENGTH } from './fields.js';
import { formatCents, MAX_AMOUNT_CENTS } from './money.js';
import {
  cardIdentityFields,
  checkAllocationExpiry,
  spendingControlsSchema,
  type SpendingControls,
  type SpendingUsage,
} from './card-controls.js';

export const CARD_MESSAGES = {
  added: 'Added',
  balanceUpdated: 'Card Balance Updated',
  statusUpdated: 'Card Status Updated',
  /** The card page while the issuer has not yet been told of the last change (the issuer outbox). */
  issuerSyncing: 'Syncing with issuer',
  issuerSyncingHelp: 'The card issuer is being told of the last change. Purchases already follow it.',
  issuerSyncFailed: 'Issuer refused the last change',
  amountInvalid: "'amount' is not a valid number",
  userRequired: 'Please select a user',
  legalFirstName: 'Please enter the legal first name',
  legalLastName: 'Please enter the legal last name',
  cardholderName: 'Please enter the cardholder name',
  billingLine1: 'Please enter the billing address line 1',
  billingCity: 'Please enter the billing city',
  billingState: 'Please enter the billing state',
  billingPostal: 'Please enter the billing postal code',
  shippingMethod: 'Please choose a shipping method',
  shippingName: 'Please enter a shipping name',
  shippingLine1: 'Please enter the shipping address line 1',
  shippingCity: 'Please enter the shipping city',
  shippingState: 'Please enter the shipping state',
  shippingPostal: 'Please enter the shipping postal code',
  descriptionRequired: 'Please enter a description',
  insufficientFunds:
    "The organisation's unallocated funds can't cover this. Add funds in Account Settings → Account Funding first.",
  belowPendingHolds: "The spending limit can't be lower than what the card has on hold for pending purchases.",
  holderNotWalletUser: 'Cards can be issued only to members with the wallet-user role.',
  termsNotAccepted: "This card can't be activated until its holder accepts the Issuing Terms of Service.",
  termsAccepted: 'Issuing Terms of Service accepted!',
  noCardholder: 'You are not a cardholder yet.',
  passwordConfirmRequired: 'Password confirmation required.',
  passwordWrong: 'The provided password is incorrect.',
  fundsAdded: 'Funds Added',
  orgBillingComingSoon: 'Use organisation billing address (coming soon)',
  /** POST /api/cards/fund (Fund Card(s)). */
  cardsRequired: 'Please select at least one card',
  tooManyCards: 'Up to 200 cards can be funded at once.',
  duplicateCards: 'Each card may be listed only once.',
  multiFundFailed: 'No card was funded.',
} as const;

/** Fund Card(s) succeeded: what the notification says under CARD_MESSAGES.balanceUpdated. */
export function multiFundDoneText(amountCents: number, cards: number): string {
  return `${formatCents(amountCents)} added to each of ${cards} card(s).`;
}

/**
 * Fund Card on one card: Add (POST /api/cards/fund with that card: the server adds to the limit as it then is) or
 * Set to (PUT /api/cards/{id}/balance: the absolute amount, PRODUCT.md §7).
 */
export const FUND_CARD_MODES = ['add', 'set'] as const;
export type FundCardMode = (typeof FUND_CARD_MODES)[number];
export const FUND_CARD_TEXTS = {
  modes: { add: 'Add', set: 'Set to' },
  modeLabel: 'How to fund',
  amountLabel: { add: 'Amount to add', set: 'Amount available to spend' },
  newAvailable: (cents: number) => `New available to spend: ${formatCents(cents)}`,
  newLimit: (cents: number) => `New spending limit: ${formatCents(cents)} (includes pending holds)`,
  done: (availableCents: number) => `Available to spend is now ${formatCents(availableCents)}.`,
} as const;

export const CARD_TYPES = ['virtual', 'physical'] as const;
/** PRODUCT.md §4's active and inactive, and 'canceled' (terminal: lost, stolen or expired at the issuer; ARCHITECTURE.md D7). */
export const CARD_STATUSES = ['active', 'inactive', 'canceled'] as const;
/** What PUT /api/cards/{id}/status may set: only the issuer cancels a card. */
export const SETTABLE_CARD_STATUSES = ['active', 'inactive'] as const;
export const SHIPPING_SERVICES = ['standard', 'express', 'priority'] as const;

/** An amount in integer cents (the API never takes dollars). */
export function centsField(min: number) {
  return z
    .number({ error: CARD_MESSAGES.amountInvalid })
    .int(CARD_MESSAGES.amountInvalid)
    .min(min, CARD_MESSAGES.amountInvalid)
    .max(MAX_AMOUNT_CENTS, CARD_MESSAGES.amountInvalid);
}

const required = (message: string, max = MAX_STRING_LENGTH) =>
  z.string({ error: message }).trim().min(1, message).max(max, `May not be greater than ${max} characters.`);
const optional = (max = MAX_STRING_LENGTH) =>
  z
    .string()
    .trim()
    .max(max, `May not be greater than ${max} characters.`)
    .nullish()
    .transform((value) => value || null);

export const billingSchema = z.object({
  line1: required(CARD_MESSAGES.billingLine1),
  line2: optional(),
  city: required(CARD_MESSAGES.billingCity),
  state: required(CARD_MESSAGES.billingState),
  postal_code: required(CARD_MESSAGES.billingPostal, 20),
  country: z.literal('US').default('US'),
});

export const shippingSchema = z.object({
  service: z.enum(SHIPPING_SERVICES, { error: CARD_MESSAGES.shippingMethod }).default('standard'),
  name: required(CARD_MESSAGES.shippingName),
  line1: required(CARD_MESSAGES.shippingLine1),
  line2: optional(),
  city: required(CARD_MESSAGES.shippingCity),
  state: required(CARD_MESSAGES.shippingState),
  postal_code: required(CARD_MESSAGES.shippingPostal, 20),
  country: z.literal('US').default('US'),
});

/** PRODUCT.md §5 new card. Physical cards need shipping. */
export const newCardSchema = z
  .object({
    user_id: idSchema.refine(Boolean, CARD_MESSAGES.userRequired),
    type: z.enum(CARD_TYPES).default('virtual'),
    legal_first_name: required(CARD_MESSAGES.legalFirstName),
    legal_last_name: required(CARD_MESSAGES.legalLastName),
    cardholder_name: cardholderNameField(CARD_MESSAGES.cardholderName),
    billing: billingSchema,
    shipping: shippingSchema.nullish(),
    /** Issue 20: the card's controls (Card Settings' defaults when omitted) and identity. */
    spending_controls: spendingControlsSchema.optional(),
    ...cardIdentityFields,
  })
  .superRefine((card, ctx) => {
    if (card.type === 'physical' && !card.shipping)
      ctx.addIssue({ code: 'custom', path: ['shipping', 'service'], message: CARD_MESSAGES.shippingMethod });
    checkAllocationExpiry(card, ctx);
  });
export type NewCardInput = z.infer<typeof newCardSchema>;

export const cardStatusSchema = z.object({
  status: z.enum(SETTABLE_CARD_STATUSES, { error: "The status must be 'active' or 'inactive'." }),
});

const description = required(CARD_MESSAGES.descriptionRequired);

/** PUT /api/cards/{id}/balance: the new spending limit in cents (PRODUCT.md §7). */
export const fundCardSchema = z.object({ amount: centsField(0), description });
/** Most cards one Fund Card(s) may name. */
export const MAX_CARDS_PER_FUNDING = 200;
/**
 * POST /api/cards/fund: adds `amount` cents to each listed card's spending limit, all or none (PRODUCT.md §5 multi-card
 * fund: at least 0.01, the description applied to each card).
 */
export const fundCardsSchema = z.object({
  card_ids: z
    .array(idSchema, { error: CARD_MESSAGES.cardsRequired })
    .min(1, CARD_MESSAGES.cardsRequired)
    .max(MAX_CARDS_PER_FUNDING, CARD_MESSAGES.tooManyCards)
    .refine((ids) => new Set(ids).size === ids.length, CARD_MESSAGES.duplicateCards),
  amount: centsField(1),
  description,
});
export type FundCardsInput = z.infer<typeof fundCardsSchema>;
/** Account Funding -> Add Funds. */
export const topupSchema = z.object({ amount: centsField(1), description });

/**
 * A top-up: pending until the issuer says it succeeded (the simulator settles at once), or failed; reversed when the
 * issuer took it back (after it succeeded: the money was taken out of the funds again).
 */
export const TOPUP_STATUSES = ['pending', 'succeeded', 'failed', 'reversed'] as const;
export interface TopupResource {
  id: number;
  amount: number;
  description: string;
  status: (typeof TOPUP_STATUSES)[number];
  created_at: string;
  settled_at: string | null;
  /** Why the card issuer refused it (failed top-ups only), in the issuer's words. */
  failure_message: string | null;
  /** When the issuer took it back (reversed top-ups only). */
  reversed_at: string | null;
}

/** One movement of the organisation's unallocated funds in a statement (GET /api/statements). */
export interface StatementLine {
  id: number;
  /** ISO instant. */
  date: string;
  /** 'Top-up', 'Card funding' or 'Card defunding'. */
  type: string;
  description: string | null;
  card_id: number | null;
  /** The card of a card funding, in brief; null for top-ups. */
  card: { id: number; name: string; last4: string } | null;
  /** Cents: positive into the funds, negative out of them. */
  amount: number;
  /** The funds' balance after this movement. */
  balance: number;
}

/** A month (YYYY-MM, UTC) of the statement: opening, money in, money out, closing, and its movements oldest first. */
export interface StatementMonth {
  month: string;
  opening: number;
  in: number;
  out: number;
  closing: number;
  lines: StatementLine[];
}
export const confirmPasswordSchema = z.object({
  password: z.string({ error: 'Please enter your password!' }).min(1, 'Please enter your password!'),
});
export const termsAcceptanceSchema = z.object({ issuer: z.string().max(50).default('stripe') });

/** How long a password confirmation unlocks sensitive card data (ARCHITECTURE.md D5). */
export const PASSWORD_CONFIRMATION_SECONDS = 3 * 60 * 60;
/** Users created before this day are exempt from the terms warning (PRODUCT.md §4). */
export const TERMS_EXEMPT_BEFORE = '2023-06-01T00:00:00Z';

export interface HoldResource {
  id: number;
  status: string;
  amount: number;
  merchant_data: Record<string, string | null>;
  wallet: string | null;
  created_at: string;
  stripe_created: number;
}

export interface CardResource {
  id: number;
  name: string;
  brand: string;
  type: (typeof CARD_TYPES)[number];
  status: (typeof CARD_STATUSES)[number];
  /** A canceled card: the issuer's reason (Stripe: lost, stolen, design_rejected; null when it gave none) and when. */
  cancellation_reason: string | null;
  canceled_at: string | null;
  last4: string;
  exp_month: number;
  exp_year: number;
  spending_limit: number;
  issuing_holds_amount: number;
  /** spending_limit - issuing_holds_amount (PRODUCT.md §9); negative after an over-capture. */
  available_to_spend: number;
  user_id: number;
  user?: { id: number; name: string; email: string; avatar_url: string | null };
  pending_issuing_authorization_holds?: HoldResource[];
  stripe_cardholder_id: string;
  /** The card's id at Stripe (ic_...), which Stripe.js's Issuing Elements need; null with the simulator. */
  stripe_card_id?: string | null;
  shipping: unknown;
  last_used_at: string | null;
  created_at: string;
  /**
   * Whether the card issuer has this card's current status and limit yet (the issuer outbox): 'syncing' until it
   * does, 'failed' when it refused the last change (with its reason). Our own decisions apply every change at once.
   */
  issuer_sync: { state: (typeof ISSUER_SYNC_STATES)[number]; error: string | null };
  /** Issue 20: the card's identity (nickname and purpose shown wherever it is listed) and controls. */
  nickname: string | null;
  purpose: string | null;
  merchant_lock: string | null;
  /** YYYY-MM-DD: on this day (UTC) what is left on the card returns to the organisation. */
  allocation_expires_on: string | null;
  /** Cents: the holder hears when available to spend falls below it; null: off. */
  low_balance_threshold: number | null;
  /** The receipt policy deactivated it; it reactivates itself when its missing receipts arrive (issue 21.4). */
  held_for_receipts: boolean;
  spending_controls: SpendingControls;
  /** A single card's answer only (GET /api/cards/{id} and its changes): each limit's use in its current window. */
  spending_usage?: SpendingUsage[];
  /** Lists asked for append=spent_last_30_days: cents spent (captures less refunds) in the last CARD_SPENT_DAYS days. */
  spent_last_30_days?: number;
}

/** The days of a card's recent spend (append=spent_last_30_days; the dashboard's Recently Used Card). */
export const CARD_SPENT_DAYS = 30;
/** What GET /api/cards and /api/users/{id}/cards may append to each card. */
export const CARD_APPENDS = ['spent_last_30_days'] as const;

/** POST /api/cards/fund answers the listed cards as they are now; a retry with the same key answers the same. */
export interface FundCardsResponse {
  data: CardResource[];
  message: string;
  meta: { funded: number };
}

export const ISSUER_SYNC_STATES = ['synced', 'syncing', 'failed'] as const;
