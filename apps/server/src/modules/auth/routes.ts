import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CSRF_COOKIE, MESSAGES, loginSchema, type LoginResponse } from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { requireUser } from '../../http/guards.js';
import { clearSessionCookie, setCsrfCookie, setSessionCookie } from '../../http/session.js';
import { presentMe } from '../users/presenter.js';
import { signIn, signOut } from './service.js';

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/sanctum/csrf-cookie', async (request, reply) => {
    // Keep a token the browser already holds so requests in flight keep matching.
    setCsrfCookie(fastify, reply, request.cookies[CSRF_COOKIE] || undefined);
    return reply.code(204).send();
  });

  app.post('/login', { schema: { body: loginSchema } }, async (request, reply): Promise<LoginResponse> => {
    const org = orgOf(request);
    if (request.auth) await signOut(fastify.deps.db, request.auth.sessionId);
    const { token } = await signIn(fastify.deps.db, org.id, request.body, {
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
    });
    setSessionCookie(fastify, reply, token);
    return { message: MESSAGES.loggedIn, two_factor: false };
  });

  app.post('/logout', { preHandler: requireUser }, async (request, reply) => {
    await signOut(fastify.deps.db, request.auth!.sessionId);
    clearSessionCookie(fastify, reply);
    return reply.code(204).send();
  });

  app.get('/api/me', { preHandler: requireUser }, async (request) => ({ data: presentMe(userOf(request), orgOf(request)) }));
}
