import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  SSO_CONFIRM_MINUTES,
  SSO_CONFIRM_PAGE,
  SSO_SIGN_IN_PATH,
  TWO_FACTOR_MESSAGES,
  outboundSsoSchema,
  type LoginResponse,
  type SsoPendingSignIn,
  emptyResponse,
  errorResponses,
  givingConfigItemSchema,
  loginResponseSchema,
  outboundSsoItemSchema,
  pendingSsoSignInItemSchema,
} from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { requireUser } from '../../http/guards.js';
import { secureCookies, setSessionCookie } from '../../http/session.js';
import { signOut } from '../auth/service.js';
import { setChallengeCookie } from '../../http/two-factor-challenge-cookie.js';
import {
  cancelSsoSignIn,
  confirmSsoSignIn,
  givingConfig,
  outboundSsoUrl,
  pendingSsoSignIn,
  receiveSsoLink,
} from './service.js';

/** The SPA page that explains a refused sign-in link (?reason=expired|used|invalid|unknown-user|...). */
export const SSO_REFUSED_PAGE = '/sso/refused';
/** The httpOnly cookie holding the key of the sign-in waiting for confirmation; sent only to SSO_SIGN_IN_PATH. */
const SIGN_IN_COOKIE = 'wallet_sso';

const inboundQuery = z.object({ token: z.string().max(4096).optional() });

/** Single sign-on with the giving product, both directions (PRODUCT.md §1, §7). */
export async function ssoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = fastify.deps;

  /** Public: the user menu's '{product}', the mobile header's link, and whether SSO is set up. */
  app.get('/api/sso/config', { schema: { response: { 200: givingConfigItemSchema } } }, async () => ({
    data: givingConfig(config),
  }));

  app.post(
    '/api/outbound-sso',
    { onRequest: requireUser, schema: { body: outboundSsoSchema, response: { 200: outboundSsoItemSchema } } },
    async (request) => ({
      data: await outboundSsoUrl(config, orgOf(request), userOf(request), request.body.app),
    }),
  );

  const cookieOptions = {
    path: SSO_SIGN_IN_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(config),
  };
  const keyOf = (request: FastifyRequest) => request.cookies[SIGN_IN_COOKIE] || undefined;

  /** A link from the giving product: checked, then the confirmation page; it signs nobody in by itself. */
  app.get(
    '/sso/login',
    {
      schema: {
        querystring: inboundQuery,
        response: { 302: emptyResponse('To the confirmation page, or to /sso/refused?reason=... saying why not') },
      },
    },
    async (request, reply) => {
      const org = orgOf(request);
      const result = await receiveSsoLink(db, config, org, request.query.token ?? '', request.ip);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!result.ok) return reply.redirect(`${SSO_REFUSED_PAGE}?reason=${result.reason}`);
      reply.setCookie(SIGN_IN_COOKIE, result.key, { ...cookieOptions, maxAge: SSO_CONFIRM_MINUTES * 60 });
      return reply.redirect(SSO_CONFIRM_PAGE);
    },
  );

  /** The confirmation page: whom Continue signs in. */
  app.get(
    SSO_SIGN_IN_PATH,
    { schema: { response: { 200: pendingSsoSignInItemSchema, ...errorResponses(401) } } },
    async (request, reply): Promise<{ data: SsoPendingSignIn }> => {
      reply.header('cache-control', 'no-store');
      return { data: await pendingSsoSignIn(db, orgOf(request), keyOf(request)) };
    },
  );

  /** Continue: signs in (replacing the current session), or opens the two-factor challenge as POST /login does. */
  app.post(
    SSO_SIGN_IN_PATH,
    { schema: { response: { 200: loginResponseSchema, ...errorResponses(401) } } },
    async (request, reply): Promise<LoginResponse> => {
      const org = orgOf(request);
      const client = { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 512) ?? null };
      const result = await confirmSsoSignIn(db, org, keyOf(request), client);
      reply.clearCookie(SIGN_IN_COOKIE, cookieOptions);
      if (request.auth) await signOut(db, request.auth.sessionId);
      if (result.twoFactor) {
        setChallengeCookie(fastify, reply, result.challengeToken);
        return { message: TWO_FACTOR_MESSAGES.codeNeeded, two_factor: true };
      }
      setSessionCookie(fastify, reply, result.token);
      return { message: MESSAGES.loggedIn, two_factor: false };
    },
  );

  /** Cancel: forgets the sign-in waiting for confirmation. */
  app.delete(
    SSO_SIGN_IN_PATH,
    { schema: { response: { 204: emptyResponse('The waiting sign-in is forgotten') } } },
    async (request, reply) => {
      await cancelSsoSignIn(db, orgOf(request), keyOf(request));
      reply.clearCookie(SIGN_IN_COOKIE, cookieOptions);
      return reply.code(204).send();
    },
  );
}
