import type { GivingConfig, SsoApp, SsoPendingSignIn, SsoRefusalReason } from '@wallet/contract';
import { LINK_SIGN_IN_RATE_LIMITS, SSO_CONFIRM_MINUTES, SSO_MESSAGES } from '@wallet/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { notConfigured, signInStepExpired } from '../../http/errors.js';
import { openSession, type ClientInfo } from '../auth/service.js';
import { randomToken, tokenDigest } from '../../crypto/tokens.js';
import type { Organization } from '../orgs/service.js';
import { assertUnderLimits, recordHits } from '../throttle/service.js';
import { challengeIfEnabled } from '../two-factor/service.js';
import { findUserByEmail, findUserWithRoles, fullName, type UserWithRoles } from '../users/service.js';
import { findLiveSignIn, insertSignIn, markTokenUsed, takeLiveSignIn } from './repo.js';
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
export async function outboundSsoUrl(
  config: SsoSettings,
  org: Organization,
  user: UserWithRoles,
  app: SsoApp,
): Promise<string> {
  if (app !== 'giving' || !ssoEnabled(config)) throw notConfigured(SSO_MESSAGES.notConfigured);
  const { token } = await signSsoToken(
    config.GIVING_SSO_SECRET,
    { issuer: WALLET_PARTY, audience: GIVING_PARTY },
    String(user.id),
    {
      email: user.email,
      name: fullName(user),
      org: org.slug,
    },
  );
  const url = new URL(GIVING_SSO_PATH, config.GIVING_URL);
  url.searchParams.set('token', token);
  return url.toString();
}

export type InboundResult = { ok: true; key: string } | { ok: false; reason: SsoRefusalReason };

/**
 * GET /sso/login?token=...: a token from the giving product names a person of the organisation of the host. Checked:
 * signature, issuer, audience, age, the organisation claim (this host's), single use (its jti is recorded in the
 * same transaction that keeps the person, so two racing uses can't both go on). It signs nobody in: the person is
 * kept under a random key for SSO_CONFIRM_MINUTES, the key goes to the browser in an httpOnly cookie, and only the
 * confirming POST (confirmSsoSignIn) signs in. So a cross-site GET with someone else's token can't replace a session.
 */
export async function startSsoSignIn(
  db: Db,
  config: SsoSettings,
  org: Organization,
  token: string,
): Promise<InboundResult> {
  if (!config.GIVING_SSO_SECRET) return { ok: false, reason: 'not-configured' };
  const verified = await verifySsoToken(
    config.GIVING_SSO_SECRET,
    { issuer: GIVING_PARTY, audience: WALLET_PARTY },
    token,
  );
  if (!verified.ok) return verified;
  if (verified.org === undefined) return { ok: false, reason: 'invalid' };
  if (verified.org !== org.slug) return { ok: false, reason: 'other-organization' };
  return db.transaction().execute(async (tx): Promise<InboundResult> => {
    if (!(await markTokenUsed(tx, org.id, verified.jti, verified.expiresAt))) return { ok: false, reason: 'used' };
    const person = await findUserByEmail(tx, org.id, verified.email);
    const user = person ? await findUserWithRoles(tx, org.id, person.id) : undefined;
    if (!user || user.roles.length === 0) return { ok: false, reason: 'unknown-user' };
    const key = randomToken();
    const expiresAt = new Date(Date.now() + SSO_CONFIRM_MINUTES * 60_000);
    await insertSignIn(tx, { key_hash: tokenDigest(key), org_id: org.id, user_id: user.id, expires_at: expiresAt });
    return { ok: true, key };
  });
}

/**
 * GET /sso/login: startSsoSignIn, throttled. Refused links (bad signature, expired, used, unknown person) count per
 * IP; past the limit every try is a 429, before the token is even read.
 */
export async function receiveSsoLink(
  db: Db,
  config: SsoSettings,
  org: Organization,
  token: string,
  ip: string,
): Promise<InboundResult> {
  const limits = [{ key: `sso-login:ip:${org.id}:${ip}`, ...LINK_SIGN_IN_RATE_LIMITS.ssoLogin }];
  await assertUnderLimits(db, limits);
  const result = await startSsoSignIn(db, config, org, token);
  if (!result.ok) await recordHits(db, limits);
  return result;
}

const confirmationExpired = () => signInStepExpired(SSO_MESSAGES.confirmExpired);

/** GET /api/sso/sign-in: whom the confirmation of this browser's cookie would sign in (401 when none is waiting). */
export async function pendingSsoSignIn(db: Db, org: Organization, key: string | undefined): Promise<SsoPendingSignIn> {
  const pending = key ? await findLiveSignIn(db, org.id, tokenDigest(key)) : undefined;
  const user = pending ? await findUserWithRoles(db, org.id, pending.user_id) : undefined;
  if (!user || user.roles.length === 0) throw confirmationExpired();
  return { name: fullName(user), email: user.email };
}

export type ConfirmedSsoSignIn = { twoFactor: false; token: string } | { twoFactor: true; challengeToken: string };

/**
 * POST /api/sso/sign-in (with the XSRF header, which a cross-site page can't send): the confirmation is used up and
 * the person signed in, or, with two-factor on, given the code challenge as after a right password.
 */
export async function confirmSsoSignIn(
  db: Db,
  org: Organization,
  key: string | undefined,
  client: ClientInfo,
): Promise<ConfirmedSsoSignIn> {
  const pending = key ? await takeLiveSignIn(db, org.id, tokenDigest(key)) : undefined;
  const user = pending ? await findUserWithRoles(db, org.id, pending.user_id) : undefined;
  if (!user || user.roles.length === 0) throw confirmationExpired();
  const challengeToken = await challengeIfEnabled(db, org.id, user.id, client.ip);
  if (challengeToken) return { twoFactor: true, challengeToken };
  return { twoFactor: false, token: await openSession(db, org.id, user.id, client) };
}

/** DELETE /api/sso/sign-in: Cancel on the confirmation page. */
export async function cancelSsoSignIn(db: Db, org: Organization, key: string | undefined): Promise<void> {
  if (key) await takeLiveSignIn(db, org.id, tokenDigest(key));
}
