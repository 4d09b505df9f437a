import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@wallet/contract';

const API_PREFIXES = ['/api/', '/sanctum/', '/webhooks/', '/oauth/'];

/** Vite names every file under assets/ by its content's hash: a changed file is a new URL, so these never go stale. */
export const IMMUTABLE_ASSET = 'public, max-age=31536000, immutable';
/** index.html (and anything else not hashed) is checked on every use (a 304 by ETag), so an upgrade shows at once. */
export const REVALIDATE = 'no-cache';

/**
 * Serves the built web app: files from WEB_DIST, and index.html for any other GET that wants a page,
 * so client-side routes load. Everything else unknown is a JSON 404.
 * The build writes brotli (.br) and gzip (.gz) siblings of each compressible file (apps/web/vite-plugins/
 * precompress.ts); the one the request's Accept-Encoding prefers is sent, with Vary: Accept-Encoding.
 */
export async function registerSpa(app: FastifyInstance) {
  const webDist = app.deps.config.webDist;
  const indexFile = path.join(webDist, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  const assetsDir = path.join(webDist, 'assets') + path.sep;
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed siblings are served in their file's place, never at a URL of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, filePath) =>
        reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE_ASSET : REVALIDATE),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      hasSpa &&
      request.method === 'GET' &&
      !API_PREFIXES.some((prefix) => request.url.startsWith(prefix)) &&
      !request.url.startsWith('/assets/');
    if (!wantsPage) return reply.code(404).send({ message: MESSAGES.notFound });
    return reply.sendFile('index.html');
  });
}
