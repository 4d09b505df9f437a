import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { IssuingProvider } from './provider.js';
import { createSimulatorIssuer } from './simulator/simulator.js';

export type { IssuingProvider };

/** ISSUER=simulator (default) or stripe. */
export async function createIssuer(config: Config, db: Db): Promise<IssuingProvider> {
  if (config.ISSUER === 'stripe') {
    if (!config.STRIPE_SECRET_KEY) throw new Error('ISSUER=stripe needs STRIPE_SECRET_KEY.');
    const { createStripeIssuer } = await import('./stripe/stripe-issuer.js');
    return createStripeIssuer({
      secretKey: config.STRIPE_SECRET_KEY,
      apiHost: config.STRIPE_API_HOST,
      apiPort: config.STRIPE_API_PORT,
      apiProtocol: config.STRIPE_API_PROTOCOL,
    });
  }
  return createSimulatorIssuer(db);
}
