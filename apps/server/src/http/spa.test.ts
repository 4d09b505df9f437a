import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@wallet/contract';
import { useTestApp } from '../test/context.js';
import { makeOrganization } from '../test/factories.js';
import { getBytes } from '../test/get-bytes.js';
import { IMMUTABLE_ASSET, REVALIDATE } from './spa.js';

/**
 * Issue 19 (1, 2): the built web app over HTTP. A small build stands in for apps/web/dist (tests run without one):
 * a hashed script under assets/ and index.html, each with the .br and .gz siblings the build writes.
 */
const SCRIPT = 'assets/app-Ab12Cd34.js';
const scriptBody = Buffer.from(
  Array.from({ length: 800 }, (_, index) => `export const value${index} = "${index}";\n`).join(''),
);
const indexBody = Buffer.from(
  `<!doctype html><html><head><script type="module" src="/${SCRIPT}"></script></head>` +
    `<body><div id="root"></div>${'<noscript>Spend wallet</noscript>'.repeat(60)}</body></html>`,
);

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-web-dist-'));
function writeBuilt(file: string, body: Buffer) {
  fs.mkdirSync(path.dirname(path.join(webDist, file)), { recursive: true });
  fs.writeFileSync(path.join(webDist, file), body);
  fs.writeFileSync(path.join(webDist, `${file}.br`), zlib.brotliCompressSync(body));
  fs.writeFileSync(path.join(webDist, `${file}.gz`), zlib.gzipSync(body));
}
writeBuilt(SCRIPT, scriptBody);
writeBuilt('index.html', indexBody);

const ctx = useTestApp({ WEB_DIST: webDist });
let port = 0;
let host = '';

beforeAll(async () => {
  host = (await makeOrganization(ctx.db)).host;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}) => getBytes(port, url, { host, ...headers });
/** What @fastify/send names a .js file, the same whichever encoding is sent. */
const JAVASCRIPT = 'application/javascript; charset=utf-8';
const varies = (headers: Record<string, unknown>) => String(headers.vary).toLowerCase().split(/,\s*/);

describe('hashed assets', () => {
  it('go brotli-compressed to a browser that accepts br (as browsers ask), decompressing to the file', async () => {
    for (const acceptEncoding of ['br', 'gzip, deflate, br, zstd']) {
      const response = await get(`/${SCRIPT}`, { 'accept-encoding': acceptEncoding });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toBe(JAVASCRIPT);
      expect(varies(response.headers)).toContain('accept-encoding');
      expect(response.body.length).toBeLessThan(scriptBody.length / 3);
      expect(zlib.brotliDecompressSync(response.body).equals(scriptBody)).toBe(true);
    }
  });

  it('go gzip-compressed to a client that accepts only gzip', async () => {
    const response = await get(`/${SCRIPT}`, { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe(JAVASCRIPT);
    expect(varies(response.headers)).toContain('accept-encoding');
    expect(zlib.gunzipSync(response.body).equals(scriptBody)).toBe(true);
  });

  it('go as they are without Accept-Encoding (or with identity), still varying on it', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const response = await get(`/${SCRIPT}`, headers);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-type']).toBe(JAVASCRIPT);
      expect(varies(response.headers)).toContain('accept-encoding');
      expect(response.body.equals(scriptBody)).toBe(true);
    }
  });

  it('are cached for a year as immutable, whatever the encoding', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const response = await get(`/${SCRIPT}`, { 'accept-encoding': acceptEncoding });
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(IMMUTABLE_ASSET).toBe('public, max-age=31536000, immutable');
  });

  it("are not served at the compressed files' own URLs, and a missing asset is a JSON 404", async () => {
    for (const url of [`/${SCRIPT}.br`, `/${SCRIPT}.gz`, '/assets/gone-Zz99Yy88.js']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.status, url).toBe(404);
      expect(JSON.parse(response.body.toString())).toEqual({ message: MESSAGES.notFound });
    }
  });
});

describe('index.html and the SPA fallback', () => {
  // A page URL is index.html itself, the root, or any client-side route.
  const PAGES = ['/index.html', '/', '/cards/12', '/requests?tab=pending'];

  it('must be revalidated on every use (no-cache), with an ETag answered by a 304', async () => {
    for (const page of PAGES) {
      for (const acceptEncoding of ['br', 'gzip', 'identity']) {
        const first = await get(page, { 'accept-encoding': acceptEncoding });
        expect(first.status, page).toBe(200);
        expect(first.headers['cache-control'], page).toBe(REVALIDATE);
        expect(first.headers['content-type'], page).toBe('text/html; charset=utf-8');
        const etag = first.headers.etag;
        expect(etag, page).toMatch(/^W\/".+"$/);

        const again = await get(page, { 'accept-encoding': acceptEncoding, 'if-none-match': etag! });
        expect(again.status, page).toBe(304);
        expect(again.body.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control'], page).toBe(REVALIDATE);
      }
    }
    expect(REVALIDATE).toBe('no-cache');
  });

  it('is sent compressed as the request prefers, decompressing to the file', async () => {
    const brotli = await get('/cards/12', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(varies(brotli.headers)).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(brotli.body).equals(indexBody)).toBe(true);

    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(indexBody)).toBe(true);

    const plain = await get('/index.html');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(indexBody)).toBe(true);
  });

  it('a changed index.html has a new ETag, so the old one gets the new page, not a 304', async () => {
    const before = await get('/index.html', { 'accept-encoding': 'br' });
    const changed = Buffer.concat([indexBody, Buffer.from('<!-- release 2 -->')]);
    writeBuilt('index.html', changed);
    const after = await get('/index.html', { 'accept-encoding': 'br', 'if-none-match': before.headers.etag! });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(zlib.brotliDecompressSync(after.body).equals(changed)).toBe(true);
  });
});
