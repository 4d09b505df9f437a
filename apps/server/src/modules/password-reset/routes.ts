import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PASSWORD_RESET_MESSAGES,
  forgotPasswordSchema,
  resetPasswordSchema,
  type PasswordResetResponse,
  errorResponses,
  messageSchema,
} from '@wallet/contract';
import { orgOf } from '../../http/context.js';
import { organizationOriginOf } from '../../http/public-url.js';
import { requestPasswordReset, resetPassword } from './service.js';

/** Forgot and reset password (PRODUCT.md §2, §5, §7): public, throttled per account and per IP. */
export async function passwordResetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, jobs } = fastify.deps;

  app.post(
    '/forgot-password',
    { schema: { body: forgotPasswordSchema, response: { 200: messageSchema, ...errorResponses(429) } } },
    async (request): Promise<PasswordResetResponse> => {
      await requestPasswordReset(db, jobs, {
        organization: orgOf(request),
        email: request.body.email,
        origin: organizationOriginOf(request),
        ip: request.ip,
      });
      return { message: PASSWORD_RESET_MESSAGES.linkSent };
    },
  );

  app.post(
    '/reset-password',
    { schema: { body: resetPasswordSchema, response: { 200: messageSchema, ...errorResponses(429) } } },
    async (request): Promise<PasswordResetResponse> => {
      const session = request.auth ? { id: request.auth.sessionId, userId: request.auth.user.id } : null;
      await resetPassword(db, orgOf(request).id, request.body, { ip: request.ip, session });
      return { message: PASSWORD_RESET_MESSAGES.changed };
    },
  );
}
