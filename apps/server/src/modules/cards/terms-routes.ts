import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CARD_MESSAGES, termsAcceptanceSchema, termsAcceptedSchema } from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { requireUser } from '../../http/guards.js';
import { acceptIssuingTerms } from './service.js';

/** POST /api/issuing-tos-acceptances/accept: records when, from where and with what the holder accepted. */
export async function termsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = fastify.deps;

  app.post(
    '/api/issuing-tos-acceptances/accept',
    { onRequest: requireUser, schema: { body: termsAcceptanceSchema, response: { 201: termsAcceptedSchema } } },
    async (request, reply) => {
      const acceptance = await acceptIssuingTerms(deps, orgOf(request).id, userOf(request).id, {
        date: new Date(),
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 512) ?? 'unknown',
      });
      return reply
        .code(201)
        .send({ message: CARD_MESSAGES.termsAccepted, data: { accepted_at: acceptance.date.toISOString() } });
    },
  );
}
