import { z } from 'zod';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, errorBodySchema } from '@wallet/contract';
import { requireAdmin, requireUser } from './guards.js';
import { isTenantFree } from './tenancy.js';
import { listQuerystring } from './list-query.js';

type Schema = Record<string, unknown>;

/** What the transform knows of a route: its method, URL, options (hooks) and the schema as the route declared it. */
export interface RouteOptions {
  method?: string | string[];
  onRequest?: unknown;
}
export interface DocumentedRoute {
  method: string;
  url: string;
  options: RouteOptions | undefined;
  declared: Schema;
}

const UNSAFE = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);
/** Provider webhooks are authenticated by their signature, not by a browser's cookies (http/csrf.ts). */
const isWebhook = (url: string) => url.startsWith('/webhooks/');

export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The httpOnly session cookie POST /login (or a two-factor challenge, or SSO) sets.',
  },
  csrf: {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER,
    description: `Double-submit CSRF: every POST, PUT, PATCH and DELETE echoes the ${CSRF_COOKIE} cookie (GET /sanctum/csrf-cookie sets it) in this header; else 419.`,
  },
} as const;

function hooksOf(route: DocumentedRoute): unknown[] {
  const hooks = route.options?.onRequest;
  return Array.isArray(hooks) ? hooks : hooks ? [hooks] : [];
}

const needsSession = (route: DocumentedRoute) =>
  hooksOf(route).some((hook) => hook === requireUser || hook === requireAdmin);
const needsAdmin = (route: DocumentedRoute) => hooksOf(route).includes(requireAdmin);

/**
 * A route guarded by requireUser or requireAdmin needs the session; an unsafe method needs the CSRF header too.
 * Any other route is public (security []), though an unsafe one still needs the CSRF header; webhooks need neither.
 */
export function securityOf(route: DocumentedRoute): Array<Record<string, string[]>> {
  const csrf = UNSAFE(route.method) && !isWebhook(route.url);
  if (needsSession(route)) return [csrf ? { session: [], csrf: [] } : { session: [] }];
  return csrf ? [{ csrf: [] }] : [];
}

/**
 * The error statuses a route can answer: the ones it declares in its response schema (403, 409, 423, 429...) and the
 * ones its guards and schemas imply: 401 without a session, 403 for a non-admin, 404 for an unknown id or an unknown
 * organisation (http/tenancy.ts: /api/, /sanctum/ and unsafe requests; pages are redirected instead), 419 without the
 * CSRF header, 422 for a parameter, query or body that fails its schema, 400 for a list query with a parameter it does
 * not know, and 421 for a Host that names no organisation (every route but the health check).
 */
export function errorStatusesOf(route: DocumentedRoute): number[] {
  const declared = Object.keys((route.declared.response ?? {}) as Schema)
    .filter((status) => /^4\d\d$/.test(status))
    .map(Number);
  const unknownOrganisation =
    !isTenantFree(route.url) &&
    (route.url.startsWith('/api/') || route.url.startsWith('/sanctum/') || UNSAFE(route.method));
  const implied = [
    route.declared.querystring === listQuerystring && 400,
    needsSession(route) && 401,
    needsAdmin(route) && 403,
    (route.url.includes('/:') || unknownOrganisation) && 404,
    UNSAFE(route.method) && !isWebhook(route.url) && 419,
    ['params', 'querystring', 'body'].some((part) => part in route.declared) && 422,
    route.url !== '/healthz' && 421,
  ].filter((status): status is number => typeof status === 'number');
  return [...new Set([...declared, ...implied])].sort();
}

/** The shared error answers, by status: the same body (errorBodySchema) with what the status means here. */
const ERROR_RESPONSES: Record<number, { name: string; description: string; headers?: Schema }> = {
  400: {
    name: 'BadRequest',
    description:
      'The request is malformed: its JSON, an unknown list parameter, an unreadable upload, a bad signature.',
  },
  401: { name: 'Unauthenticated', description: 'No live session: sign in first.' },
  403: { name: 'Forbidden', description: "The signed-in user's roles do not allow this." },
  404: { name: 'NotFound', description: 'No such record in this organisation, or no such organisation.' },
  409: { name: 'Conflict', description: 'The record is not in a state that allows this (the message says why).' },
  413: { name: 'PayloadTooLarge', description: 'The body (an upload) is larger than allowed.' },
  421: {
    name: 'MisdirectedRequest',
    description: 'The Host header names no organisation served here (<slug>.APP_DOMAIN, or APP_DOMAIN itself).',
  },
  419: { name: 'CsrfMismatch', description: 'The X-XSRF-TOKEN header does not echo the XSRF-TOKEN cookie.' },
  422: {
    name: 'ValidationFailed',
    description: 'A field is invalid: errors holds each failed field (dotted paths) with its messages.',
  },
  423: {
    name: 'PasswordConfirmationRequired',
    description: 'Confirm the password (POST /user/confirm-password) first.',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many attempts: retry after the number of seconds in Retry-After.',
    headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait before trying again.' } },
  },
};

/**
 * transformObject: each operation's error statuses (left by the transform under `key`) become references to shared
 * responses, and only the responses used are added to components (Redocly flags unused components). Every operation
 * also gets `default`: the same body for a 500 or any status not listed (so a redirect-only operation has an answer
 * besides its 3xx, as Redocly's operation-2xx-response asks).
 */
export function documentErrors(document: Schema, key: string): Schema {
  const used = new Set<number>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, Schema>>;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const statuses = (operation[key] ?? []) as number[];
      delete operation[key];
      const responses = (operation.responses ??= {}) as Schema;
      for (const status of statuses) {
        const known = ERROR_RESPONSES[status];
        if (!known) throw new Error(`No shared error response for status ${status}: add it to ERROR_RESPONSES`);
        responses[status] = { $ref: `#/components/responses/${known.name}` };
        used.add(status);
      }
      responses.default = { $ref: '#/components/responses/UnexpectedError' };
    }
  }
  const components = (document.components ?? {}) as Schema;
  const error = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  const responses: Schema = {
    ...(components.responses as Schema | undefined),
    UnexpectedError: {
      description: 'An unexpected error (500, details in the log), or a status not listed.',
      content: error,
    },
  };
  for (const status of [...used].sort()) {
    const { name, description, headers } = ERROR_RESPONSES[status]!;
    responses[name] = {
      description,
      ...(headers && { headers }),
      content: error,
    };
  }
  const { $schema: _dialect, ...errorSchema } = z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' });
  const schemas = { ...(components.schemas as Schema | undefined), Error: errorSchema };
  return { ...document, components: { ...components, schemas, responses } };
}
