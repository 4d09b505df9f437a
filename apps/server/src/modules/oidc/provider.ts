import * as oidc from 'openid-client';
import type { Config } from '../../config.js';

/** Google sign-in settings; null when any of the three is missing (the login page then says it isn't configured). */
export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
}

export function oidcSettings(config: Config): OidcSettings | null {
  const { OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = config;
  if (!OIDC_ISSUER_URL || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET) return null;
  return { issuer: new URL(OIDC_ISSUER_URL), clientId: OIDC_CLIENT_ID, clientSecret: OIDC_CLIENT_SECRET };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const DISCOVERY_TIMEOUT_SECONDS = 10;

// One discovery per issuer and client per process; a failed one is forgotten so the next sign-in retries.
const discovered = new Map<string, Promise<oidc.Configuration>>();

/**
 * The provider's metadata (issuer, endpoints, keys) via OpenID discovery. Plain http is accepted only for an
 * issuer on loopback (a local provider in tests); anything else must be https.
 */
export function providerConfiguration(settings: OidcSettings): Promise<oidc.Configuration> {
  const key = `${settings.issuer.href} ${settings.clientId}`;
  let pending = discovered.get(key);
  if (!pending) {
    const insecureAllowed = settings.issuer.protocol === 'http:' && LOOPBACK.has(settings.issuer.hostname);
    pending = oidc.discovery(settings.issuer, settings.clientId, settings.clientSecret, undefined, {
      timeout: DISCOVERY_TIMEOUT_SECONDS,
      ...(insecureAllowed && { execute: [oidc.allowInsecureRequests] }),
    });
    discovered.set(key, pending);
    pending.catch(() => discovered.delete(key));
  }
  return pending;
}
