import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { orgOf } from './context.js';

/**
 * The address of an organisation's app, for every absolute link the server writes (mails, OAuth callbacks).
 * Built from configuration only (PUBLIC_URL and the organisation's slug), never from Host, X-Forwarded-Host or
 * Origin: a request's headers are the attacker's to write (ARCHITECTURE.md D5).
 * DEFAULT_ORG lives on the bare domain; any other organisation on `<slug>.<domain>`.
 */
export function organizationOrigin(
  config: Pick<Config, 'PUBLIC_URL' | 'DEFAULT_ORG'>,
  organization: { slug: string },
): string {
  const url = new URL(config.PUBLIC_URL);
  if (organization.slug !== config.DEFAULT_ORG) url.hostname = `${organization.slug}.${url.hostname}`;
  return url.origin;
}

/** organizationOrigin for the organisation a request was served for (its Host only picks the organisation). */
export function organizationOriginOf(request: FastifyRequest): string {
  return organizationOrigin(request.server.deps.config, orgOf(request));
}
