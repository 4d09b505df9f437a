import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@wallet/contract';
import { findOrganizationBySlug, type Organization } from '../modules/orgs/service.js';
import type { Db } from '../db/database.js';

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

/** How long a process keeps an organisation it looked up: every request needs one, and they change only by the CLI. */
const ORG_CACHE_MS = 10_000;
const ORG_CACHE_MAX = 10_000;

/** findOrganizationBySlug with a short per-process memory; unknown slugs are not remembered, so a new one is found at once. */
export function cachedOrganizationLookup(db: Db, now = () => Date.now()): (slug: string) => Promise<Organization | undefined> {
  const known = new Map<string, { org: Organization; until: number }>();
  return async (slug) => {
    const hit = known.get(slug);
    if (hit && hit.until > now()) return hit.org;
    const org = await findOrganizationBySlug(db, slug);
    if (!org) {
      known.delete(slug);
      return undefined;
    }
    if (known.size >= ORG_CACHE_MAX) known.clear();
    known.set(slug, { org, until: now() + ORG_CACHE_MS });
    return org;
  };
}

export function registerTenancy(app: FastifyInstance) {
  app.decorateRequest('org', null);
  const organizationBySlug = cachedOrganizationLookup(app.deps.db);
  app.addHook('onRequest', async (request, reply) => {
    if (isTenantFree(request.url)) return;
    const { APP_DOMAIN, DEFAULT_ORG } = app.deps.config;
    const slug = orgSlugFromHost(request.hostname, APP_DOMAIN, DEFAULT_ORG);
    request.org = (await organizationBySlug(slug)) ?? null;
    if (request.org) return;
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/sanctum/');
    if (!wantsPage) return reply.code(404).send({ message: MESSAGES.organisationNotFound });
    if (!request.url.startsWith(ORG_NOT_FOUND_PAGE)) return reply.redirect(ORG_NOT_FOUND_PAGE);
  });
}
