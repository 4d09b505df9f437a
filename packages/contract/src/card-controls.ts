import { z } from 'zod';
import { calendarDateSchema } from './dates.js';
import { MERCHANT_CATEGORY_NAMES } from './merchant-categories.js';
import { formatCents, MAX_AMOUNT_CENTS } from './money.js';

/**
 * A card's spending controls (issue 20 points 1-4), shaped like Stripe Issuing's `spending_controls` so the issuer
 * outbox can mirror them as they are. Our own real-time decision enforces every one of them, with any issuer.
 */

/**
 * Stripe's intervals except all_time (the card's spending limit, what an admin funds, is the all-time one). Windows
 * start, in UTC, at midnight (daily), Sunday (weekly), the 1st (monthly) and 1 January (yearly), as Stripe's do.
 */
export const SPENDING_LIMIT_INTERVALS = ['per_authorization', 'daily', 'weekly', 'monthly', 'yearly'] as const;
export type SpendingLimitInterval = (typeof SPENDING_LIMIT_INTERVALS)[number];
/** The intervals counted over a window of time (per_authorization looks at one purchase alone). */
export type SpendingWindowInterval = Exclude<SpendingLimitInterval, 'per_authorization'>;

export const SPENDING_LIMIT_INTERVAL_LABELS: Record<SpendingLimitInterval, string> = {
  per_authorization: 'Per purchase',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

/** Every merchant category Stripe names (spec3.json's category enum), the keys of MERCHANT_CATEGORY_NAMES. */
export const MERCHANT_CATEGORY_KEYS = Object.keys(MERCHANT_CATEGORY_NAMES) as readonly string[];
const MERCHANT_CATEGORY_KEY_SET = new Set(MERCHANT_CATEGORY_KEYS);

export const CARD_CONTROL_MESSAGES = {
  limitAmount: 'Enter a limit of at least $0.01.',
  limitInterval: 'Choose per purchase, daily, weekly, monthly or yearly.',
  duplicateInterval: 'Each interval may have one limit only.',
  unknownCategory: 'Choose categories from the list.',
  allowedAndBlocked: 'Choose allowed categories or blocked categories, not both.',
  tooManyCategories: 'At most 100 categories.',
  nicknameTooLong: 'May not be greater than 60 characters.',
  purposeTooLong: 'May not be greater than 200 characters.',
  merchantLockTooLong: 'May not be greater than 100 characters.',
  expiryNotFuture: 'Choose a date after today.',
  controlsUpdated: 'Spending controls updated',
  detailsUpdated: 'Card details updated',
  lowBalanceAlertSaved: 'Low-balance alert saved',
  lowBalanceThresholdInvalid: 'Enter an amount of at least $0.01, or leave it empty.',
} as const;

const categoryList = z
  .array(
    z.string().refine((key) => MERCHANT_CATEGORY_KEY_SET.has(key), CARD_CONTROL_MESSAGES.unknownCategory),
    { error: CARD_CONTROL_MESSAGES.unknownCategory },
  )
  .max(100, CARD_CONTROL_MESSAGES.tooManyCategories)
  .nullish()
  // Stripe's null (no list) and [] mean the same: no such rule. We keep [].
  .transform((list) => [...new Set(list ?? [])]);

export const spendingLimitSchema = z.object({
  amount: z
    .number({ error: CARD_CONTROL_MESSAGES.limitAmount })
    .int(CARD_CONTROL_MESSAGES.limitAmount)
    .min(1, CARD_CONTROL_MESSAGES.limitAmount)
    .max(MAX_AMOUNT_CENTS, CARD_CONTROL_MESSAGES.limitAmount),
  interval: z.enum(SPENDING_LIMIT_INTERVALS, { error: CARD_CONTROL_MESSAGES.limitInterval }),
});
export type SpendingLimit = z.infer<typeof spendingLimitSchema>;

/**
 * PUT /api/cards/{id}/spending-controls, `spending_controls` on POST /api/cards and in Card Settings' defaults.
 * At most one limit per interval; allowed and blocked categories together are a 422 (on allowed_categories).
 */
export const spendingControlsSchema = z
  .object({
    spending_limits: z
      .array(spendingLimitSchema)
      .max(SPENDING_LIMIT_INTERVALS.length, CARD_CONTROL_MESSAGES.duplicateInterval)
      .nullish()
      .transform((limits) => limits ?? []),
    allowed_categories: categoryList,
    blocked_categories: categoryList,
  })
  .superRefine((controls, ctx) => {
    const seen = new Set<string>();
    controls.spending_limits.forEach((limit, index) => {
      if (seen.has(limit.interval))
        ctx.addIssue({
          code: 'custom',
          path: ['spending_limits', index, 'interval'],
          message: CARD_CONTROL_MESSAGES.duplicateInterval,
        });
      seen.add(limit.interval);
    });
    if (controls.allowed_categories.length > 0 && controls.blocked_categories.length > 0)
      ctx.addIssue({ code: 'custom', path: ['allowed_categories'], message: CARD_CONTROL_MESSAGES.allowedAndBlocked });
  });
export type SpendingControls = z.output<typeof spendingControlsSchema>;
export type SpendingControlsInput = z.input<typeof spendingControlsSchema>;

export const NO_SPENDING_CONTROLS: SpendingControls = {
  spending_limits: [],
  allowed_categories: [],
  blocked_categories: [],
};

// ---------------------------------------------------------------------------------------------------------------
// Card identity (point 4): a nickname and purpose on every card, an optional merchant lock and allocation expiry.

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || null);

