import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GOOGLE_SIGN_IN_PATHS,
  REGISTRATION_PAGES,
  TWO_FACTOR_CHALLENGE_PAGE,
  type GoogleSignInError,
  type SignInOptions,
  emptyResponse,
  signInOptionsItemSchema,
} from '@wallet/contract';
import { orgOf } from '../../http/context.js';
import { organizationOriginOf } from '../../http/public-url.js';
import { secureCookies, setSessionCookie } from '../../http/session.js';
import { signOut } from '../auth/service.js';
import { setChallengeCookie } from '../../http/two-factor-challenge-cookie.js';
import { oidcSettings } from './provider.js';
import { answerGoogleCallback, GoogleSignInFailed, SIGN_IN_TTL_MINUTES, startGoogleSignIn } from './service.js';

/** The httpOnly cookie tying the browser to its sign-in in flight; sent back on the provider's top-level redirect. */
const SIGN_IN_COOKIE = 'wallet_oidc';

const loginWithError = (reason: GoogleSignInError) => `/login?google=${reason}`;

export async function oidcRoutes(fastify: FastifyInstance) {
  const { db, jobs, config } = fastify.deps;
  const cookieOptions = {
    path: GOOGLE_SIGN_IN_PATHS.callback,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(config),
  };

  function failed(request: FastifyRequest, reply: FastifyReply, error: unknown) {
    if (!(error instanceof GoogleSignInFailed)) throw error;
    request.log.warn({ err: error.cause ?? error }, 'Google sign-in failed');
    return reply.header('cache-control', 'no-store').redirect(loginWithError(error.reason));
  }

  /** Tells the login page whether the Google button can work. */
  fastify.get(
    '/api/auth/sign-in-options',
    { schema: { response: { 200: signInOptionsItemSchema } } },
    async (request): Promise<{ data: SignInOptions }> => {
      orgOf(request);
      return { data: { google: { configured: oidcSettings(config) !== null } } };
    },
  );

  fastify.get(
    GOOGLE_SIGN_IN_PATHS.redirect,
    {
      schema: { response: { 302: emptyResponse("To Google's sign-in, or back to /login?google=... saying why not") } },
    },
    async (request, reply) => {
      const organization = orgOf(request);
      const settings = oidcSettings(config);
      if (!settings) return reply.redirect(loginWithError('not_configured'));
      try {
        const { key, url } = await startGoogleSignIn(db, settings, organization, organizationOriginOf(request));
        reply.setCookie(SIGN_IN_COOKIE, key, { ...cookieOptions, maxAge: SIGN_IN_TTL_MINUTES * 60 });
        return reply.header('cache-control', 'no-store').redirect(url.href);
      } catch (error) {
        return failed(request, reply, error);
      }
    },
  );

  fastify.get(
    GOOGLE_SIGN_IN_PATHS.callback,
    {
      schema: {
        response: { 302: emptyResponse('Signed in to /dashboard, or to the two-factor, registration or /login page') },
      },
    },
    async (request, reply) => {
      const organization = orgOf(request);
      const settings = oidcSettings(config);
      reply.clearCookie(SIGN_IN_COOKIE, cookieOptions);
      if (!settings) return reply.redirect(loginWithError('not_configured'));
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      try {
        const outcome = await answerGoogleCallback({ db, jobs }, settings, organization, {
          origin: organizationOriginOf(request),
          signInKey: request.cookies[SIGN_IN_COOKIE],
          query,
          client: { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 512) ?? null },
        });
        reply.header('cache-control', 'no-store');
        if (outcome.kind === 'requested') return reply.redirect(REGISTRATION_PAGES.requested);
        if (outcome.kind === 'pending') return reply.redirect(REGISTRATION_PAGES.accessPending);
        // As POST /login: a sign-in that succeeds replaces the current session, with two-factor on by the challenge.
        if (request.auth) await signOut(db, request.auth.sessionId);
        if (outcome.kind === 'two-factor') {
          setChallengeCookie(fastify, reply, outcome.challengeToken);
          return reply.redirect(TWO_FACTOR_CHALLENGE_PAGE);
        }
        setSessionCookie(fastify, reply, outcome.token);
        return reply.redirect('/dashboard');
      } catch (error) {
        return failed(request, reply, error);
      }
    },
  );
}
