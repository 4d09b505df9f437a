import type { FastifyInstance } from 'fastify';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { openApiDocumentSchema } from '@wallet/contract';
import {
  documentErrors,
  errorStatusesOf,
  SECURITY_SCHEMES,
  securityOf,
  type RouteOptions,
} from './openapi-security.js';
import { operationIdOf } from './openapi-names.js';
import { OPERATION_NAMES } from './openapi-summaries.js';

export const OPENAPI_PATHS = ['/api/docs', '/api/docs/json'] as const;

type TransformInput = Parameters<SwaggerTransform>[0];
type TransformOutput = ReturnType<SwaggerTransform>;
type Schema = Record<string, unknown>;

const SCHEMA_PARTS = ['params', 'querystring', 'body', 'headers'] as const;

const FREE_FORM_QUERY = {
  type: 'object',
  additionalProperties: true,
  description:
    'Free-form: the list conventions filter[...], sort (comma list, - for descending), include, fields[...], page[number], page[size]. ' +
    'An unknown parameter is a 400 naming it.',
};

/**
 * Parameters are listed from an object schema's properties; a record or a union (the list queries) has none, so it
 * becomes one free-form object parameter (form style, exploded: any key=value pairs) instead of bogus names.
 */
function asParameterObject(part: (typeof SCHEMA_PARTS)[number], json: unknown): unknown {
  if (part === 'body' || !json || typeof json !== 'object' || 'properties' in json || '$ref' in json) return json;
  return {
    type: 'object',
    properties: {
      [part === 'querystring' ? 'query' : part]: part === 'querystring' ? FREE_FORM_QUERY : { type: 'object' },
    },
  };
}

/** What a success answer is called when its schema has no description of its own (else 'Default Response'). */
const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'Done, no content',
  302: 'A redirect (Location)',
  304: 'Not modified',
};

function withDescription(status: string, response: Schema): Schema {
  if (response.description || !SUCCESS_DESCRIPTIONS[status]) return response;
  // @fastify/swagger takes x-response-description as the response's description, not the schema's.
  return { ...response, 'x-response-description': SUCCESS_DESCRIPTIONS[status] };
}

/** Where the transform leaves an operation's error statuses for documentErrors (an x- key, so the plugin keeps it). */
const ERROR_STATUSES = 'x-error-statuses';

function methodOf(route: RouteOptions | undefined): string {
  const method = route?.method;
  return ((Array.isArray(method) ? method[0] : method) ?? 'GET').toUpperCase();
}

/** The tag of an operation: its path's first segment after /api (cards, users, login...). */
function tagOf(url: string): string {
  const segments = url.split('/').filter((segment) => segment !== '' && segment !== 'api' && !segment.startsWith(':'));
  return segments[0] ?? 'root';
}

/**
 * The zod transform of fastify-type-provider-zod, made total: a schema part that zod can't express as JSON
 * Schema becomes an untyped schema ({}) instead of failing the whole document, and every operation gets a tag.
 */
export function createSafeTransform(): SwaggerTransform {
  const zodTransform = createJsonSchemaTransform({ skipList: [] }) as SwaggerTransform;

  const convert = (input: TransformInput, part: Schema): Schema | undefined => {
    try {
      return zodTransform({ ...input, schema: part } as TransformInput).schema as Schema | undefined;
    } catch {
      return undefined;
    }
  };

  const partwise = (input: TransformInput): Schema => {
    const schema = input.schema as Schema;
    const result: Schema = {};
    for (const [key, value] of Object.entries(schema)) {
      if ((SCHEMA_PARTS as readonly string[]).includes(key)) {
        result[key] = convert(input, { [key]: value })?.[key] ?? {};
      } else if (key === 'response' && value && typeof value === 'object') {
        const responses: Schema = {};
        for (const [status, response] of Object.entries(value)) {
          const converted = convert(input, { response: { [status]: response } })?.response as Schema | undefined;
          responses[status] = converted?.[status] ?? {};
        }
        result.response = responses;
      } else {
        result[key] = value;
      }
    }
    return result;
  };

  return (input: TransformInput): TransformOutput => {
    let schema: Schema = {};
    const declared = (input.schema ?? {}) as Schema;
    if (input.schema) {
      try {
        schema = (zodTransform(input).schema ?? {}) as Schema;
      } catch {
        schema = partwise(input);
      }
    }
    if (schema.hide) return { schema: schema as TransformOutput['schema'], url: input.url };
    for (const part of SCHEMA_PARTS) if (part in schema) schema[part] = asParameterObject(part, schema[part]);
    const method = methodOf(input.route as RouteOptions | undefined);
    const route = { method, url: input.url, options: input.route as RouteOptions | undefined, declared };
    schema.tags ??= [tagOf(input.url)];
    const named = OPERATION_NAMES[`${method} ${input.url}`];
    schema.operationId ??= named?.operationId ?? operationIdOf(method, input.url);
    schema.summary ??= named?.summary ?? `${method} ${input.url}`;
    schema.security ??= securityOf(route);
    // The error answers become references to the shared ones (documentErrors below), not copies in every operation.
    const responses = Object.fromEntries(
      Object.entries((schema.response ?? {}) as Schema)
        .filter(([status]) => !/^4/.test(status))
        .map(([status, response]) => [status, withDescription(status, response as Schema)]),
    );
    schema.response = Object.keys(responses).length > 0 ? responses : undefined;
    schema[ERROR_STATUSES] = errorStatusesOf(route);
    return { schema: schema as TransformOutput['schema'], url: input.url };
  };
}

/**
 * The OpenAPI document of every registered route, generated from the route schemas (ARCHITECTURE.md D6) and served,
 * public, at GET /api/docs (and /api/docs/json). Register it before the routes: it collects them as they are added.
 * The document holds paths and schemas and, of the configuration, only the public address (PUBLIC_URL).
 * openapi-lint.test.ts keeps it clean under Redocly's recommended rules.
 */
export async function registerOpenApi(app: FastifyInstance) {
  const publicUrl = app.deps.config.PUBLIC_URL;
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Spend wallet API',
        description:
          'Amounts are integer cents. State-changing requests need the XSRF-TOKEN cookie (GET /sanctum/csrf-cookie) echoed in X-XSRF-TOKEN; ' +
          'the session is an httpOnly cookie set by POST /login. Errors are { message, errors?: { field: [messages] } }.',
        version: '1.0.0',
        // The product is not open source: a proprietary licence (an SPDX LicenseRef), its operator the contact.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        contact: { name: 'The operator of this installation', url: publicUrl },
      },
      // From configuration, never from a request's Host. Other organisations than DEFAULT_ORG are at <slug>.<this host>.
      servers: [{ url: publicUrl, description: 'This installation (the default organisation)' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: createSafeTransform(),
    transformObject: (documentObject) =>
      documentErrors((documentObject as { openapiObject: Schema }).openapiObject, ERROR_STATUSES),
  });
  for (const url of OPENAPI_PATHS) {
    app.get(url, { schema: { tags: ['docs'], response: { 200: openApiDocumentSchema } } }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').send(app.swagger()),
    );
  }
}
