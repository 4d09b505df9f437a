import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, isAdmin } from '@wallet/contract';
import { orgOf } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { countMessages, escapeHtml, findOrgMessage, listMessages } from './service.js';

const PAGE_SIZE = 25;

/** Signed-in admins only; others are sent to sign in or refused, as a page rather than JSON. */
function refuse(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!request.auth) {
    reply.redirect('/login');
    return true;
  }
  if (!isAdmin(request.auth.user.roles)) {
    reply.code(403).type('text/html').send(page('Mailbox', '<p>Only admins can read the development mailbox.</p>'));
    return true;
  }
  return false;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f5f7fb;color:#1f2937}main{max-width:960px;margin:0 auto;padding:24px}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:8px;overflow:hidden}th,td{text-align:left;padding:10px 12px;border-bottom:1px solid #e5e7eb;font-size:14px;vertical-align:top}
th{background:#f9fafb}a{color:#1f4fd1}.muted{color:#6b7280;font-size:13px}pre{white-space:pre-wrap;background:#fff;padding:16px;border-radius:8px}
iframe{width:100%;height:640px;border:1px solid #e5e7eb;border-radius:8px;background:#fff}nav{display:flex;gap:12px;margin:16px 0}</style></head>
<body><main>${body}</main></body></html>`;
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
    { schema: { querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }) } },
    async (request, reply) => {
      if (refuse(request, reply)) return reply;
      const org = orgOf(request);
      const pageNumber = request.query.page;
      const [messages, total] = await Promise.all([
        listMessages(db, org.id, PAGE_SIZE, (pageNumber - 1) * PAGE_SIZE),
        countMessages(db, org.id),
      ]);
      const rows = messages
        .map(
          (
            message,
          ) => `<tr><td><a href="/dev/mailbox/${message.id}">${escapeHtml(message.subject)}</a><div class="muted">${escapeHtml(message.kind)}</div></td>
<td>${escapeHtml(message.to_name ? `${message.to_name} <${message.to_email}>` : message.to_email)}</td><td>${escapeHtml(message.status)}</td>
<td class="muted">${message.created_at.toISOString().replace('T', ' ').slice(0, 19)} UTC</td></tr>`,
        )
        .join('');
      const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
      const nav = `<nav>${pageNumber > 1 ? `<a href="?page=${pageNumber - 1}">Newer</a>` : ''}<span class="muted">Page ${pageNumber} of ${lastPage} · ${total} messages</span>${pageNumber < lastPage ? `<a href="?page=${pageNumber + 1}">Older</a>` : ''}</nav>`;
      const body = `<h1>Mailbox · ${escapeHtml(org.name)}</h1><p class="muted">Mail sent while no SMTP server is configured (SMTP_URL). Development only.</p>
${total === 0 ? '<p>No mail has been sent yet.</p>' : `<table><thead><tr><th>Subject</th><th>To</th><th>Status</th><th>Sent</th></tr></thead><tbody>${rows}</tbody></table>${nav}`}`;
      return reply.type('text/html').header('cache-control', 'no-store').send(page('Mailbox', body));
    },
  );

  app.get('/dev/mailbox/:id', { schema: { params: z.object({ id: idSchema }) } }, async (request, reply) => {
    if (refuse(request, reply)) return reply;
    const message = await findOrgMessage(db, orgOf(request).id, request.params.id);
    if (!message) throw notFound();
    const body = `<p><a href="/dev/mailbox">← Mailbox</a></p><h1>${escapeHtml(message.subject)}</h1>
<p class="muted">To ${escapeHtml(message.to_email)} · ${escapeHtml(message.status)} · ${message.created_at.toISOString()}</p>
<iframe title="Message" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" src="/dev/mailbox/${message.id}/html"></iframe>
<h2>Text</h2><pre>${escapeHtml(message.text_body)}</pre>`;
    return reply.type('text/html').header('cache-control', 'no-store').send(page(message.subject, body));
  });

  app.get('/dev/mailbox/:id/html', { schema: { params: z.object({ id: idSchema }) } }, async (request, reply) => {
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
  });
}
