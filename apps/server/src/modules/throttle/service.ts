import { MESSAGES, type RateLimit } from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import { tooManyRequests } from '../../http/errors.js';
import * as throttleRepo from './repo.js';
import { takeBackHit } from './repo.js';

/** Counts one hit of `key` in its fixed window: the hits so far, the seconds left, and the window's start. */
export function recordHit(
  db: DbOrTx,
  key: string,
  windowSeconds: number,
): Promise<{ hits: number; retryAfter: number; windowStartedAt: string }> {
  return throttleRepo.recordHit(db, key, windowSeconds);
}

/** The hits of `key` in its current window, counting nothing. */
export function hitsInWindow(
  db: DbOrTx,
  key: string,
  windowSeconds: number,
): Promise<{ hits: number; retryAfter: number }> {
  return throttleRepo.hitsInWindow(db, key, windowSeconds);
}

/** Forgets the hits of `key` (a right password clears its failures). */
export function clearHits(db: DbOrTx, key: string): Promise<void> {
  return throttleRepo.clearHits(db, key);
}

export interface NamedLimit extends RateLimit {
  key: string;
}

/**
 * Counts this attempt against each limit and answers 429 (Retry-After: the longest wait) when any of them is
 * past its maximum. Every attempt counts, so the answer never depends on whether an account exists.
 */
export async function spendAttempt(
  db: DbOrTx,
  limits: NamedLimit[],
  message: string = MESSAGES.tooManyRequests,
): Promise<void> {
  const results = await Promise.all(
    limits.map(async (limit) => ({ limit, ...(await recordHit(db, limit.key, limit.windowSeconds)) })),
  );
  const spent = results.filter((result) => result.hits > result.limit.max);
  if (spent.length > 0) throw tooManyRequests(Math.max(...spent.map((result) => result.retryAfter)), message);
}

/** A 429 when any limit is already spent; counts nothing (for limits that count only failures). */
export async function assertUnderLimits(
  db: DbOrTx,
  limits: NamedLimit[],
  message: string = MESSAGES.tooManyRequests,
): Promise<void> {
  const results = await Promise.all(
    limits.map(async (limit) => ({ limit, ...(await hitsInWindow(db, limit.key, limit.windowSeconds)) })),
  );
  const spent = results.filter((result) => result.hits >= result.limit.max);
  if (spent.length > 0) throw tooManyRequests(Math.max(...spent.map((result) => result.retryAfter)), message);
}

/** An attempt counted by reserveAttempt: the hit on each limit, to be given back with releaseAttempt. */
export interface Reservation {
  hits: { key: string; windowStartedAt: string }[];
}

/**
 * For limits that count only failures, without a gap between check and count: counts this attempt against each
 * limit first, in one statement per limit, and answers 429 (giving the hits back) when any is past its maximum. So
 * however many attempts run at once, at most `max` are let through to be checked. The caller keeps the hits of a
 * failure and gives back those of a success with releaseAttempt.
 */
export async function reserveAttempt(
  db: DbOrTx,
  limits: NamedLimit[],
  message: string = MESSAGES.tooManyRequests,
): Promise<Reservation> {
  const results = await Promise.all(
    limits.map(async (limit) => ({ limit, ...(await recordHit(db, limit.key, limit.windowSeconds)) })),
  );
  const reservation = {
    hits: results.map((result) => ({ key: result.limit.key, windowStartedAt: result.windowStartedAt })),
  };
  const spent = results.filter((result) => result.hits > result.limit.max);
  if (spent.length > 0) {
    // A refused attempt is not a failure: it leaves the counts as they were (a refusal never extends a lock-out).
    await releaseAttempt(db, reservation);
    throw tooManyRequests(Math.max(...spent.map((result) => result.retryAfter)), message);
  }
  return reservation;
}

/** Gives back the hits of a reserved attempt that turned out not to count (a success). */
export async function releaseAttempt(db: DbOrTx, reservation: Reservation): Promise<void> {
  await Promise.all(reservation.hits.map((hit) => takeBackHit(db, hit.key, hit.windowStartedAt)));
}

/** Counts one hit against each limit (a failure, for limits checked with assertUnderLimits). */
export async function recordHits(db: DbOrTx, limits: NamedLimit[]): Promise<void> {
  await Promise.all(limits.map((limit) => recordHit(db, limit.key, limit.windowSeconds)));
}

/** The two limits of an action: per account (the email as typed, lower-cased) and per IP, within an organisation. */
export function accountAndIpLimits(
  action: string,
  orgId: number,
  email: string,
  ip: string,
  policy: { perAccount: RateLimit; perIp: RateLimit },
): NamedLimit[] {
  return [
    { key: `${action}:account:${orgId}:${email.trim().toLowerCase()}`, ...policy.perAccount },
    { key: `${action}:ip:${orgId}:${ip}`, ...policy.perIp },
  ];
}
