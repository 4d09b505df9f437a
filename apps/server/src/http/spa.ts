import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@wallet/contract';

const API_PREFIXES = ['/api/', '/sanctum/', '/webhooks/', '/oauth/'];

/**
 * Serves the built web app: files from WEB_DIST, and index.html for any other GET that wants a page,
 * so client-side routes load. Everything else unknown is a JSON 404.
 */
export async function registerSpa(app: FastifyInstance) {
  const indexFile = path.join(app.deps.config.webDist, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: app.deps.config.webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      immutable: false,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      hasSpa &&
      request.method === 'GET' &&
      !API_PREFIXES.some((prefix) => request.url.startsWith(prefix)) &&
      !request.url.startsWith('/assets/');
    if (!wantsPage) return reply.code(404).send({ message: MESSAGES.notFound });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
