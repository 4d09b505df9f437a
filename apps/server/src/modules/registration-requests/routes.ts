import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyResponse } from '@wallet/contract';
import { orgOf } from '../../http/context.js';
import { organizationOriginOf } from '../../http/public-url.js';
import { answerByLink } from './service.js';

export async function registrationRequestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** An admin's one-click Approve or Block from the mail: no session needed, the single-use link is the credential. */
  app.get(
    '/api/registration-requests/links/:token',
    {
      schema: {
        params: z.object({ token: z.string().min(20).max(100) }),
        response: { 302: emptyResponse('To /registration-approval-status?status=... saying what the link did') },
      },
    },
    async (request, reply) => {
      const target = await answerByLink(
        fastify.deps,
        orgOf(request),
        organizationOriginOf(request),
        request.params.token,
      );
      return reply.header('cache-control', 'no-store').redirect(target);
    },
  );
}
