import type { SpendingControls } from '@wallet/contract';
import type { Address, Shipping } from '../db/schema.js';

/**
 * The only way the domain talks to a card issuer (ARCHITECTURE.md D9). The simulator keeps its books in our database;
 * the Stripe adapter calls Stripe Issuing. Every create takes an idempotency key so a retry never issues twice.
 */
export interface TermsAcceptance {
  date: Date;
  ip: string;
  userAgent: string;
}

export interface CardholderInput {
  orgId: number;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  billing: Address;
  terms: TermsAcceptance | null;
}

export interface CardInput {
  orgId: number;
  cardholderId: string;
  type: 'virtual' | 'physical';
  shipping: Shipping | null;
  /** Cents; kept equal to our spending_limit as an all-time spending control. */
  spendingLimit: number;
  /** The card's own controls (interval limits, categories), mirrored beside the all-time limit. */
  spendingControls?: SpendingControls;
}

/** What the issuer outbox sends of a card's spending: the all-time limit (spending limit + spent) and its controls. */
export interface IssuerSpendingControls extends SpendingControls {
  allTimeLimit: number;
}

export interface IssuedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}
export type IssuerName = 'simulator' | 'stripe';

export interface IssuingProvider {
  readonly name: IssuerName;
  createCardholder(input: CardholderInput, idempotencyKey: string): Promise<{ id: string }>;
  acceptTerms(cardholderId: string, terms: TermsAcceptance): Promise<void>;
  createCard(input: CardInput, idempotencyKey: string): Promise<IssuedCard>;
  /** Called by the issuer outbox only (modules/cards/issuer-sync.ts), after the change committed. */
  setCardStatus(cardId: string, status: 'active' | 'inactive', idempotencyKey: string): Promise<void>;
  /** The card's whole spending controls, replacing what the issuer had (a cleared category list is left out). */
  setSpendingControls(cardId: string, controls: IssuerSpendingControls, idempotencyKey: string): Promise<void>;
  /**
   * The full number and CVC through our server: the simulator only. With Stripe the server never handles them (PCI
   * scope, ARCHITECTURE.md D9): the browser shows them with Stripe's Issuing Elements and an ephemeral key (below).
   */
  revealCard?(cardId: string): Promise<{ number: string; cvc: string }>;
  /**
   * Stripe only: an ephemeral key for one card, exchanged for the nonce Stripe.js made in the browser for that card
   * (stripe.createEphemeralKeyNonce); Issuing Elements use its secret to fetch the number and CVC from Stripe directly.
   */
  createEphemeralKey?(cardId: string, nonce: string): Promise<{ secret: string; expires: number }>;
  /**
   * Simulator top-ups settle at once; Stripe's settle when its topup.succeeded event arrives, which finds our top-up
   * by `topupId` (sent along to the issuer) even before we stored the issuer's id. A definite refusal (the issuer
   * looked at the request and created nothing) throws an error that `issuerRefusal` recognises.
   */
  createTopup(
    input: { orgId: number; topupId: number; amount: number; description: string },
    idempotencyKey: string,
  ): Promise<{ id: string; status: 'succeeded' | 'pending' }>;
  /** Issuers with their own event log (Stripe) let reconciliation catch up on webhooks that never arrived. */
  /** Releases what the adapter holds (the simulator's pool). */
  close?(): Promise<void>;
  recentEvents?(
    sinceUnix: number,
  ): Promise<Array<{ id: string; type: string; data: { object: Record<string, unknown> } }>>;
}

/**
 * The issuer's reason when an error is its definite refusal of the request (nothing was created on its side, so
 * asking again with the same key can't change the answer); null for anything else (unreachable, 5xx, a conflict).
 */
export function issuerRefusal(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const { refused, issuerMessage } = error as Error & { refused?: unknown; issuerMessage?: unknown };
  if (refused !== true) return null;
  return typeof issuerMessage === 'string' && issuerMessage !== '' ? issuerMessage : error.message;
}
