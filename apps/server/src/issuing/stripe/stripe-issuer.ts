import Stripe from 'stripe';
import { NO_SPENDING_CONTROLS, type SpendingControls } from '@wallet/contract';
import type { Address } from '../../db/schema.js';
import type { CardholderInput, CardInput, IssuedCard, IssuingProvider, TermsAcceptance } from '../provider.js';

/**
 * The Stripe API version this adapter is written and tested for, sent on every request (and used for ephemeral keys).
 * It is the version the installed `stripe` SDK (pinned exactly in package.json) is built and typed for: the SDK's types
 * describe only that version, so an older one would need casts wherever shapes differ. The fake is checked against the
 * published description of 2023-08-16 (vendor/stripe-openapi), the newest we hold; the operations and parameters
 * the adapter uses are the same in both. `satisfies` makes an SDK upgrade that moves its pin fail to compile here,
 * so changing versions is a decision, not a side effect of `npm update`.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

export interface StripeIssuerOptions {
  secretKey: string;
  /**
   * The installation's id (the `installation` table): every idempotency key sent starts with `<prefix>:`, so two
   * databases sharing one Stripe account never replay each other's requests. Keys that already carry it (the issuer
   * outbox's) are sent as they are.
   */
  idempotencyPrefix: string;
  /** Overrides for tests against a local fake of the Stripe API (STRIPE_API_HOST / PORT / PROTOCOL). */
  apiHost?: string;
  apiPort?: number;
  apiProtocol?: 'http' | 'https';
}

/**
 * An error from the Stripe adapter. Its message says which operation failed and Stripe's reason, with any API key
 * and anything that looks like a card number removed; the raw SDK error is deliberately not attached as `cause`.
 */
export class StripeIssuerError extends Error {
  override readonly name = 'StripeIssuerError';
  constructor(
    message: string,
    readonly operation: string,
    /** HTTP status from Stripe, undefined when Stripe could not be reached. */
    readonly statusCode: number | undefined,
    /** Stripe's error type (invalid_request_error, api_error, idempotency_error, ...) or 'connection_error'. */
    readonly type: string,
    readonly code: string | undefined,
    readonly param: string | undefined,
    readonly requestId: string | undefined,
    /** Stripe's own reason (sanitised), without the operation and status around it. */
    readonly issuerMessage: string = message,
  ) {
    super(message);
  }

  /**
   * Stripe looked at the request and refused it, so nothing was created: a 4xx, except a 409 (a request with the same
   * idempotency key is still running) and an idempotency_error (an earlier request with this key, with other
   * parameters, may have created something); or a top-up Stripe created already failed.
   */
  get refused(): boolean {
    if (this.type === 'topup_failed') return true;
    if (this.statusCode === undefined || this.statusCode < 400 || this.statusCode >= 500) return false;
    return this.statusCode !== 409 && this.type !== 'idempotency_error';
  }
}

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Stripe treats an empty string as "unset", so optional lines are left out rather than sent empty. */
const stripeAddress = (address: Address) => ({
  line1: address.line1,
  ...(address.line2 ? { line2: address.line2 } : {}),
  city: address.city,
  state: address.state,
  postal_code: address.postal_code,
  country: address.country,
});

const termsParams = (terms: TermsAcceptance) => ({
  date: unixSeconds(terms.date),
  ip: terms.ip,
  user_agent: terms.userAgent,
});

/**
 * Stripe's spending_controls of a card: the all-time limit (spending limit + spent, ARCHITECTURE.md Money) and each of
 * the card's interval limits, and the one category list that has entries (Stripe refuses allowed and blocked together).
 * Sent whole on create and on every update: Stripe's description (spec3.json) has no empty value for a category list
 * on update (unlike allowed_merchant_countries), so a cleared list is left out of the new controls rather than sent as ''.
 */
