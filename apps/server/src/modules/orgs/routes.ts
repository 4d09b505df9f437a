import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import {
  IMAGE_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  emptyResponse,
  errorResponses,
  fileResponse,
  logoInfoItemSchema,
  organizationAdminsSchema,
  type OrganizationAdmin,
} from '@wallet/contract';
import { orgOf } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { requireAdmin, requireUser } from '../../http/guards.js';
import { readUpload } from '../../http/upload.js';
import { presentOrganizationAdmins } from './presenter.js';
import { findOrganizationById, organizationAdmins } from './service.js';
import { checkLogo, logoInfo, readLogo, removeLogo, saveLogo } from './logo.js';

const logoParams = z.object({ segment: z.string().max(63) });

/** GET /api/logo/{segment} answers for the organisation of the host only: its slug or the host's first label. */
function namesThisOrganization(request: FastifyRequest, segment: string, slug: string): boolean {
  const wanted = segment.toLowerCase();
  return wanted === slug || wanted === request.hostname.toLowerCase().split('.')[0];
}

/** The organisation's logo (public: the sign-in page shows it), its upload by admins, and its admins. */
export async function organizationRoutes(fastify: FastifyInstance) {
  await fastify.register(fastifyMultipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;

  app.get(
    '/api/logo/:segment',
    {
      schema: {
        params: logoParams,
        response: {
          200: fileResponse([...IMAGE_CONTENT_TYPES, 'image/svg+xml'], 'The logo, or an SVG of the initials'),
          304: emptyResponse('Not modified (If-None-Match)'),
        },
      },
    },
    async (request, reply) => {
      const org = orgOf(request);
      if (!namesThisOrganization(request, request.params.segment, org.slug)) throw notFound();
      // The initials come from the current name (request.org may be a few seconds old: http/tenancy.ts).
      const logo = await readLogo(db, (await findOrganizationById(db, org.id)) ?? org);
      reply
        .header('cache-control', 'no-cache')
        .header('etag', logo.etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      if (request.headers['if-none-match'] === logo.etag) return reply.code(304).send();
      return reply.header('content-type', logo.contentType).send(logo.bytes);
    },
  );

  app.get(
    '/api/organization/logo',
    { onRequest: requireAdmin, schema: { response: { 200: logoInfoItemSchema } } },
    async (request) => ({
      data: await logoInfo(db, orgOf(request)),
    }),
  );

  app.post(
    '/api/organization/logo',
    { onRequest: requireAdmin, schema: { response: { 200: logoInfoItemSchema, ...errorResponses(400, 422) } } },
    async (request) => {
      const org = orgOf(request);
      const { bytes, truncated } = await readUpload(request);
      const contentType = checkLogo(bytes, truncated);
      await saveLogo(db, org.id, bytes!, contentType);
      return { data: await logoInfo(db, org) };
    },
  );

  app.delete(
    '/api/organization/logo',
    {
      onRequest: requireAdmin,
      schema: { response: { 204: emptyResponse('The logo is removed'), ...errorResponses(404) } },
    },
    async (request, reply) => {
      await removeLogo(db, orgOf(request).id);
      return reply.code(204).send();
    },
  );

  /** Help & Support: whom to contact. Every signed-in person may see the admins' names and emails. */
  app.get(
    '/api/organization/admins',
    { onRequest: requireUser, schema: { response: { 200: organizationAdminsSchema } } },
    async (request): Promise<{ data: OrganizationAdmin[] }> => ({
      data: presentOrganizationAdmins(await organizationAdmins(db, orgOf(request).id)),
    }),
  );
}