/** The identity fields POST /api/cards takes and PATCH /api/cards/{id} changes (only the fields present change). */
export const cardIdentityFields = {
  nickname: optionalText(60, CARD_CONTROL_MESSAGES.nicknameTooLong),
  purpose: optionalText(200, CARD_CONTROL_MESSAGES.purposeTooLong),
  /** Only purchases whose merchant name contains this (case-insensitive) are approved. */
  merchant_lock: optionalText(100, CARD_CONTROL_MESSAGES.merchantLockTooLong),
  /** On this day (UTC) the card's remaining limit returns to the organisation and the card is deactivated. */
  allocation_expires_on: calendarDateSchema.nullish().transform((value) => value ?? null),
};

/** An allocation expiry must be after today (UTC): a 422 on allocation_expires_on (PATCH and POST /api/cards). */
export function checkAllocationExpiry(fields: { allocation_expires_on?: string | null }, ctx: z.RefinementCtx): void {
  if (fields.allocation_expires_on && fields.allocation_expires_on <= new Date().toISOString().slice(0, 10))
    ctx.addIssue({ code: 'custom', path: ['allocation_expires_on'], message: CARD_CONTROL_MESSAGES.expiryNotFuture });
}

/** PATCH /api/cards/{id}: the fields present change; an expiry must be after today (UTC). */
export const cardIdentitySchema = z.object(cardIdentityFields).partial().superRefine(checkAllocationExpiry);
export type CardIdentityInput = z.input<typeof cardIdentitySchema>;

/** PUT /api/cards/{id}/low-balance-alert (the holder or an admin): cents below which the holder hears; null: off. */
export const lowBalanceAlertSchema = z.object({
  threshold: z
    .number({ error: CARD_CONTROL_MESSAGES.lowBalanceThresholdInvalid })
    .int(CARD_CONTROL_MESSAGES.lowBalanceThresholdInvalid)
    .min(1, CARD_CONTROL_MESSAGES.lowBalanceThresholdInvalid)
    .max(MAX_AMOUNT_CENTS, CARD_CONTROL_MESSAGES.lowBalanceThresholdInvalid)
    .nullable(),
});
export type LowBalanceAlertInput = z.input<typeof lowBalanceAlertSchema>;

/** One limit of a card as GET /api/cards/{id} answers it (spending_usage): what its current window spent and left. */
export interface SpendingUsage {
  interval: SpendingLimitInterval;
  limit: number;
  spent: number;
  left: number;
  /** The first day of the next window (YYYY-MM-DD); null for per_authorization. */
  resets_on: string | null;
}

/** How a card is named wherever it is listed: its nickname, else the card's name (e.g. "Jordan's Virtual Card"). */
export function cardDisplayName(card: { nickname?: string | null; name: string }): string {
  return card.nickname || card.name;
}

// ---------------------------------------------------------------------------------------------------------------
// Spending windows: the same arithmetic on both sides (the server's SQL is held equal to it by a test).

/** The first day (YYYY-MM-DD, UTC) of the window holding `at`. */
export function spendingWindowStart(interval: SpendingWindowInterval, at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  if (interval === 'weekly') day.setUTCDate(day.getUTCDate() - day.getUTCDay());
  if (interval === 'monthly') day.setUTCDate(1);
  if (interval === 'yearly') day.setUTCMonth(0, 1);
  return day.toISOString().slice(0, 10);
}

