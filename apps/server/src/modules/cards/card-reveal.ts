import { CARD_ISSUER_MESSAGES, type EphemeralKeyResource } from '@wallet/contract';
import { conflict, unprocessable, validationFailed } from '../../http/errors.js';
import { issuerRefusal } from '../../issuing/provider.js';
import { viaIssuer } from './issuer-calls.js';
import type { CardRow, CardsDeps } from './service.js';

/**
 * Showing a card's number and CVC (ARCHITECTURE.md D9). The simulator reveals them through the server (GET .../details); with
 * Stripe the server never holds them: it exchanges the browser's Stripe.js nonce for an ephemeral key of that card and
 * Issuing Elements fetch the details from Stripe in the browser. Both need the password confirmed (the route's 423).
 */

/** Issuers give the number and CVC of virtual cards only; a physical card's are printed on it. */
function assertRevealable(card: CardRow): void {
  if (card.type === 'physical') throw unprocessable(CARD_ISSUER_MESSAGES.physicalCardNotRevealable);
}

export async function revealCardDetails(deps: CardsDeps, card: CardRow): Promise<{ number: string; cvc: string }> {
  const { issuer } = deps;
  if (!issuer.revealCard) throw conflict(CARD_ISSUER_MESSAGES.revealInBrowser);
  assertRevealable(card);
  return viaIssuer(() => issuer.revealCard!(card.provider_card_id));
}

export async function createCardEphemeralKey(
  deps: CardsDeps,
  card: CardRow,
  nonce: string,
): Promise<EphemeralKeyResource> {
  const { issuer } = deps;
  if (!issuer.createEphemeralKey) throw conflict(CARD_ISSUER_MESSAGES.ephemeralKeysNotUsed);
  assertRevealable(card);
  try {
    const key = await issuer.createEphemeralKey(card.provider_card_id, nonce);
    return { issuing_card: card.provider_card_id, secret: key.secret, expires: key.expires };
  } catch (error) {
    // A nonce Stripe refused (made for another card, used, expired) is the browser's to redo, not an outage.
    if (issuerRefusal(error) !== null && (error as { param?: string }).param === 'nonce')
      throw validationFailed({ nonce: [CARD_ISSUER_MESSAGES.nonceRefused] });
    return viaIssuer(() => Promise.reject(error));
  }
}
