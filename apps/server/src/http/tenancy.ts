import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@wallet/contract';
import { findOrganizationBySlug, type Organization } from '../modules/orgs/service.js';
import type { Db } from '../db/database.js';

/** What a request's Host may be: a name or a bracketed IPv6 address, and an optional numeric port. Nothing else. */
const HOST_SHAPE = /^(?<name>\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(?<port>\d{1,5}))?$/i;
const DNS_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

export interface HostRules {
  appDomain: string;
  defaultOrg: string;
  servedIps: readonly string[];
}

/**
 * ARCHITECTURE.md D5: the one label in front of APP_DOMAIN names the organisation (acme.localhost -> acme); the bare
 * APP_DOMAIN or a served IP address is DEFAULT_ORG. Anything else (another domain, userinfo, a non-numeric port,
 * labels nested deeper, an IP address not configured) is null: refused, never mapped to DEFAULT_ORG.
 */
export function orgSlugFromHost(host: string | undefined, rules: HostRules): string | null {
  const match = HOST_SHAPE.exec(host ?? '');
  if (!match?.groups) return null;
  const name = match.groups
    .name!.toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (match.groups.port !== undefined && Number(match.groups.port) > 65535) return null;
  if (net.isIP(name)) return rules.servedIps.includes(name) ? rules.defaultOrg : null;
  const domain = rules.appDomain.toLowerCase();
  if (name === domain) return rules.defaultOrg;
  if (!name.endsWith(`.${domain}`)) return null;
  const label = name.slice(0, -(domain.length + 1));
  return DNS_LABEL.test(label) ? label : null;
}

/**
 * The operator's endpoints (health, readiness, metrics): answered on whatever Host a load balancer or a scraper
 * uses, an IP address or an internal name, without asking which organisation it names.
 */
const OPERATOR_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/** Paths that serve no organisation's data: built assets and the operator's endpoints. */
export function isTenantFree(url: string): boolean {
  return (
    url.startsWith('/assets/') ||
    url.startsWith('/webhooks/') ||
    OPERATOR_PATHS.has(url) ||
    url === '/favicon.svg' ||
    url === '/favicon.ico'
  );
}

export const ORG_NOT_FOUND_PAGE = '/organization/not-found';

/** How long a process keeps an organisation it looked up: every request needs one, and they change only by the CLI. */
const ORG_CACHE_MS = 10_000;
const ORG_CACHE_MAX = 10_000;

/** findOrganizationBySlug with a short per-process memory; unknown slugs are not remembered, so a new one is found at once. */
export function cachedOrganizationLookup(
  db: Db,
  now = () => Date.now(),
): (slug: string) => Promise<Organization | undefined> {
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
  const { APP_DOMAIN, DEFAULT_ORG, SERVED_IPS } = app.deps.config;
  const rules: HostRules = { appDomain: APP_DOMAIN, defaultOrg: DEFAULT_ORG, servedIps: SERVED_IPS };
  app.addHook('onRequest', async (request, reply) => {
    if (OPERATOR_PATHS.has(request.url)) return;
    // request.host is the Host header, or X-Forwarded-Host from a trusted proxy.
    const slug = orgSlugFromHost(request.host, rules);
    if (slug === null)
      return reply.code(421).header('cache-control', 'no-store').send({ message: MESSAGES.unknownHost });
    if (isTenantFree(request.url)) return;
    request.org = (await organizationBySlug(slug)) ?? null;
    if (request.org) return;
    const wantsPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/sanctum/');
    if (!wantsPage) return reply.code(404).send({ message: MESSAGES.organisationNotFound });
    if (!request.url.startsWith(ORG_NOT_FOUND_PAGE)) return reply.redirect(ORG_NOT_FOUND_PAGE);
  });
}
