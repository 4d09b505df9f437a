import * as oidc from 'openid-client';
import { GOOGLE_SIGN_IN_PATHS, LINK_SIGN_IN_RATE_LIMITS, type GoogleSignInError } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import type { Jobs } from '../../jobs/queue.js';
import { openSession, type ClientInfo } from '../auth/service.js';
import { randomToken, tokenDigest } from '../../crypto/tokens.js';
import type { Organization } from '../orgs/service.js';
import { requestRegistration } from '../registration-requests/service.js';
import { assertUnderLimits, recordHits } from '../throttle/service.js';
import { challengeIfEnabled } from '../two-factor/service.js';
import { findUserByEmail, rolesOfUser } from '../users/service.js';
import { providerConfiguration, type OidcSettings } from './provider.js';
import { insertSignIn, takeSignIn } from './repo.js';

/** How long the browser has to come back from the provider. */
export const SIGN_IN_TTL_MINUTES = 10;
const SCOPE = 'openid email profile';

/** A sign-in that can't go on; the login page explains `reason`. */
export class GoogleSignInFailed extends Error {
  constructor(
    readonly reason: GoogleSignInError,
    cause?: unknown,
  ) {
    super(`Google sign-in failed: ${reason}`, { cause });
    this.name = 'GoogleSignInFailed';
  }
}

/**
 * Starts the code flow: fresh state, nonce and PKCE verifier kept server-side under a random key (the browser's
 * cookie holds the only copy), and the provider's authorization URL. The callback is on the organisation's own
 * host, so the answer comes back to the same organisation.
 */
export async function startGoogleSignIn(
  db: Db,
  settings: OidcSettings,
  organization: Organization,
  origin: string,
): Promise<{ key: string; url: URL }> {
  const configuration = await providerConfiguration(settings).catch((error: unknown) => {
    throw new GoogleSignInFailed('failed', error);
  });
  const key = randomToken();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const redirectUri = new URL(GOOGLE_SIGN_IN_PATHS.callback, origin).toString();
  await insertSignIn(db, {
    key_hash: tokenDigest(key),
    org_id: organization.id,
    state,
    nonce,
    code_verifier: codeVerifier,
    redirect_uri: redirectUri,
    expires_at: new Date(Date.now() + SIGN_IN_TTL_MINUTES * 60_000),
  });
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: SCOPE,
    response_type: 'code',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { key, url };
}

export interface GoogleIdentity {
  email: string;
  first_name: string;
  last_name: string;
}

function namesOf(
  claims: oidc.IDToken | oidc.UserInfoResponse,
  email: string,
): { first_name: string; last_name: string } {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 255) : '');
  const first = text(claims.given_name);
  const last = text(claims.family_name);
  if (first || last) return { first_name: first || email.split('@')[0]!, last_name: last };
  const [given = '', ...rest] = text(claims.name).split(/\s+/);
  return { first_name: given || email.split('@')[0]!.slice(0, 255), last_name: rest.join(' ') };
}

/**
 * The callback: the sign-in of this cookie (used once, of this organisation, not expired), then the code
 * exchanged with the PKCE verifier while openid-client checks state, issuer, nonce and the ID token's signature,
 * audience and lifetime. Only a verified email is trusted.
 */
export async function finishGoogleSignIn(
  db: Db,
  settings: OidcSettings,
  organization: Organization,
  key: string | undefined,
  query: string,
): Promise<GoogleIdentity> {
  const signIn = key ? await takeSignIn(db, organization.id, tokenDigest(key)) : undefined;
  if (!signIn || signIn.expires_at.getTime() <= Date.now()) throw new GoogleSignInFailed('failed');
  const currentUrl = new URL(signIn.redirect_uri);
  currentUrl.search = query;
  let claims: oidc.IDToken | undefined;
  let configuration: oidc.Configuration;
  try {
    configuration = await providerConfiguration(settings);
    const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: signIn.code_verifier,
      expectedState: signIn.state,
      expectedNonce: signIn.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    throw new GoogleSignInFailed('failed', error);
  }
  if (!claims) throw new GoogleSignInFailed('failed');
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!email || email.length > 255) throw new GoogleSignInFailed('failed');
  if (claims.email_verified !== true) throw new GoogleSignInFailed('email_unverified');
  return { email, ...namesOf(claims, email) };
}

export type GoogleSignInOutcome =
  | { kind: 'signed-in'; token: string }
  | { kind: 'two-factor'; challengeToken: string }
  | { kind: 'requested' }
  | { kind: 'pending' };

/**
 * A known user holding a wallet role is signed in (a new session), or, with two-factor on, gets the code challenge
 * as after a right password (no session until the code). Anyone else (a person of the organisation
 * without a role, or an unknown email) asks for access: a registration request the admins answer by mail.
 */
export async function completeGoogleSignIn(
  deps: { db: Db; jobs: Jobs },
  organization: Organization,
  origin: string,
  identity: GoogleIdentity,
  client: ClientInfo,
): Promise<GoogleSignInOutcome> {
  const user = await findUserByEmail(deps.db, organization.id, identity.email);
  if (user && (await rolesOfUser(deps.db, organization.id, user.id)).length > 0) {
    const challengeToken = await challengeIfEnabled(deps.db, organization.id, user.id, client.ip);
    if (challengeToken) return { kind: 'two-factor', challengeToken };
    return { kind: 'signed-in', token: await openSession(deps.db, organization.id, user.id, client) };
  }
  const person = user ? { email: user.email, first_name: user.first_name, last_name: user.last_name } : identity;
  return { kind: await requestRegistration(deps, organization, origin, person) };
}

/**
 * GET the callback: the provider's answer checked (finishGoogleSignIn), then the person signed in, challenged or
 * registered (completeGoogleSignIn). Failed returns (no or a stale sign-in, a refused code or ID token) count per
 * IP; past the limit every try is a 429.
 */
export async function answerGoogleCallback(
  deps: { db: Db; jobs: Jobs },
  settings: OidcSettings,
  organization: Organization,
  callback: { origin: string; signInKey: string | undefined; query: string; client: ClientInfo },
): Promise<GoogleSignInOutcome> {
  const limits = [
    { key: `google-callback:ip:${organization.id}:${callback.client.ip}`, ...LINK_SIGN_IN_RATE_LIMITS.googleCallback },
  ];
  await assertUnderLimits(deps.db, limits);
  try {
    const identity = await finishGoogleSignIn(deps.db, settings, organization, callback.signInKey, callback.query);
    return await completeGoogleSignIn(deps, organization, callback.origin, identity, callback.client);
  } catch (error) {
    await recordHits(deps.db, limits);
    throw error;
  }
}