/** The first day of the next window (the day the limit is whole again). */
export function spendingWindowEnd(interval: SpendingWindowInterval, at: Date): string {
  const start = new Date(`${spendingWindowStart(interval, at)}T00:00:00Z`);
  if (interval === 'daily') start.setUTCDate(start.getUTCDate() + 1);
  if (interval === 'weekly') start.setUTCDate(start.getUTCDate() + 7);
  if (interval === 'monthly') start.setUTCMonth(start.getUTCMonth() + 1);
  if (interval === 'yearly') start.setUTCFullYear(start.getUTCFullYear() + 1);
  return start.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------------------
// Declines (point 6): a code on every declined authorisation, and a sentence a cardholder understands.

export const DECLINE_REASONS = [
  'card_not_found',
  'card_inactive',
  'card_canceled',
  'holder_inactive',
  'cardholder_terms_not_accepted',
  'invalid_amount',
  'insufficient_funds',
  'spending_limit_exceeded',
  'merchant_category_blocked',
  'merchant_category_not_allowed',
  'merchant_not_allowed',
  'allocation_expired',
  /** The issuer declined it on its own (fraud checks, verification, our answer lost or late). */
  'issuer_declined',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export const DECLINE_REASON_LABELS: Record<DeclineReason, string> = {
  card_not_found: 'Card not recognised',
  card_inactive: 'Card inactive',
  card_canceled: 'Card canceled',
  holder_inactive: 'Cardholder inactive',
  cardholder_terms_not_accepted: 'Terms not accepted',
  invalid_amount: 'Invalid amount',
  insufficient_funds: 'Insufficient funds',
  spending_limit_exceeded: 'Spending limit exceeded',
  merchant_category_blocked: 'Category blocked',
  merchant_category_not_allowed: 'Category not allowed',
  merchant_not_allowed: 'Merchant not allowed',
  allocation_expired: 'Allocation expired',
  issuer_declined: 'Declined by the issuer',
};

/**
 * What the decision knew when it declined, kept with the decline (authorization_holds.decline_detail) so the sentence
 * reads the same later: the limit and what was left of it, the window's end, the category or merchant.
 */
export const declineDetailSchema = z.object({
  interval: z.enum(SPENDING_LIMIT_INTERVALS).optional(),
  limit: z.number().int().optional(),
  /** Cents still available (of the limit in its window, or of the card for insufficient_funds). */
  left: z.number().int().optional(),
  /** The first day of the next window (YYYY-MM-DD). */
  resets_on: z.string().optional(),
  category: z.string().nullable().optional(),
  merchant: z.string().nullable().optional(),
  merchant_lock: z.string().optional(),
  expired_on: z.string().optional(),
});
export type DeclineDetail = z.infer<typeof declineDetailSchema>;

/** "1 December" from "2026-12-01" (the year only when it is not the decline's year). */
function dayName(isoDay: string, relativeTo?: Date): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  const sameYear = !relativeTo || relativeTo.getUTCFullYear() === date.getUTCFullYear();
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
}

const intervalWord: Record<SpendingLimitInterval, string> = {
  per_authorization: 'per-purchase',
  daily: 'daily',
  weekly: 'weekly',
  monthly: 'monthly',
  yearly: 'yearly',
};

/**
 * The sentence a cardholder reads for a decline, e.g. "Your monthly limit of $500.00 on •••• 4242 would be exceeded;
 * $120.50 is left until 1 December." Used by the card page, the dashboard, the notification and the mail.
 */
export function declineSentence(
  reason: DeclineReason | string,
  detail: DeclineDetail | null | undefined,
  card: { last4: string },
  declinedAt?: Date,
): string {
  const onCard = `•••• ${card.last4}`;
  const d = detail ?? {};
  const category = (key: string | null | undefined) =>
    key ? (MERCHANT_CATEGORY_NAMES[key] ?? key) : 'this merchant’s category';
  switch (reason) {
    case 'card_not_found':
      return 'The card was not recognised.';
    case 'card_inactive':
      return `${onCard} is not active. Ask an admin to activate it.`;
    case 'card_canceled':
      return `${onCard} has been canceled and can no longer be used.`;
    case 'holder_inactive':
      return `The holder of ${onCard} no longer has access to the wallet.`;
    case 'cardholder_terms_not_accepted':
      return `Accept the Issuing Terms of Service before using ${onCard}.`;
    case 'invalid_amount':
      return 'The amount was not valid.';
    case 'insufficient_funds':
      return d.left !== undefined
        ? `${onCard} has ${formatCents(Math.max(0, d.left))} available to spend, less than this purchase.`
        : `${onCard} did not have enough available to spend.`;
    case 'spending_limit_exceeded': {
      if (!d.interval || d.limit === undefined) return `A spending limit on ${onCard} would be exceeded.`;
      if (d.interval === 'per_authorization')
        return `Purchases on ${onCard} are limited to ${formatCents(d.limit)} each.`;
      const left = d.left === undefined ? '' : `; ${formatCents(Math.max(0, d.left))} is left`;
      const until = d.resets_on ? ` until ${dayName(d.resets_on, declinedAt)}` : '';
      return `Your ${intervalWord[d.interval]} limit of ${formatCents(d.limit)} on ${onCard} would be exceeded${left}${left ? until : ''}.`;
    }
    case 'merchant_category_blocked':
      return `${category(d.category)} purchases are blocked on ${onCard}.`;
    case 'merchant_category_not_allowed':
      return `${onCard} can be used only in its allowed categories; ${category(d.category)} is not one of them.`;
    case 'merchant_not_allowed':
      return d.merchant_lock
        ? `${onCard} can be used only at ${d.merchant_lock}.`
        : `${onCard} can't be used at this merchant.`;
    case 'allocation_expired':
      return d.expired_on
        ? `The money on ${onCard} returned to the organisation on ${dayName(d.expired_on, declinedAt)}.`
        : `The money on ${onCard} has returned to the organisation.`;
    case 'issuer_declined':
      return `The card issuer declined this purchase on ${onCard}.`;
    default:
      return 'The purchase was declined.';
  }
}
