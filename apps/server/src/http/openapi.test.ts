import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type * as FastifyModule from 'fastify';
import { useTestApp } from '../test/context.js';
import { makeOrganization } from '../test/factories.js';
import { createSafeTransform } from './openapi.js';
import { OPERATION_NAMES } from './openapi-summaries.js';

/** Every route any Fastify instance registers, recorded apart from @fastify/swagger's own bookkeeping. */
const registered = vi.hoisted(
  () => [] as Array<{ method: string; url: string; hidden: boolean; responseStatuses: string[] }>,
);

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const create = ((options?: Parameters<typeof actual.default>[0]) => {
    const instance = actual.default(options);
    instance.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
      const hidden = Boolean(schema?.hide);
      const responseStatuses = Object.keys(schema?.response ?? {});
      for (const method of methods) registered.push({ method, url: route.url, hidden, responseStatuses });
    });
    return instance;
  }) as typeof actual.default;
  return { ...actual, default: create };
});

const SSO_SECRET = 'openapi-test-sso-secret-0123456789abcdef';
const ctx = useTestApp({ GIVING_SSO_SECRET: SSO_SECRET, GIVING_URL: 'http://giving.test' });

/** Fastify's /users/:id is OpenAPI's /users/{id}. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*/g, '{*}');

interface OpenApiDocument {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, { responses?: unknown; tags?: string[] }>>;
}

describe('GET /api/docs', () => {
  it('serves an OpenAPI 3 document with every registered route and method, to anyone, without secrets', async () => {
    const { host } = await makeOrganization(ctx.db);
    const response = await ctx.client(host).get('/api/docs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = JSON.parse(response.body) as OpenApiDocument;
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);

    // HEAD twins of GET routes are Fastify's automatic ones; hidden routes are static files of the built SPA.
    const routes = registered.filter((route) => route.method !== 'HEAD' && !route.hidden);
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]);
    expect(missing).toEqual([]);
    for (const must of [
      '/login',
      '/api/cards',
      '/users/{id}/avatar',
      '/api/organization/logo',
      '/webhooks/stripe',
      '/api/docs',
    ]) {
      expect(Object.keys(document.paths)).toContain(must);
    }

    const alias = await ctx.client(host).get('/api/docs/json');
    expect(alias.json()).toEqual(document);

    // PUBLIC_URL is public: the document's servers list is made of it.
    expect(document.servers).toEqual([expect.objectContaining({ url: ctx.config.PUBLIC_URL })]);
    const secrets = Object.entries(ctx.config).filter(
      ([key, value]) =>
        /SECRET|KEY|URL/.test(key) && key !== 'PUBLIC_URL' && typeof value === 'string' && value.length >= 8,
    );
    expect(secrets.map(([key]) => key)).toContain('GIVING_SSO_SECRET');
    for (const [, secret] of secrets) expect(response.body).not.toContain(secret);
    expect(response.body).not.toContain(ctx.databaseUrl);
  });

  it('knows what every route answers: each declares the response schema of its success (2xx or 3xx) answers', async () => {
    const routes = registered.filter((route) => route.method !== 'HEAD' && !route.hidden);
    expect(routes.length).toBeGreaterThan(50);
    const undeclared = routes.filter((route) => !route.responseStatuses.some((status) => /^[23]/.test(status)));
    expect(undeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('names every operation in openapi-summaries.ts, and names no route that is gone', async () => {
    const routes = registered.filter((route) => route.method !== 'HEAD' && !route.hidden);
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    expect(keys.filter((key) => !(key in OPERATION_NAMES))).toEqual([]);
    expect(Object.keys(OPERATION_NAMES).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('describes validated parts from the zod schemas', async () => {
    const { host } = await makeOrganization(ctx.db);
    const document = (await ctx.client(host).get('/api/docs')).json<OpenApiDocument>();
    const login = document.paths['/login']?.post as {
      requestBody?: { content: Record<string, { schema: { properties?: object } }> };
    };
    expect(Object.keys(login.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
    // A list's free-form query (a record schema) is one exploded object parameter, not its JSON Schema keywords.
    const parameters = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).flatMap(
        (operation) => (operation as { parameters?: Array<{ name: string }> }).parameters ?? [],
      ),
    );
    expect(parameters.map((parameter) => parameter.name)).not.toContain('propertyNames');
    const users = document.paths['/api/users']?.get as { parameters?: Array<{ name: string; in: string }> };
    expect(users.parameters).toEqual([expect.objectContaining({ name: 'query', in: 'query' })]);
  });
});

describe('createSafeTransform', () => {
  const transform = createSafeTransform();
  const openapiObject = { openapi: '3.1.0' };
  const run = (schema: Record<string, unknown>) =>
    transform({ schema, url: '/api/things/:id', route: {} as never, openapiObject } as unknown as Parameters<
      typeof transform
    >[0]).schema as Record<string, unknown>;

  it('converts transforms, refinements and unions without failing', () => {
    const body = z.union([
      z.object({
        amount: z
          .number()
          .int()
          .refine((value) => value > 0),
      }),
      z.object({ note: z.string().transform((value) => value.trim()) }),
    ]);
    const response = { 200: z.object({ at: z.date(), n: z.string().transform(Number) }) };
    const schema = run({ body, response, querystring: z.object({ q: z.preprocess((value) => value, z.string()) }) });
    expect(schema.body).toMatchObject({ anyOf: expect.any(Array) });
    expect(schema.tags).toEqual(['things']);
  });

  it('falls back to an untyped schema for a part zod cannot convert, keeping the rest', () => {
    const cyclic: z.ZodType = z.lazy(() => z.object({ child: cyclic }));
    const schema = run({
      body: cyclic,
      params: z.object({ id: z.coerce.number() }),
      response: { 200: z.object({ ok: z.boolean() }) },
    });
    expect(schema.params).toMatchObject({ properties: { id: expect.any(Object) } });
    expect(schema.response).toMatchObject({ 200: { properties: { ok: expect.any(Object) } } });
    expect(schema.body).toBeDefined();
  });

  it('tags a route without any schema', () => {
    const result = transform({
      schema: undefined,
      url: '/logout',
      route: {} as never,
      openapiObject,
    } as unknown as Parameters<typeof transform>[0]);
    expect(result.schema).toMatchObject({ tags: ['logout'] });
  });
});
