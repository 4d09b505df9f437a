import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import {
  MESSAGES,
  TWO_FACTOR_CHALLENGE_MINUTES,
  TWO_FACTOR_MAX_ATTEMPTS_PER_ACCOUNT,
  TWO_FACTOR_MAX_ATTEMPTS_PER_IP,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_RECOVERY_CODE_COUNT,
  TWO_FACTOR_WINDOW_SECONDS,
  type TwoFactorChallengeInput,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@wallet/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { conflict, signInStepExpired, tooManyRequests, validationFailed } from '../../http/errors.js';
import { verifyPassword } from '../../crypto/passwords.js';
import { randomToken, tokenDigest } from '../../crypto/tokens.js';
import { clearHits, recordHit } from '../throttle/service.js';
import * as repo from './repo.js';

interface Account {
  id: number;
  email: string;
  password_hash: string | null;
}

/** A code counts for the time step before and after the current one (clock drift between phone and server). */
const PERIOD_SECONDS = 30;
/** A code from up to five minutes ago is "expired" rather than "wrong". */
const EXPIRED_LOOKBACK_SECONDS = 300;

// ---- throttling: every attempt counts at once (atomically), so parallel guesses can't slip past the limit.

interface Limit {
  key: string;
  max: number;
}
const codeLimits = (orgId: number, userId: number, ip: string): Limit[] => [
  { key: `two-factor:account:${orgId}:${userId}`, max: TWO_FACTOR_MAX_ATTEMPTS_PER_ACCOUNT },
  { key: `two-factor:ip:${ip}`, max: TWO_FACTOR_MAX_ATTEMPTS_PER_IP },
];
const passwordLimits = (orgId: number, userId: number): Limit[] => [
  { key: `two-factor-password:${orgId}:${userId}`, max: TWO_FACTOR_MAX_ATTEMPTS_PER_ACCOUNT },
];

async function spendAttempt(db: DbOrTx, limits: Limit[]): Promise<void> {
  const results = await Promise.all(
    limits.map(async (limit) => ({ limit, ...(await recordHit(db, limit.key, TWO_FACTOR_WINDOW_SECONDS)) })),
  );
  const over = results.filter((result) => result.hits > result.limit.max);
  if (over.length > 0)
    throw tooManyRequests(Math.max(...over.map((result) => result.retryAfter)), TWO_FACTOR_MESSAGES.tooManyAttempts);
}

/** A right answer gives the account its attempts back (the per-IP count stays). */
async function forgiveAccount(db: DbOrTx, limits: Limit[]): Promise<void> {
  await clearHits(db, limits[0]!.key);
}

// ---- codes

type CodeCheck = { ok: true; step: number } | { ok: false; message: string };

async function checkCode(secret: string, code: string, lastUsedStep: number | null): Promise<CodeCheck> {
  const epoch = Math.floor(Date.now() / 1000);
  const current = await verify({ secret, token: code, epoch, epochTolerance: PERIOD_SECONDS });
  if (current.valid) {
    const step = Math.floor(epoch / PERIOD_SECONDS) + current.delta;
    if (lastUsedStep !== null && step <= lastUsedStep) return { ok: false, message: TWO_FACTOR_MESSAGES.codeReused };
    return { ok: true, step };
  }
  const late = await verify({ secret, token: code, epoch, epochTolerance: [EXPIRED_LOOKBACK_SECONDS, 0] });
  return { ok: false, message: late.valid ? TWO_FACTOR_MESSAGES.codeExpired : TWO_FACTOR_MESSAGES.codeWrong };
}

// Letters and digits that can't be mistaken for one another (no 0/o, 1/l/i).
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_GROUPS = 4;
const RECOVERY_GROUP_LENGTH = 4;

/** Eight codes like "k7mq-2xpa-9hte-w3nd" (about 79 bits each), shown once; only their SHA-256 is kept. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: TWO_FACTOR_RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: RECOVERY_GROUPS }, () =>
      Array.from({ length: RECOVERY_GROUP_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
        '',
      ),
    ).join('-'),
  );
}

/** What is hashed: the code without dashes, spaces or case, so "K7MQ 2XPA-9hte-w3nd" is the same code. */
function recoveryCodeDigest(code: string): string {
  return tokenDigest(code.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

async function storeNewRecoveryCodes(db: DbOrTx, orgId: number, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(db, orgId, userId, codes.map(recoveryCodeDigest));
  return codes;
}

async function requirePassword(db: Db, orgId: number, user: Account, password: string): Promise<void> {
  const limits = passwordLimits(orgId, user.id);
  await spendAttempt(db, limits);
  if (!(await verifyPassword(user.password_hash, password)))
    throw validationFailed({ password: [MESSAGES.badPassword] });
  await forgiveAccount(db, limits);
}

// ---- account page

export async function twoFactorStatus(db: DbOrTx, orgId: number, userId: number): Promise<TwoFactorStatus> {
  const authenticator = await repo.findAuthenticator(db, orgId, userId);
  const enabled = Boolean(authenticator?.confirmed_at);
  return {
    enabled,
    pending: Boolean(authenticator) && !enabled,
    confirmed_at: authenticator?.confirmed_at?.toISOString() ?? null,
    recovery_codes_left: enabled ? await repo.countUnusedRecoveryCodes(db, orgId, userId) : 0,
  };
}

export async function isTwoFactorEnabled(db: DbOrTx, orgId: number, userId: number): Promise<boolean> {
  return Boolean((await repo.findAuthenticator(db, orgId, userId))?.confirmed_at);
}

/** Starts (or restarts) setting up: a new secret, shown with its QR code until a code confirms it. */
export async function startSetup(db: Db, org: { id: number; name: string }, user: Account): Promise<TwoFactorSetup> {
  const secret = generateSecret();
  if (!(await repo.putPendingAuthenticator(db, org.id, user.id, secret)))
    throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
  const otpauthUrl = generateURI({ issuer: org.name, label: user.email, secret });
  const qrCode = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url: otpauthUrl, qr_code: qrCode };
}

/** A right code from the app turns two-factor on; answers the recovery codes, the only time they are shown. */
export async function confirmSetup(db: Db, orgId: number, user: Account, code: string, ip: string): Promise<string[]> {
  const authenticator = await repo.findAuthenticator(db, orgId, user.id);
  if (!authenticator) throw conflict(TWO_FACTOR_MESSAGES.notStarted);
  if (authenticator.confirmed_at) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
  const limits = codeLimits(orgId, user.id, ip);
  await spendAttempt(db, limits);
  const check = await checkCode(authenticator.secret, code, authenticator.last_used_step);
  if (!check.ok) throw validationFailed({ code: [check.message] });
  const codes = await db.transaction().execute(async (tx) => {
    if (!(await repo.claimStep(tx, orgId, user.id, check.step, true)))
      throw validationFailed({ code: [TWO_FACTOR_MESSAGES.codeReused] });
    return storeNewRecoveryCodes(tx, orgId, user.id);
  });
  await forgiveAccount(db, limits);
  return codes;
}

/** Turns two-factor off (or abandons a set-up); needs the password. */
export async function disable(db: Db, orgId: number, user: Account, password: string): Promise<void> {
  await requirePassword(db, orgId, user, password);
  if (!(await repo.findAuthenticator(db, orgId, user.id))) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
  await db.transaction().execute((tx) => repo.deleteAuthenticator(tx, orgId, user.id));
}

/** New recovery codes; the old ones, used or not, stop working. Needs the password. */
export async function regenerateRecoveryCodes(
  db: Db,
  orgId: number,
  user: Account,
  password: string,
): Promise<string[]> {
  await requirePassword(db, orgId, user, password);
  if (!(await isTwoFactorEnabled(db, orgId, user.id))) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
  return db.transaction().execute((tx) => storeNewRecoveryCodes(tx, orgId, user.id));
}

// ---- sign-in

/** After a right password: a pending sign-in, not a session. Returns the challenge cookie's token. */
export async function createChallenge(db: DbOrTx, orgId: number, userId: number, ip: string): Promise<string> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000);
  await repo.insertChallenge(db, { id: tokenDigest(token), org_id: orgId, user_id: userId, ip, expires_at: expiresAt });
  return token;
}

