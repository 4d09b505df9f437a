import { z } from 'zod';

/**
 * What the card issuer asks of names and how card numbers are revealed (ARCHITECTURE.md D9). Stripe's description of an Issuing
 * cardholder's `name`: "This will be printed on cards issued to them. The maximum length of this field is 24
 * characters. This field cannot contain any special characters or numbers." We check it before any issuer call, with
 * the same rule for the simulator, so a card made in a demo could be made at Stripe too.
 */
export const CARDHOLDER_NAME_MAX = 24;
/** Letters (A-Z, as printed on a card) and spaces; the value is trimmed first (empty is the required message's). */
export const CARDHOLDER_NAME_PATTERN = /^[A-Za-z ]*$/;

export const CARD_ISSUER_MESSAGES = {
  cardholderNameCharacters: 'Please enter the cardholder name in letters and spaces only',
  /** Stripe gives the number and CVC of virtual cards only; a physical card's are printed on it. */
  physicalCardNotRevealable: "A physical card's number and CVC can't be shown: they are printed on the card.",
  /** GET /api/cards/{id}/details with ISSUER=stripe: the server never holds card numbers there. */
  revealInBrowser:
    "The card issuer shows this card's number and CVC in your browser: use Show Details on the card page (POST /api/cards/{id}/ephemeral-keys).",
  /** POST /api/cards/{id}/ephemeral-keys with the simulator. */
  ephemeralKeysNotUsed: 'This card issuer reveals card details with GET /api/cards/{id}/details.',
  nonceRequired: 'The reveal request needs the nonce made by Stripe.js.',
  nonceRefused: 'The card issuer refused this reveal request. Please try again.',
  revealFailed: "The card details couldn't be shown. Please try again.",
  /** ISSUER=stripe without STRIPE_PUBLISHABLE_KEY: Stripe.js can't start. */
  stripeNotConfigured:
    "Card details can't be shown: the Stripe publishable key (STRIPE_PUBLISHABLE_KEY) is not configured.",
} as const;

/** A cardholder's name as the issuer prints it: required, up to 24 characters, letters and spaces. */
export function cardholderNameField(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(CARDHOLDER_NAME_MAX, `May not be greater than ${CARDHOLDER_NAME_MAX} characters.`)
    .regex(CARDHOLDER_NAME_PATTERN, CARD_ISSUER_MESSAGES.cardholderNameCharacters);
}

/** POST /api/cards/{id}/ephemeral-keys: the nonce Stripe.js made for this card (stripe.createEphemeralKeyNonce). */
export const ephemeralKeyRequestSchema = z.object({
  nonce: z
    .string({ error: CARD_ISSUER_MESSAGES.nonceRequired })
    .trim()
    .min(1, CARD_ISSUER_MESSAGES.nonceRequired)
    .max(5000, CARD_ISSUER_MESSAGES.nonceRequired),
});
export type EphemeralKeyRequest = z.infer<typeof ephemeralKeyRequestSchema>;

/** What Issuing Elements need to show one card: its id at Stripe and the ephemeral key's secret (short-lived). */
export interface EphemeralKeyResource {
  issuing_card: string;
  secret: string;
  /** Unix seconds. */
  expires: number;
}

/** Which card issuer this installation uses, for the SPA (GET /api/me `card_issuer`). */
export interface CardIssuerInfo {
  name: 'simulator' | 'stripe';
  /** Stripe.js's publishable key (STRIPE_PUBLISHABLE_KEY); null with the simulator or when unset. */
  stripe_publishable_key: string | null;
}
