import {
  AUTH_RATE_LIMITS,
  LOGIN_MAX_ATTEMPTS,
  LOGIN_WINDOW_SECONDS,
  MESSAGES,
  PASSWORD_MESSAGES,
  type ChangePasswordInput,
  type RegisterInput,
  type TwoFactorChallengeInput,
} from '@wallet/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { validationFailed } from '../../http/errors.js';
import { accountAndIpLimits, clearHits, releaseAttempt, reserveAttempt, spendAttempt } from '../throttle/service.js';
import {
  findUserByEmail,
  findUserWithRoles,
  registerWithInvitation,
  setPasswordHash,
  type UserWithRoles,
} from '../users/service.js';
import { hashPassword, verifyPassword } from '../../crypto/passwords.js';
import {
  deleteOtherSessions,
  deleteSession,
  markPasswordConfirmed,
  findLiveSessionWithUser,
  insertSession,
  touchSession,
} from './sessions-repo.js';
import * as sessionsRepo from './sessions-repo.js';
import { randomToken, tokenDigest } from '../../crypto/tokens.js';
import { completeChallenge, createChallenge, isTwoFactorEnabled } from '../two-factor/service.js';

export interface SessionSettings {
  idleMinutes: number;
}
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

// Sliding expiry costs a write; doing it at most once a minute keeps reads cheap.
const TOUCH_AFTER_MS = 60_000;

export type SignInResult =
  | { twoFactor: false; token: string; user: UserWithRoles }
  | { twoFactor: true; challengeToken: string; user: UserWithRoles };

const loginKey = (orgId: number, email: string, ip: string) => `login:${orgId}:${email.toLowerCase()}:${ip}`;

/**
 * Checks the credentials and opens a new session (a fresh id: the old cookie, if any, is dropped).
 * After LOGIN_MAX_ATTEMPTS failures for one email and IP within the window, or too many for the account from any
 * IP or from the IP for any account (AUTH_RATE_LIMITS.login), every attempt is a 429. The attempt is counted before
 * the password is checked, so a burst of parallel guesses gets at most the limit checked; a success gives its count
 * back and clears the email and IP's failures (only failures count).
 */
export async function signIn(
  db: Db,
  orgId: number,
  credentials: { email: string; password: string },
  client: ClientInfo,
): Promise<SignInResult> {
  const key = loginKey(orgId, credentials.email, client.ip);
  const limits = [
    { key, max: LOGIN_MAX_ATTEMPTS, windowSeconds: LOGIN_WINDOW_SECONDS },
    ...accountAndIpLimits('login', orgId, credentials.email, client.ip, AUTH_RATE_LIMITS.login),
  ];
  const attempt = await reserveAttempt(db, limits, MESSAGES.tooManyAttempts);

  const found = await findUserByEmail(db, orgId, credentials.email);
  const valid = await verifyPassword(found?.password_hash ?? null, credentials.password);
  const user = valid && found ? await findUserWithRoles(db, orgId, found.id) : undefined;
  // A failure keeps its count.
  if (!user || user.roles.length === 0) throw validationFailed({ email: [MESSAGES.badCredentials] });
  await releaseAttempt(db, attempt);
  await clearHits(db, key);
  // With two-factor on, a right password only opens a challenge; the session comes with the code.
  if (await isTwoFactorEnabled(db, orgId, user.id))
    return { twoFactor: true, challengeToken: await createChallenge(db, orgId, user.id, client.ip), user };
  return { twoFactor: false, token: await openSession(db, orgId, user.id, client), user };
}

/** A new session for a user who proved who they are (sign-in, registration); returns the cookie's token. */
export async function openSession(db: Db, orgId: number, userId: number, client: ClientInfo): Promise<string> {
  const token = randomToken();
  await insertSession(db, {
    id: tokenDigest(token),
    org_id: orgId,
    user_id: userId,
    ip: client.ip,
    user_agent: client.userAgent,
  });
  return token;
}

/**
 * POST /api/auth/register: counted per account and IP (AUTH_RATE_LIMITS.register), consumes the invitation (sets
 * the password), ends the browser's current session if any (whoever's) and opens the invitee's.
 */
