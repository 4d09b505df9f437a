import { z } from 'zod';
import { NO_SPENDING_CONTROLS, spendingControlsSchema } from './card-controls.js';
import { CARD_TYPES, SHIPPING_SERVICES } from './cards.js';
import { formatCents, MAX_AMOUNT_CENTS } from './money.js';
import { spendingControlsResourceSchema } from './responses/cards.js';
import { dataOf, dataWithMessageOf } from './responses/common.js';

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
} as const;

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
});
export type CardSettings = z.output<typeof cardSettingsSchema>;
export type CardSettingsInput = z.input<typeof cardSettingsSchema>;

/** What an organisation that never saved Card Settings has. */
export const DEFAULT_CARD_SETTINGS: CardSettings = {
  default_type: 'virtual',
  default_shipping_service: 'standard',
  default_spending_controls: NO_SPENDING_CONTROLS,
  org_funds_low_threshold: null,
};

/** GET /api/card-settings's answer; PUT's adds the message (CARD_SETTINGS_TEXTS.saved). */
export const cardSettingsResourceSchema = z.object({
  default_type: z.enum(CARD_TYPES),
  default_shipping_service: z.enum(SHIPPING_SERVICES),
  default_spending_controls: spendingControlsResourceSchema,
  org_funds_low_threshold: z.number().int().nullable(),
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
