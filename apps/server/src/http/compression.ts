import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import negotiate from '@fastify/accept-negotiator';

/** JSON answers smaller than this go as they are: compressing them saves fewer bytes than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Preferred first when the client accepts both equally. */
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];

const JSON_CONTENT_TYPE = /^application\/(?:[\w.-]+\+)?json(?:;|$)/i;

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Compressed on the libuv thread pool, off the event loop; quality 4 is about gzip's speed for smaller output. */
const compress: Record<(typeof ENCODINGS)[number], (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotliCompress(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzip(body, { level: 6 }),
};

/** Adds Accept-Encoding to Vary once, keeping what is there. */
function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(value)) return;
  reply.header('vary', value ? `${value}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Compresses JSON answers (API lists, errors, the OpenAPI document) of at least COMPRESSION_THRESHOLD_BYTES with
 * brotli or gzip, as the request's Accept-Encoding prefers. Only whole bodies (strings, buffers) are touched: a stream
 * (exports, files, event streams) goes through untouched, so it is never buffered and still reaches the client as
 * it is produced. The web app's files are compressed at build time instead (spa.ts).
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!JSON_CONTENT_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (reply.hasHeader('content-encoding') || Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES) return payload;
    varyOnAcceptEncoding(reply);
    if (/\bno-transform\b/i.test(String(reply.getHeader('cache-control') ?? ''))) return payload;
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS);
    if (!encoding) return payload;
    const body = await compress[encoding](Buffer.isBuffer(payload) ? payload : Buffer.from(payload));
    reply.header('content-encoding', encoding);
    reply.header('content-length', body.length);
    return body;
  });
}
