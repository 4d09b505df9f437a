import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@wallet/contract';
import { findOrganizationBySlug } from '../modules/orgs/service.js';

/**
 * DESIGN §5: the label in front of APP_DOMAIN names the organisation (acme.localhost -> acme); the bare
 * APP_DOMAIN, an IP address or any other host gets DEFAULT_ORG.
 */
export function orgSlugFromHost(hostname: string, appDomain: string, defaultOrg: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '').replace(/^\[|\]$/g, '');
  const domain = appDomain.toLowerCase();
  if (net.isIP(host) || host === domain || !host.endsWith(`.${domain}`)) return defaultOrg;
  const prefix = host.slice(0, -(domain.length + 1));
  return prefix.split('.')[0] ?? defaultOrg;
}

/** Paths that serve no organisation's data: built assets and the health check. */
export function isTenantFree(url: string): boolean {
  return url.startsWith('/assets/') || url.startsWith('/webhooks/') || url === '/healthz' || url === '/favicon.svg' || url === '/favicon.ico';
}

export const ORG_NOT_FOUND_PAGE = '/organization/not-found';

export function registerTenancy(app: FastifyInstance) {
  app.decorateRequest('org', null);
  app.addHook('onRequest', async (request, reply) => {
    if (isTenantFree(request.url)) return;
    const { APP_DOMAIN, DEFAULT_ORG } = app.deps.config;
    const slug = orgSlugFromHost(request.hostname, APP_DOMAIN, DEFAULT_ORG);
    request.org = (await findOrganizationBySlug(app.deps.db, slug)) ?? null;
    if (request.org) return;
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/sanctum/');
    if (!wantsPage) return reply.code(404).send({ message: MESSAGES.organisationNotFound });
    if (!request.url.startsWith(ORG_NOT_FOUND_PAGE)) return reply.redirect(ORG_NOT_FOUND_PAGE);
  });
}