/**
 * For a sign-in that proved who the person is without a code (Google, the giving product): with two-factor on, the
 * pending challenge's token (the caller sets the challenge cookie and opens no session); null when it is off.
 */
export async function challengeIfEnabled(
  db: DbOrTx,
  orgId: number,
  userId: number,
  ip: string,
): Promise<string | null> {
  return (await isTwoFactorEnabled(db, orgId, userId)) ? createChallenge(db, orgId, userId, ip) : null;
}

const challengeExpired = () => signInStepExpired(TWO_FACTOR_MESSAGES.challengeExpired);

/**
 * Completes a pending sign-in with a code from the app (each time step once) or a recovery code (each once).
 * Answers the user id; the caller opens the session. The challenge ends with the first right answer.
 */
export async function completeChallenge(
  db: Db,
  orgId: number,
  token: string | undefined,
  input: TwoFactorChallengeInput,
  ip: string,
): Promise<number> {
  const challenge = token ? await repo.findLiveChallenge(db, orgId, tokenDigest(token)) : undefined;
  if (!challenge) throw challengeExpired();
  const userId = challenge.user_id;
  const limits = codeLimits(orgId, userId, ip);
  await spendAttempt(db, limits);
  const authenticator = await repo.findAuthenticator(db, orgId, userId);
  if (!authenticator?.confirmed_at) throw challengeExpired();

  await db.transaction().execute(async (tx) => {
    if (input.recovery_code !== undefined) {
      const outcome = await repo.useRecoveryCode(tx, orgId, userId, recoveryCodeDigest(input.recovery_code));
      if (outcome === 'already-used') throw validationFailed({ recovery_code: [TWO_FACTOR_MESSAGES.recoveryCodeUsed] });
      if (outcome === 'unknown') throw validationFailed({ recovery_code: [TWO_FACTOR_MESSAGES.recoveryCodeWrong] });
    } else {
      const check = await checkCode(authenticator.secret, input.code, authenticator.last_used_step);
      if (!check.ok) throw validationFailed({ code: [check.message] });
      if (!(await repo.claimStep(tx, orgId, userId, check.step, false)))
        throw validationFailed({ code: [TWO_FACTOR_MESSAGES.codeReused] });
    }
    if (!(await repo.deleteChallenge(tx, challenge.id))) throw challengeExpired();
  });
  await forgiveAccount(db, limits);
  return userId;
}
