import http from 'node:http';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/context.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../test/factories.js';
import { getBytes } from '../test/get-bytes.js';
import { COMPRESSION_THRESHOLD_BYTES, registerCompression } from './compression.js';

/**
 * Issue 19 (1): JSON answers of at least COMPRESSION_THRESHOLD_BYTES go compressed as Accept-Encoding prefers;
 * smaller ones, exports and event streams go as they are (streams still stream). Over a real socket, byte for byte.
 */
const ctx = useTestApp();
let port = 0;
let host = '';
let cookie = '';

beforeAll(async () => {
  const org = await makeOrganization(ctx.db);
  host = org.host;
  for (let index = 0; index < 12; index++)
    await makeUser(ctx.db, org.organization.id, 'wallet-user', { first_name: `Member${index}` });
  const admin = await ctx.client(host).signIn(org.admin.email, TEST_PASSWORD);
  cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

const get = (url: string, acceptEncoding?: string) =>
  getBytes(port, url, { host, cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) });
const varies = (headers: Record<string, unknown>) => String(headers.vary).toLowerCase().split(/,\s*/);

describe('API JSON', () => {
  it('a list over the threshold goes brotli or gzip as asked, with Vary and the compressed length', async () => {
    const plain = await get('/api/users?page[size]=50');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain.headers)).toContain('accept-encoding');
    expect(plain.body.length).toBeGreaterThanOrEqual(COMPRESSION_THRESHOLD_BYTES);
    const list = JSON.parse(plain.body.toString()) as { data: unknown[] };
    expect(list.data.length).toBe(13);

    const brotli = await get('/api/users?page[size]=50', 'gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(varies(brotli.headers)).toContain('accept-encoding');
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.body).toString())).toEqual(list);

    const gzip = await get('/api/users?page[size]=50', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString())).toEqual(list);

    const refused = await get('/api/users?page[size]=50', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body.toString())).toEqual(list);
  });

  it('a small answer (a short list, an error) goes as it is', async () => {
    for (const url of ['/api/teams', '/healthz', '/api/no-such-route']) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.body.length, url).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(() => JSON.parse(response.body.toString()) as unknown, url).not.toThrow();
    }
  });
});

describe('downloads', () => {
  it('the transactions export streams (chunked, no length) and is not compressed', async () => {
    const response = await get('/api/expenses/export?export_as=csv&export_fields=merchant,amount', 'gzip, br');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.body.toString()).toMatch(/^\uFEFF?Merchant,Amount\r\n/);
  });

  it('a statement CSV is not compressed either', async () => {
    const response = await get('/api/statements/export', 'gzip, br');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('event streams', () => {
  it('go uncompressed, each event reaching the client as it is written', async () => {
    const app = Fastify();
    registerCompression(app);
    const events = new PassThrough();
    const event = `data: ${JSON.stringify({ padding: 'x'.repeat(COMPRESSION_THRESHOLD_BYTES * 2) })}\n\n`;
    app.get('/events', (_request, reply) => {
      // One event, and the stream left open: the client must get it now, not when the stream ends.
      events.write(event);
      return reply.header('content-type', 'text/event-stream').send(events);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const firstChunk = await new Promise<{ headers: http.IncomingHttpHeaders; chunk: string }>((resolve, reject) => {
        const request = http.get(
          {
            host: '127.0.0.1',
            port: (app.server.address() as AddressInfo).port,
            path: '/events',
            headers: { 'accept-encoding': 'gzip, deflate, br' },
          },
          (response) => {
            response.once('data', (chunk: Buffer) => resolve({ headers: response.headers, chunk: chunk.toString() }));
          },
        );
        request.on('error', reject);
      });
      expect(firstChunk.headers['content-encoding']).toBeUndefined();
      expect(firstChunk.headers['content-type']).toBe('text/event-stream');
      expect(event.startsWith(firstChunk.chunk)).toBe(true);
    } finally {
      events.end();
      await app.close();
    }
  });
});