export async function registerAndSignIn(
  db: Db,
  orgId: number,
  input: RegisterInput,
  client: ClientInfo,
  currentSessionId: string | null,
): Promise<{ user: UserWithRoles; token: string }> {
  await spendAttempt(db, accountAndIpLimits('register', orgId, input.email, client.ip, AUTH_RATE_LIMITS.register));
  const user = await registerWithInvitation(db, orgId, input);
  if (currentSessionId) await signOut(db, currentSessionId);
  return { user, token: await openSession(db, orgId, user.id, client) };
}

/**
 * POST /two-factor-challenge: the code (or a recovery code) of the pending sign-in behind the challenge cookie;
 * ends the browser's current session if any (whoever's) and opens the user's.
 */
export async function completeTwoFactorSignIn(
  db: Db,
  orgId: number,
  challenge: { token: string | undefined; input: TwoFactorChallengeInput },
  client: ClientInfo,
  currentSessionId: string | null,
): Promise<string> {
  const userId = await completeChallenge(db, orgId, challenge.token, challenge.input, client.ip);
  if (currentSessionId) await signOut(db, currentSessionId);
  return openSession(db, orgId, userId, client);
}

/**
 * Password change and confirmation share one count per account: LOGIN_MAX_ATTEMPTS failures within the window, then
 * 429. Counted before the password is checked (parallel guesses get at most the limit checked); a right password
 * clears it.
 */
const passwordCheckLimit = (orgId: number, userId: number) => ({
  key: `password-change:${orgId}:${userId}`,
  max: LOGIN_MAX_ATTEMPTS,
  windowSeconds: LOGIN_WINDOW_SECONDS,
});

/** Needs the current password (throttled like sign-in); ends the user's other sessions. */
export async function changePassword(
  db: Db,
  orgId: number,
  user: UserWithRoles,
  sessionId: string,
  input: ChangePasswordInput,
): Promise<void> {
  const limit = passwordCheckLimit(orgId, user.id);
  await reserveAttempt(db, [limit]);
  if (!(await verifyPassword(user.password_hash, input.current_password)))
    throw validationFailed({ current_password: [PASSWORD_MESSAGES.currentWrong] });
  await clearHits(db, limit.key);
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (tx) => {
    await setPasswordHash(tx, orgId, user.id, passwordHash);
    await deleteOtherSessions(tx, orgId, user.id, sessionId);
  });
}

/** The user behind a session cookie, or undefined when it is missing, idle too long, or of another organisation. */
export async function userOfSession(db: Db, orgId: number, token: string, settings: SessionSettings) {
  const found = await findLiveSessionWithUser(db, orgId, tokenDigest(token), settings.idleMinutes);
  if (!found || found.user.roles.length === 0) return undefined;
  const { session, user } = found;
  if (Date.now() - session.last_seen_at.getTime() > TOUCH_AFTER_MS) await touchSession(db, session.id);
  return { sessionId: session.id, user, passwordConfirmedAt: session.password_confirmed_at };
}

/**
 * Ends every session of the user but `keepSessionId` (none when null), in the caller's transaction: a password set
 * anywhere (changed, reset) signs the user out everywhere else.
 */
export async function endOtherSessions(
  db: DbOrTx,
  orgId: number,
  userId: number,
  keepSessionId: string | null,
): Promise<void> {
  await deleteOtherSessions(db, orgId, userId, keepSessionId);
}

/** Removes every session idle for longer than the limit (the periodic clean-up); returns how many went. */
export function deleteIdleSessions(db: DbOrTx, idleMinutes: number): Promise<number> {
  return sessionsRepo.deleteIdleSessions(db, idleMinutes);
}

/**
 * A long-lived request (an event stream) asks whether its session still holds: not ended, not idle too long. It
 * does not count as activity: an open tab alone must not keep a session alive.
 */
export function sessionStillValid(db: Db, orgId: number, sessionId: string, idleMinutes: number): Promise<boolean> {
  return sessionsRepo.sessionIsLive(db, orgId, sessionId, idleMinutes);
}

export async function signOut(db: Db, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

/** POST /user/confirm-password: unlocks sensitive data (card number, CVC) for this session for a while. */
export async function confirmPassword(
  db: Db,
  orgId: number,
  user: UserWithRoles,
  sessionId: string,
  password: string,
): Promise<void> {
  const limit = passwordCheckLimit(orgId, user.id);
  await reserveAttempt(db, [limit]);
  if (!(await verifyPassword(user.password_hash, password)))
    throw validationFailed({ password: [MESSAGES.badPassword] });
  await clearHits(db, limit.key);
  await markPasswordConfirmed(db, sessionId);
}
