import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  IMAGE_CONTENT_TYPES,
  avatarItemSchema,
  emptyResponse,
  errorResponses,
  fileResponse,
  idSchema,
} from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { requireUser } from '../../http/guards.js';
import { readUpload } from '../../http/upload.js';
import { checkAvatar, readAvatar, removeAvatar, saveAvatar } from './avatars.js';
import { avatarUrl } from './presenter.js';
import { assertCanReach } from './service.js';

const params = z.object({ id: idSchema });

/** POST and DELETE /users/{id}/avatar (PRODUCT.md §7), and the image itself at GET /users/{id}/avatar. */
export async function avatarRoutes(fastify: FastifyInstance) {
  await fastify.register(fastifyMultipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = fastify.deps;

  app.post(
    '/users/:id/avatar',
    { onRequest: requireUser, schema: { params, response: { 200: avatarItemSchema, ...errorResponses(400) } } },
    async (request) => {
      const org = orgOf(request);
      // Someone else's id is a 404 for a member before their upload is even read.
      assertCanReach(userOf(request), request.params.id);
      const { bytes, truncated } = await readUpload(request);
      const type = checkAvatar(bytes, truncated);
      const user = await saveAvatar(db, config.dataDir, org.id, userOf(request), request.params.id, bytes!, type);
      return { data: { avatar_url: avatarUrl(user) } };
    },
  );

  app.delete(
    '/users/:id/avatar',
    { onRequest: requireUser, schema: { params, response: { 204: emptyResponse('The avatar is removed') } } },
    async (request, reply) => {
      const org = orgOf(request);
      await removeAvatar(db, config.dataDir, org.id, userOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/users/:id/avatar',
    {
      onRequest: requireUser,
      schema: { params, response: { 200: fileResponse(IMAGE_CONTENT_TYPES, 'The avatar image') } },
    },
    async (request, reply) => {
      const org = orgOf(request);
      const avatar = await readAvatar(db, config.dataDir, org.id, request.params.id);
      return reply
        .header('content-type', avatar.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('content-security-policy', "default-src 'none'")
        .send(avatar.bytes);
    },
  );
}
