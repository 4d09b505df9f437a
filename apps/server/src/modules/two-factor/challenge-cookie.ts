import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TWO_FACTOR_CHALLENGE_COOKIE, TWO_FACTOR_CHALLENGE_MINUTES } from '@wallet/contract';
import { secureCookies } from '../../http/session.js';

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
