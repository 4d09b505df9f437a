import { z } from 'zod';
import { NO_SPENDING_CONTROLS, spendingControlsSchema } from './card-controls.js';
import { CARD_TYPES, SHIPPING_SERVICES } from './cards.js';
import { formatCents, MAX_AMOUNT_CENTS } from './money.js';
import { spendingControlsResourceSchema } from './responses/cards.js';
import { dataOf, dataWithMessageOf } from './responses/common.js';

/** The longest reminder or deactivation delay the receipt policy takes (issue 21 point 4). */
export const MAX_POLICY_DAYS = 365;

/**
 * Account Settings → Card Settings (issue 20 point 5): the organisation's defaults for new cards, which the create-card
 * drawer starts from, and the organisation-funds-low threshold its admins are notified below.
 * GET /api/card-settings (admins), PUT /api/card-settings (admins).
 */
export const CARD_SETTINGS_TEXTS = {
  title: 'Card Settings',
  intro: 'New cards start from these settings. Changing them does not change cards already issued.',
  defaultType: 'Default card type',
  defaultShipping: 'Default shipping speed',
  defaultControls: 'Default spending controls',
  fundsLowThreshold: 'Notify admins when unallocated funds fall below',
  fundsLowHelp: 'Leave empty for no notification.',
  saved: 'Card Settings saved',
  thresholdInvalid: 'Enter an amount of at least $0.01, or leave it empty.',
  policyTitle: 'Receipts and memos',
  receiptRequiredAbove: 'Receipt required on purchases above',
  receiptRequiredAboveHelp: 'Leave empty to require a receipt on every purchase.',
  receiptReminderDays: 'Remind the cardholder after (days)',
  receiptReminderDaysHelp: 'Leave empty for no reminders.',
  receiptDeactivateDays: 'Deactivate the card when a receipt is missing for (days)',
  receiptDeactivateDaysHelp:
    'Leave empty to never deactivate. Counts purchases made from when it is turned on; the card reactivates itself ' +
    'when its last missing receipt arrives.',
  memoRequiredAbove: 'Memo required on purchases above',
  memoRequiredAboveHelp: 'Leave empty if memos are optional.',
  amountInvalid: 'Enter an amount of $0.00 or more, or leave it empty.',
  daysInvalid: `Enter a whole number of days from 1 to ${MAX_POLICY_DAYS}, or leave it empty.`,
} as const;

/** An amount in cents of at least $0.00, or empty (null). */
function optionalAmount() {
  return z
    .number({ error: CARD_SETTINGS_TEXTS.amountInvalid })
    .int(CARD_SETTINGS_TEXTS.amountInvalid)
    .min(0, CARD_SETTINGS_TEXTS.amountInvalid)
    .max(MAX_AMOUNT_CENTS, CARD_SETTINGS_TEXTS.amountInvalid)
    .nullish()
    .transform((value) => value ?? null);
}

/** A number of days from 1 to MAX_POLICY_DAYS, or empty (null). */
function optionalDays() {
  return z
    .number({ error: CARD_SETTINGS_TEXTS.daysInvalid })
    .int(CARD_SETTINGS_TEXTS.daysInvalid)
    .min(1, CARD_SETTINGS_TEXTS.daysInvalid)
    .max(MAX_POLICY_DAYS, CARD_SETTINGS_TEXTS.daysInvalid)
    .nullish()
    .transform((value) => value ?? null);
}

export const cardSettingsSchema = z.object({
  default_type: z.enum(CARD_TYPES).default('virtual'),
  default_shipping_service: z.enum(SHIPPING_SERVICES).default('standard'),
  default_spending_controls: spendingControlsSchema.default(NO_SPENDING_CONTROLS),
  /** Cents; null: no organisation-funds-low notification. */
  org_funds_low_threshold: z
    .number({ error: CARD_SETTINGS_TEXTS.thresholdInvalid })
    .int(CARD_SETTINGS_TEXTS.thresholdInvalid)
    .min(1, CARD_SETTINGS_TEXTS.thresholdInvalid)
    .max(MAX_AMOUNT_CENTS, CARD_SETTINGS_TEXTS.thresholdInvalid)
    .nullish()
    .transform((value) => value ?? null),
  /** Receipt policy (issue 21 point 4). Cents; purchases above it need a receipt; null: every purchase does. */
  receipt_required_above: optionalAmount(),
  /** Days after a purchase missing its receipt that its cardholder is reminded; null: never. */
  receipt_reminder_days: optionalDays(),
  /** Days a receipt may be missing before the card is deactivated (until it arrives); null: never. */
  receipt_deactivate_days: optionalDays(),
  /** Cents; purchases above it need a memo (issue 21 point 5); null: memos are optional. */
  memo_required_above: optionalAmount(),
});
export type CardSettings = z.output<typeof cardSettingsSchema>;
export type CardSettingsInput = z.input<typeof cardSettingsSchema>;

/** What an organisation that never saved Card Settings has. */
export const DEFAULT_CARD_SETTINGS: CardSettings = {
  default_type: 'virtual',
  default_shipping_service: 'standard',
  default_spending_controls: NO_SPENDING_CONTROLS,
  org_funds_low_threshold: null,
  receipt_required_above: null,
  receipt_reminder_days: null,
  receipt_deactivate_days: null,
  memo_required_above: null,
};

/** GET /api/card-settings's answer; PUT's adds the message (CARD_SETTINGS_TEXTS.saved). */
export const cardSettingsResourceSchema = z.object({
  default_type: z.enum(CARD_TYPES),
  default_shipping_service: z.enum(SHIPPING_SERVICES),
  default_spending_controls: spendingControlsResourceSchema,
  org_funds_low_threshold: z.number().int().nullable(),
  receipt_required_above: z.number().int().nullable(),
  receipt_reminder_days: z.number().int().nullable(),
  receipt_deactivate_days: z.number().int().nullable(),
  memo_required_above: z.number().int().nullable(),
}) satisfies z.ZodType<CardSettings>;
export const cardSettingsAnswerSchema = dataOf(cardSettingsResourceSchema);
export const cardSettingsSavedSchema = dataWithMessageOf(cardSettingsResourceSchema);

/** The org_funds_low notification every admin gets when unallocated funds fall below Card Settings' threshold. */
export const ORG_FUNDS_LOW_NOTICE = {
  title: 'Organisation funds are low',
  body: (funds: number, threshold: number) =>
    `Unallocated funds are ${formatCents(funds)}, below the ${formatCents(threshold)} set in Card Settings. Add funds to keep funding cards.`,
  link: '/account-settings?tab=accountFunding',
} as const;