export function stripeSpendingControls(
  allTimeLimit: number,
  controls: SpendingControls = NO_SPENDING_CONTROLS,
): Stripe.Issuing.CardUpdateParams.SpendingControls {
  type Category = Stripe.Issuing.CardUpdateParams.SpendingControls.AllowedCategory;
  return {
    spending_limits: [
      { amount: allTimeLimit, interval: 'all_time' },
      ...controls.spending_limits.map((limit) => ({ amount: limit.amount, interval: limit.interval })),
    ],
    ...(controls.allowed_categories.length > 0 && { allowed_categories: controls.allowed_categories as Category[] }),
    ...(controls.blocked_categories.length > 0 && { blocked_categories: controls.blocked_categories as Category[] }),
  };
}

/** Stripe top-ups to the Issuing balance take destination_balance, a parameter the SDK's types don't list. */
type IssuingTopupCreateParams = Stripe.TopupCreateParams & { destination_balance: 'issuing' };

function sanitize(text: string, secretKey: string): string {
  let clean = text;
  if (secretKey) clean = clean.split(secretKey).join('[redacted key]');
  return clean
    .replace(/\b(?:sk|rk|pk)_(?:test|live)_[A-Za-z0-9*]+/g, '[redacted key]')
    .replace(/\b(?:\d[ -]?){12,18}\d\b/g, '[redacted number]');
}

function toIssuerError(error: unknown, operation: string, secretKey: string): StripeIssuerError {
  if (error instanceof Stripe.errors.StripeError) {
    const unreachable = error instanceof Stripe.errors.StripeConnectionError;
    const reason = unreachable ? 'could not reach Stripe' : sanitize(error.message || 'no message', secretKey);
    const status = error.statusCode ? ` (HTTP ${error.statusCode}${error.code ? `, ${error.code}` : ''})` : '';
    return new StripeIssuerError(
      `Stripe ${operation} failed: ${reason}${status}`,
      operation,
      error.statusCode,
      unreachable ? 'connection_error' : (error.rawType ?? error.type),
      error.code,
      error.param,
      error.requestId,
      reason,
    );
  }
  const reason = error instanceof Error ? sanitize(error.message, secretKey) : 'unknown error';
  return new StripeIssuerError(
    `Stripe ${operation} failed: ${reason}`,
    operation,
    undefined,
    'unknown',
    undefined,
    undefined,
    undefined,
  );
}

/**
 * The Stripe Issuing adapter behind IssuingProvider (ARCHITECTURE.md D9). Every create carries the caller's idempotency key,
 * so a retry (ours, or the SDK's own after a lost answer) never issues twice.
 */
