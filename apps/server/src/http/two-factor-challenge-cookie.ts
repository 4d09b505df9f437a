import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TWO_FACTOR_CHALLENGE_COOKIE, TWO_FACTOR_CHALLENGE_MINUTES } from '@wallet/contract';
import { secureCookies } from './session.js';

/*
 * Set by every sign-in that may meet a second factor (password, Google, giving-product SSO) and read by two-factor's
 * routes: request handling four modules share, so it lives here rather than inside one of them.
 */

/** The pending sign-in between password and code: httpOnly, sent only to the challenge endpoint. */
const CHALLENGE_PATH = '/two-factor-challenge';

function cookieOptions(app: FastifyInstance) {
  return { path: CHALLENGE_PATH, sameSite: 'lax' as const, secure: secureCookies(app.deps.config), httpOnly: true };
}

export function setChallengeCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(TWO_FACTOR_CHALLENGE_COOKIE, token, {
    ...cookieOptions(app),
    maxAge: TWO_FACTOR_CHALLENGE_MINUTES * 60,
  });
}

export function clearChallengeCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(TWO_FACTOR_CHALLENGE_COOKIE, cookieOptions(app));
}

export function challengeTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[TWO_FACTOR_CHALLENGE_COOKIE] || undefined;
}
