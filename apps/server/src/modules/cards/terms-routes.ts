import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CARD_MESSAGES, termsAcceptanceSchema } from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { conflict } from '../../http/errors.js';
import { requireUser } from '../../http/guards.js';
import { setTermsAccepted } from '../users/service.js';
import { viaIssuer } from './issuer-calls.js';
import { findCardholderOfUser } from './service.js';

/** POST /api/issuing-tos-acceptances/accept: records when, from where and with what the holder accepted. */
export async function termsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, issuer } = fastify.deps;

  app.post(
    '/api/issuing-tos-acceptances/accept',
    { onRequest: requireUser, schema: { body: termsAcceptanceSchema } },
    async (request, reply) => {
      const org = orgOf(request);
      const user = userOf(request);
      const cardholder = await findCardholderOfUser(db, org.id, user.id);
      if (!cardholder) throw conflict(CARD_MESSAGES.noCardholder);
      const acceptance = {
        date: new Date(),
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 512) ?? 'unknown',
      };
      await viaIssuer(() => issuer.acceptTerms(cardholder.provider_cardholder_id, acceptance));
      await setTermsAccepted(db, org.id, user.id, acceptance);
      return reply
        .code(201)
        .send({ message: CARD_MESSAGES.termsAccepted, data: { accepted_at: acceptance.date.toISOString() } });
    },
  );
}