export function createStripeIssuer(options: StripeIssuerOptions): IssuingProvider {
  const { secretKey } = options;
  const stripe = new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    host: options.apiHost,
    port: options.apiPort,
    protocol: options.apiProtocol,
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: 'spend-wallet' },
  });

  const ownPrefix = `${options.idempotencyPrefix}:`;
  const keyed = (idempotencyKey: string) => ({
    idempotencyKey: idempotencyKey.startsWith(ownPrefix) ? idempotencyKey : `${ownPrefix}${idempotencyKey}`,
  });

  async function call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toIssuerError(error, operation, secretKey);
    }
  }

  return {
    name: 'stripe',

    async createCardholder(input: CardholderInput, idempotencyKey: string) {
      const cardholder = await call('create cardholder', () =>
        stripe.issuing.cardholders.create(
          {
            type: 'individual',
            name: input.name,
            email: input.email,
            ...(input.phone ? { phone_number: input.phone } : {}),
            billing: { address: stripeAddress(input.billing) },
            individual: {
              first_name: input.firstName,
              last_name: input.lastName,
              ...(input.terms ? { card_issuing: { user_terms_acceptance: termsParams(input.terms) } } : {}),
            },
            status: 'active',
            metadata: { org_id: String(input.orgId) },
          },
          keyed(idempotencyKey),
        ),
      );
      return { id: cardholder.id };
    },

    async acceptTerms(cardholderId: string, terms: TermsAcceptance) {
      await call('accept issuing terms', () =>
        stripe.issuing.cardholders.update(cardholderId, {
          individual: { card_issuing: { user_terms_acceptance: termsParams(terms) } },
        }),
      );
    },

    async createCard(input: CardInput, idempotencyKey: string): Promise<IssuedCard> {
      if (input.type === 'physical' && !input.shipping)
        throw new StripeIssuerError(
          'Stripe create card failed: a physical card needs a shipping address',
          'create card',
          undefined,
          'invalid_input',
          undefined,
          'shipping',
          undefined,
        );
      const card = await call('create card', () =>
        stripe.issuing.cards.create(
          {
            cardholder: input.cardholderId,
            currency: 'usd',
            type: input.type,
            status: 'inactive',
            spending_controls: stripeSpendingControls(
              input.spendingLimit,
              input.spendingControls,
            ) as Stripe.Issuing.CardCreateParams.SpendingControls,
            ...(input.type === 'physical' && input.shipping
              ? {
                  shipping: {
                    name: input.shipping.name,
                    service: input.shipping.service,
                    address: stripeAddress(input.shipping.address),
                  },
                }
              : {}),
            metadata: { org_id: String(input.orgId) },
          },
          keyed(idempotencyKey),
        ),
      );
      return { id: card.id, brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
    },

    async setCardStatus(cardId, status, idempotencyKey) {
      await call(`set card status to ${status}`, () =>
        stripe.issuing.cards.update(cardId, { status }, keyed(idempotencyKey)),
      );
    },

    async setSpendingControls(cardId, { allTimeLimit, ...controls }, idempotencyKey) {
      await call('set spending controls', () =>
        stripe.issuing.cards.update(
          cardId,
          { spending_controls: stripeSpendingControls(allTimeLimit, controls) },
          keyed(idempotencyKey),
        ),
      );
    },

    // No revealCard: the number and CVC never pass through our server. Issuing Elements fetch them in the browser.
    async createEphemeralKey(cardId, nonce) {
      // The SDK wants the API version spelled out for ephemeral keys; the key is for Stripe.js's Issuing Elements.
      const key = await call('create ephemeral key', () =>
        stripe.ephemeralKeys.create({ issuing_card: cardId, nonce }, { apiVersion: STRIPE_API_VERSION }),
      );
      if (!key.secret)
        throw new StripeIssuerError(
          'Stripe create ephemeral key failed: the answer had no secret',
          'create ephemeral key',
          undefined,
          'invalid_response',
          undefined,
          undefined,
          undefined,
        );
      return { secret: key.secret, expires: key.expires };
    },

    async createTopup(input, idempotencyKey) {
      const params: IssuingTopupCreateParams = {
        amount: input.amount,
        currency: 'usd',
        description: input.description,
        destination_balance: 'issuing',
        // Our top-up's id travels with Stripe's, so its topup.* events find it even before we stored Stripe's id.
        metadata: { org_id: String(input.orgId), topup_id: String(input.topupId) },
      };
      const topup = await call('create top-up', () => stripe.topups.create(params, keyed(idempotencyKey)));
      // A top-up Stripe already refused never settles; say so now rather than leave it pending for ever.
      if (topup.status === 'failed' || topup.status === 'canceled' || topup.status === 'reversed') {
        const reason = topup.failure_message
          ? sanitize(topup.failure_message, secretKey)
          : `The top-up is ${topup.status}.`;
        throw new StripeIssuerError(
          `Stripe create top-up failed: top-up ${topup.id} is ${topup.status}${topup.failure_message ? `: ${reason}` : ''}`,
          'create top-up',
          undefined,
          'topup_failed',
          topup.failure_code ?? undefined,
          undefined,
          undefined,
          reason,
        );
      }
      return { id: topup.id, status: topup.status === 'succeeded' ? 'succeeded' : 'pending' };
    },

    async recentEvents(sinceUnix) {
      const events: Array<{ id: string; type: string; data: { object: Record<string, unknown> } }> = [];
      await call('list events', () =>
        stripe.events.list({ created: { gte: sinceUnix }, limit: 100 }).autoPagingEach((event) => {
          events.push(event as unknown as (typeof events)[number]);
          return events.length < 5_000;
        }),
      );
      return events;
    },
  };
}
