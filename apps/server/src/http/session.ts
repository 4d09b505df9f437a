import type { FastifyInstance, FastifyReply } from 'fastify';
import { CSRF_COOKIE, SESSION_COOKIE } from '@wallet/contract';
import { userOfSession } from '../modules/auth/service.js';
import { isTenantFree } from './tenancy.js';
import { randomToken } from '../crypto/tokens.js';
import type { Config } from '../config.js';

/** Resolves request.auth from the session cookie; runs after tenancy so the session must match the organisation. */
export function registerSessions(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.org || isTenantFree(request.url)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    request.auth =
      (await userOfSession(app.deps.db, request.org.id, token, {
        idleMinutes: app.deps.config.SESSION_IDLE_MINUTES,
      })) ?? null;
  });
}

/**
 * Secure when served over HTTPS (ARCHITECTURE.md D5): always with COOKIE_SECURE, else whenever the request came over HTTPS,
 * directly or (with TRUST_PROXY) as X-Forwarded-Proto says; @fastify/cookie's 'auto' reads request.protocol.
 */
export function secureCookies(config: Pick<Config, 'COOKIE_SECURE'>): true | 'auto' {
  return config.COOKIE_SECURE || 'auto';
}

function cookieBase(app: FastifyInstance) {
  return { path: '/', sameSite: 'lax' as const, secure: secureCookies(app.deps.config) };
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieBase(app), httpOnly: true });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { ...cookieBase(app), httpOnly: true });
}

/** The readable double-submit token the SPA echoes in X-XSRF-TOKEN. */
export function setCsrfCookie(app: FastifyInstance, reply: FastifyReply, token = randomToken()) {
  reply.setCookie(CSRF_COOKIE, token, { ...cookieBase(app), httpOnly: false });
  return token;
}
