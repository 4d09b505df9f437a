import { IssuerUnavailable } from '../../http/errors.js';

/**
 * Runs a call to the card issuer. When the issuer refuses or can't be reached the API answers 502 with the
 * adapter's message (already free of keys and card numbers), never the issuer's own status: Stripe's 401 for a bad
 * API key must not read as "signed out" to the browser, nor its 404 as a missing resource of ours.
 */
export async function viaIssuer<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Error && error.name === 'StripeIssuerError') {
      throw new IssuerUnavailable(
        `The card issuer could not complete this. ${error.message}`,
        (error as { type?: string }).type,
      );
    }
    throw error;
  }
}
