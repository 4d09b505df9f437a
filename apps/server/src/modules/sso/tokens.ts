import { randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { SSO_TOKEN_SECONDS, type SsoRefusalReason } from '@wallet/contract';

/** Who signs and who may read: each product is the issuer of the tokens it makes and the audience of the other's. */
export const WALLET_PARTY = 'spend-wallet';
export const GIVING_PARTY = 'giving';

const ALGORITHM = 'HS256';
const CLOCK_TOLERANCE_SECONDS = 5;

export interface SsoClaims {
  email: string;
  name?: string;
  org?: string;
}

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** A token that lives SSO_TOKEN_SECONDS, for one audience, with a single-use id (jti). */
export async function signSsoToken(
  secret: string,
  parties: { issuer: string; audience: string },
  subject: string,
  claims: SsoClaims,
  now = new Date(),
): Promise<{ token: string; jti: string }> {
  const jti = randomUUID();
  const issuedAt = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(parties.issuer)
    .setAudience(parties.audience)
    .setSubject(subject)
    .setJti(jti)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SSO_TOKEN_SECONDS)
    .sign(keyOf(secret));
  return { token, jti };
}

export type VerifiedSsoToken =
  | { ok: true; jti: string; email: string; org: string | undefined; expiresAt: Date }
  | { ok: false; reason: SsoRefusalReason };

/**
 * Checks the signature (HS256 only), issuer, audience, expiry and age (at most SSO_TOKEN_SECONDS old, and
 * never issued for longer), and that the id and email are there. Single use (jti) and the organisation claim (`org`,
 * its slug) are the caller's checks.
 */
export async function verifySsoToken(
  secret: string,
  parties: { issuer: string; audience: string },
  token: string,
): Promise<VerifiedSsoToken> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: parties.issuer,
      audience: parties.audience,
      maxTokenAge: SSO_TOKEN_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['jti', 'iat', 'exp'],
    });
    const { jti, email, org, iat, exp } = payload;
    if (typeof jti !== 'string' || jti.length === 0 || jti.length > 200) return { ok: false, reason: 'invalid' };
    if (typeof email !== 'string' || email.length === 0) return { ok: false, reason: 'invalid' };
    if (org !== undefined && typeof org !== 'string') return { ok: false, reason: 'invalid' };
    if (exp! - iat! > SSO_TOKEN_SECONDS) return { ok: false, reason: 'invalid' };
    return { ok: true, jti, email, org, expiresAt: new Date((exp! + CLOCK_TOLERANCE_SECONDS) * 1000) };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    if (error instanceof errors.JOSEError) return { ok: false, reason: 'invalid' };
    throw error;
  }
}
