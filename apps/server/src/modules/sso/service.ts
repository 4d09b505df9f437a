import type { GivingConfig, SsoApp, SsoRefusalReason } from '@wallet/contract';
import { SSO_MESSAGES } from '@wallet/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../http/errors.js';
import { openSession, type ClientInfo } from '../auth/service.js';
import type { Organization } from '../orgs/service.js';
import { findUserByEmail, findUserWithRoles, fullName, type UserWithRoles } from '../users/service.js';
import { markTokenUsed } from './repo.js';
import { GIVING_PARTY, WALLET_PARTY, signSsoToken, verifySsoToken } from './tokens.js';

/** Where the giving product takes a token (GIVING_URL + this path, ?token=...). */
export const GIVING_SSO_PATH = '/sso/login';

type SsoSettings = Pick<Config, 'GIVING_URL' | 'GIVING_SSO_SECRET' | 'GIVING_PRODUCT_NAME'>;

function ssoEnabled(config: SsoSettings): config is SsoSettings & { GIVING_URL: string; GIVING_SSO_SECRET: string } {
  return Boolean(config.GIVING_URL && config.GIVING_SSO_SECRET);
}

export function givingConfig(config: SsoSettings): GivingConfig {
  return { product_name: config.GIVING_PRODUCT_NAME, url: config.GIVING_URL ?? null, sso_enabled: ssoEnabled(config) };
}

/** POST /api/outbound-sso: the giving product's sign-in URL with a 60-second, single-use token for this user. */
export async function outboundSsoUrl(config: SsoSettings, org: Organization, user: UserWithRoles, app: SsoApp): Promise<string> {
  if (app !== 'giving' || !ssoEnabled(config)) throw new HttpError(503, SSO_MESSAGES.notConfigured);
  const { token } = await signSsoToken(config.GIVING_SSO_SECRET, { issuer: WALLET_PARTY, audience: GIVING_PARTY }, String(user.id), {
    email: user.email,
    name: fullName(user),
    org: org.slug,
  });
  const url = new URL(GIVING_SSO_PATH, config.GIVING_URL);
  url.searchParams.set('token', token);
  return url.toString();
}

export type InboundResult = { ok: true; sessionToken: string; user: UserWithRoles } | { ok: false; reason: SsoRefusalReason };

/**
 * GET /sso/login?token=...: a token from the giving product signs in the person with its email in the
 * organisation of the host. Checked: signature, issuer, audience, age, single use (its jti is recorded in the
 * same transaction that opens the session, so two racing uses can't both succeed).
 */
export async function signInWithSsoToken(db: Db, config: SsoSettings, org: Organization, token: string, client: ClientInfo): Promise<InboundResult> {
  if (!config.GIVING_SSO_SECRET) return { ok: false, reason: 'not-configured' };
  const verified = await verifySsoToken(config.GIVING_SSO_SECRET, { issuer: GIVING_PARTY, audience: WALLET_PARTY }, token);
  if (!verified.ok) return verified;
  return db.transaction().execute(async (tx): Promise<InboundResult> => {
    if (!(await markTokenUsed(tx, org.id, verified.jti, verified.expiresAt))) return { ok: false, reason: 'used' };
    const person = await findUserByEmail(tx, org.id, verified.email);
    const user = person ? await findUserWithRoles(tx, org.id, person.id) : undefined;
    if (!user || user.roles.length === 0) return { ok: false, reason: 'unknown-user' };
    return { ok: true, sessionToken: await openSession(tx, org.id, user.id, client), user };
  });
}
