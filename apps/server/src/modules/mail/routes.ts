import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyResponse, idSchema, pageResponse } from '@wallet/contract';

/** The mailbox answers pages, and sends a browser without a session to sign in (a 403 page for non-admins). */
const mailboxResponses = (page: string) => ({
  200: pageResponse(page),
  302: emptyResponse('Not signed in: to /login'),
});
/** Signed-in admins only, checked by the routes themselves (they answer pages, not JSON errors). */
const security = [{ session: [] }];
import { orgOf } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { canReadMailbox } from './policy.js';
import { mailboxPage, mailboxRefusalPage, messagePage } from './presenter.js';
import { countMessages, findOrgMessage, listMessages } from './service.js';

const PAGE_SIZE = 25;

/** Signed-in admins only; others are sent to sign in or refused, as a page rather than JSON. */
function refuse(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!request.auth) {
    reply.redirect('/login');
    return true;
  }
  if (!canReadMailbox(request.auth.user)) {
    reply.code(403).type('text/html').send(mailboxRefusalPage());
    return true;
  }
  return false;
}

/**
 * The outbox at /dev/mailbox: every mail the product sent, readable in development when no SMTP server is
 * configured. Not registered in production.
 */
export async function mailboxRoutes(fastify: FastifyInstance) {
  if (fastify.deps.config.NODE_ENV === 'production') return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;

  app.get(
    '/dev/mailbox',
    {
      schema: {
        querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
        security,
        response: mailboxResponses('The mails sent, newest first'),
      },
    },
    async (request, reply) => {
      if (refuse(request, reply)) return reply;
      const org = orgOf(request);
      const pageNumber = request.query.page;
      const [messages, total] = await Promise.all([
        listMessages(db, org.id, PAGE_SIZE, (pageNumber - 1) * PAGE_SIZE),
        countMessages(db, org.id),
      ]);
      return reply
        .type('text/html')
        .header('cache-control', 'no-store')
        .send(mailboxPage(org, messages, { page: pageNumber, total, pageSize: PAGE_SIZE }));
    },
  );

  app.get(
    '/dev/mailbox/:id',
    { schema: { params: z.object({ id: idSchema }), security, response: mailboxResponses('One mail') } },
    async (request, reply) => {
      if (refuse(request, reply)) return reply;
      const message = await findOrgMessage(db, orgOf(request).id, request.params.id);
      if (!message) throw notFound();
      return reply.type('text/html').header('cache-control', 'no-store').send(messagePage(message));
    },
  );

  app.get(
    '/dev/mailbox/:id/html',
    { schema: { params: z.object({ id: idSchema }), security, response: mailboxResponses("The mail's HTML body") } },
    async (request, reply) => {
      if (refuse(request, reply)) return reply;
      const message = await findOrgMessage(db, orgOf(request).id, request.params.id);
      if (!message) throw notFound();
      // The mail's own inline styles only; no scripts, frames allowed from the same origin for the viewer.
      return reply
        .type('text/html')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'",
        )
        .header('x-frame-options', 'SAMEORIGIN')
        .send(message.html_body);
    },
  );
}
