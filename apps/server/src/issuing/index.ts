import type { CardIssuerInfo } from '@wallet/contract';
import type { Config } from '../config.js';
import { createDb } from '../db/database.js';
import { installationPrefix } from '../modules/cards/service.js';
import type { IssuingProvider } from './provider.js';
import { createSimulatorIssuer } from './simulator/simulator.js';

export type { IssuingProvider };

/** What the SPA needs to know of the issuer (GET /api/me): Stripe's publishable key is public by design. */
export function cardIssuerInfo(config: Config): CardIssuerInfo {
  return config.ISSUER === 'stripe'
    ? { name: 'stripe', stripe_publishable_key: config.STRIPE_PUBLISHABLE_KEY ?? null }
    : { name: 'simulator', stripe_publishable_key: null };
}

/**
 * ISSUER=simulator (default) or stripe. The simulator keeps its books in the same database but through its own
 * small pool: the domain calls the issuer while holding a transaction, and an issuer call must never wait for
 * a connection that transactions like it are holding.
 */
export async function createIssuer(config: Config, databaseUrl: string): Promise<IssuingProvider> {
  if (config.ISSUER === 'stripe') {
    if (!config.STRIPE_SECRET_KEY) throw new Error('ISSUER=stripe needs STRIPE_SECRET_KEY.');
    const { createStripeIssuer } = await import('./stripe/stripe-issuer.js');
    // The installation's id prefixes every idempotency key sent to Stripe; read once, it never changes.
    const db = createDb(databaseUrl, 1);
    const installation = await installationPrefix(db).finally(() => db.destroy());
    return createStripeIssuer({
      secretKey: config.STRIPE_SECRET_KEY,
      idempotencyPrefix: installation,
      apiHost: config.STRIPE_API_HOST,
      apiPort: config.STRIPE_API_PORT,
      apiProtocol: config.STRIPE_API_PROTOCOL,
    });
  }
  return createSimulatorIssuer(createDb(databaseUrl, 4));
}
