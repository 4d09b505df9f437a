import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CSRF_COOKIE,
  MESSAGES,
  PASSWORD_MESSAGES,
  changePasswordSchema,
  confirmPasswordSchema,
  loginSchema,
  registerSchema,
  TWO_FACTOR_MESSAGES,
  type LoginResponse,
  type Me,
  emptyResponse,
  errorResponses,
  loginResponseSchema,
  meItemSchema,
  messageSchema,
  registerResponseSchema,
} from '@wallet/contract';
import type { FastifyRequest } from 'fastify';
import { orgOf, userOf } from '../../http/context.js';
import { requireUser } from '../../http/guards.js';
import { clearSessionCookie, setCsrfCookie, setSessionCookie } from '../../http/session.js';
import { presentMe } from '../users/presenter.js';
import type { UserWithRoles } from '../users/service.js';
import type { Organization } from '../orgs/service.js';
import { cardIssuerInfo } from '../../issuing/index.js';
import { changePassword, confirmPassword, registerAndSignIn, signIn, signOut } from './service.js';
import { setChallengeCookie } from '../../http/two-factor-challenge-cookie.js';

function clientOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 512) ?? null };
}

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // card_issuer: how the card page shows a card's number (the simulator's reveal, or Stripe.js with this publishable key).
  const meOf = (user: UserWithRoles, org: Organization): Me => ({
    ...presentMe(user, org),
    card_issuer: cardIssuerInfo(fastify.deps.config),
  });

  app.get(
    '/sanctum/csrf-cookie',
    { schema: { response: { 204: emptyResponse('The XSRF-TOKEN cookie is set') } } },
    async (request, reply) => {
      // Keep a token the browser already holds so requests in flight keep matching.
      setCsrfCookie(fastify, reply, request.cookies[CSRF_COOKIE] || undefined);
      return reply.code(204).send();
    },
  );

  app.post(
    '/login',
    { schema: { body: loginSchema, response: { 200: loginResponseSchema, ...errorResponses(429) } } },
    async (request, reply): Promise<LoginResponse> => {
      const org = orgOf(request);
      const result = await signIn(fastify.deps.db, org.id, request.body, clientOf(request));
      // Only a sign-in that succeeds replaces the current session; a wrong password leaves it alone.
      if (request.auth) await signOut(fastify.deps.db, request.auth.sessionId);
      if (result.twoFactor) {
        setChallengeCookie(fastify, reply, result.challengeToken);
        return { message: TWO_FACTOR_MESSAGES.codeNeeded, two_factor: true };
      }
      setSessionCookie(fastify, reply, result.token);
      // Who signed in, as GET /api/me answers it: the app goes on without asking (one round trip less, D10).
      return { message: MESSAGES.loggedIn, two_factor: false, data: meOf(result.user, org) };
    },
  );

  app.post(
    '/logout',
    { onRequest: requireUser, schema: { response: { 204: emptyResponse('Signed out') } } },
    async (request, reply) => {
      await signOut(fastify.deps.db, request.auth!.sessionId);
      clearSessionCookie(fastify, reply);
      return reply.code(204).send();
    },
  );

  /** Registration by invitation: sets the password and signs the person in. */
  app.post(
    '/api/auth/register',
    { schema: { body: registerSchema, response: { 200: registerResponseSchema, ...errorResponses(429) } } },
    async (request, reply) => {
      const org = orgOf(request);
      const { user, token } = await registerAndSignIn(
        fastify.deps.db,
        org.id,
        request.body,
        clientOf(request),
        request.auth?.sessionId ?? null,
      );
      setSessionCookie(fastify, reply, token);
      return { message: MESSAGES.loggedIn, two_factor: false, data: presentMe(user, org) };
    },
  );

  app.put(
    '/user/password',
    { onRequest: requireUser, schema: { body: changePasswordSchema, response: { 200: messageSchema } } },
    async (request) => {
      const org = orgOf(request);
      await changePassword(fastify.deps.db, org.id, userOf(request), request.auth!.sessionId, request.body);
      return { message: PASSWORD_MESSAGES.changed };
    },
  );

  app.post(
    '/user/confirm-password',
    { onRequest: requireUser, schema: { body: confirmPasswordSchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      const org = orgOf(request);
      await confirmPassword(fastify.deps.db, org.id, userOf(request), request.auth!.sessionId, request.body.password);
      return reply.code(201).send({ message: MESSAGES.passwordConfirmed });
    },
  );

  app.get('/api/me', { onRequest: requireUser, schema: { response: { 200: meItemSchema } } }, async (request) => ({
    data: meOf(userOf(request), orgOf(request)),
  }));
}
