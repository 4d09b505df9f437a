import fs from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, LOGO_MAX_BYTES, SESSION_COOKIE } from '@wallet/contract';
import { useTestApp } from '../context.js';
import { openSession } from '../../modules/auth/service.js';
import type { TestClient } from '../client.js';
import { fileRequest, requestWorld, type RequestWorld } from '../../modules/purchase-requests/test-fixtures.js';
import { TEST_PASSWORD } from '../factories.js';
import { changedTables, fingerprinter, type Fingerprinter } from './fingerprint.js';
import { caseFor, multipart, routesFromOpenApi, type FuzzCase, type FuzzRoute, type IdPools } from './route-cases.js';

/**
 * Hostile input against every route of the OpenAPI document (issue 9.3), as a signed-in admin of one organisation
 * whose requests pass CSRF: random and malformed bodies, queries, path params, headers and content types.
 * Never a 5xx; a rejected (4xx) request writes nothing; another organisation's id in the path is always a 4xx.
 * FUZZ_RUNS (cases per route), FUZZ_SEED (replay) and FUZZ_LOG (server log level) tune a run.
 */
// Single sign-on configured, so POST /api/outbound-sso is fuzzed past its 'not set up' answer.
const ctx = useTestApp({ LOG_LEVEL: process.env.FUZZ_LOG ?? 'silent', GIVING_URL: 'http://giving.test', GIVING_SSO_SECRET: 'fuzz-sso-secret-0123456789abcdef0123' });
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** Run after everything else (the uploads test comes first for the same reason): their success ends the admin's session. */
const LAST = new Set(['POST /logout']);

const report = new Map<string, { cases: number; statuses: Map<number, number> }>();
let world: RequestWorld;
let pools: IdPools;
let fingerprint: Fingerprinter;

function record(key: string, status: number) {
  const entry = report.get(key) ?? { cases: 0, statuses: new Map<number, number>() };
  entry.cases += 1;
  entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  report.set(key, entry);
}

function send(client: TestClient, fuzzCase: Pick<FuzzCase, 'method' | 'url' | 'headers' | 'payload'>) {
  return client.request(fuzzCase.method as 'POST', fuzzCase.url, fuzzCase.payload, fuzzCase.headers);
}

/** Files under DATA_DIR (avatars live there), to prove a rejected upload left nothing behind. */
async function dataFiles(): Promise<string[]> {
  const entries = await fs.readdir(ctx.config.dataDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)).sort();
}

/** One request: never a 5xx; nothing written when rejected; another organisation's object is never reached. */
async function check(client: TestClient, key: string, fuzzCase: FuzzCase | (Pick<FuzzCase, 'method' | 'url' | 'headers' | 'payload' | 'describe'> & { foreignId?: boolean; expectRejected?: boolean })) {
  const before = await fingerprint.take();
  const filesBefore = 'expectRejected' in fuzzCase ? await dataFiles() : [];
  const response = await send(client, fuzzCase);
  const status = response.statusCode;
  record(key, status);
  const what = () => `${status} for ${fuzzCase.describe()}\n  answer: ${response.body.slice(0, 300)}`;
  if (status >= 500) throw new Error(`server error: ${what()}`);
  if ('expectRejected' in fuzzCase && fuzzCase.expectRejected && status < 400) throw new Error(`accepted: ${what()}`);
  if (fuzzCase.foreignId && status < 400) throw new Error(`another organisation's object reached: ${what()}`);
  if (status >= 400) {
    const changed = changedTables(before, await fingerprint.take());
    if (changed.length) throw new Error(`rejected request wrote to ${changed.join(', ')}: ${what()}`);
    if ('expectRejected' in fuzzCase && (await dataFiles()).join() !== filesBefore.join()) throw new Error(`rejected upload left files: ${what()}`);
  }
}

/**
 * The admin's session must survive each route's cases: losing it is a failure, and a new session (straight in the
 * database: sign-in may be rate limited by now) keeps the remaining routes from turning into 401s.
 */
async function keepAdminSignedIn(client: TestClient, after: string, failures: string[]) {
  const me = await client.get('/api/me');
  if (me.statusCode === 200) return;
  failures.push(`${after}: the admin's session was lost (GET /api/me answered ${me.statusCode})`);
  const token = await openSession(ctx.db, world.organization.id, world.admin.id, { ip: '127.0.0.1', userAgent: 'fuzz' });
  client.cookies.set(SESSION_COOKIE, token);
}

beforeAll(async () => {
  world = await requestWorld(ctx);
  const other = await requestWorld(ctx);
  const [mine, theirs] = await Promise.all([fileRequest(world), fileRequest(other)]);
  const purchase = await world.adminClient.post('/api/simulator/purchases', { card_id: world.card.id, amount: 500 });
  expect(purchase.statusCode, purchase.body).toBe(201);
  const categories = (await world.adminClient.get('/api/wallet-categories')).json<{ data: Array<{ id: number }> }>().data;
  const theirCategories = (await other.adminClient.get('/api/wallet-categories')).json<{ data: Array<{ id: number }> }>().data;
  pools = {
    // Never the signed-in admin's own id: a fitting PUT /api/users/{id}/roles would take the fuzzer's rights away.
    own: [world.member.id, world.first.id, world.second.id, world.card.id, world.team.id, mine.id, ...mine.approvals.map((a) => a.id), categories[0]!.id],
    foreign: {
      users: [other.member.id, other.admin.id],
      cards: [other.card.id],
      teams: [other.team.id],
      'purchase-requests': [theirs.id],
      approvals: theirs.approvals.map((approval) => approval.id),
      'wallet-categories': [theirCategories[0]!.id],
    },
    byField: {
      user_id: [world.member.id],
      users: [world.member.id, world.first.id, world.second.id],
      approval_path: [world.first.id, world.second.id],
      card_id: [world.card.id],
      team_id: [world.team.id],
      wallet_category_id: [categories[0]!.id],
    },
    named: {
      segment: [world.host.split('.')[0]!, 'localhost', 'logo'],
      token: ['0'.repeat(64), 'a'.repeat(43)],
      '/api/simulator/authorizations/{id}:id': [purchase.json<{ data: { authorization_id: string } }>().data.authorization_id, 'iauth_sim_00000000000000000000'],
    },
  };
  fingerprint = await fingerprinter(ctx.db);
}, 120_000);

afterAll(() => {
  const rows = [...report].sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(...rows.map(([key]) => key.length), 5);
  const lines = rows.map(([key, { cases, statuses }]) => {
    const seen = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}x${count}`).join(' ');
    return `${key.padEnd(width)}  ${String(cases).padStart(5)}  ${seen}`;
  });
  const total = rows.reduce((sum, [, { cases }]) => sum + cases, 0);
  console.log([`Fuzz report (seed ${SEED}, ${RUNS} runs per route): ${rows.length} routes, ${total} requests`, `${'route'.padEnd(width)}  cases  statuses`, ...lines].join('\n'));
});

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const text = (content: string) => Buffer.from(content, 'utf8');

/** Uploads that must all be refused with a 4xx, writing nothing (database rows or files). */
function badUploads(field: string, maxBytes: number) {
  const file = (filename: string, contentType: string, content: Buffer) => multipart([{ name: field, filename, contentType, content }]);
  return {
    'text named .png': file('avatar.png', 'image/png', text('just some text, not an image')),
    'html named .jpg': file('me.jpg', 'image/jpeg', text('<html><script>alert(1)</script></html>')),
    'svg with script': file('logo.svg', 'image/svg+xml', text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
    'gif': file('a.gif', 'image/gif', text('GIF89a\u0001\u0000\u0001\u0000')),
    'pdf': file('a.png', 'application/pdf', text('%PDF-1.4\n%âãÏÓ\n')),
    'zero bytes': file('empty.png', 'image/png', Buffer.alloc(0)),
    'png magic only, truncated after 4 bytes': file('short.png', 'image/png', PNG_MAGIC.subarray(0, 4)),
    'oversized png': file('big.png', 'image/png', Buffer.concat([PNG_MAGIC, Buffer.alloc(maxBytes + 1)])),
    'path traversal name': file('../../../../etc/passwd.png', 'image/png', text('root:x:0:0')),
    'no file, only a field': multipart([{ name: 'note', content: 'hello' }]),
    'file under another field name': multipart([{ name: 'something', filename: 'a.txt', contentType: 'text/plain', content: 'x' }]),
    'truncated multipart': { payload: Buffer.from('--b\r\nContent-Disposition: form-data; name="f"; filename="a.png"\r\n\r\n\x89PNG'), contentType: 'multipart/form-data; boundary=b' },
    'multipart without boundary': { payload: text('whatever'), contentType: 'multipart/form-data' },
    'json instead of a file': { payload: text(`{"${field}":"data:image/png;base64,iVBORw0KGgo="}`), contentType: 'application/json' },
    'raw png bytes, no multipart': { payload: Buffer.concat([PNG_MAGIC, Buffer.alloc(16)]), contentType: 'image/png' },
  } satisfies Record<string, { payload: Buffer; contentType: string }>;
}

describe('hostile uploads', () => {
  it('refuses wrong types, lying extensions, oversized and zero-byte files with a 4xx, never a 500, writing nothing', async () => {
    const targets = [
      { key: 'POST /users/{id}/avatar (own)', url: `/users/${world.admin.id}/avatar`, field: 'avatar', max: AVATAR_MAX_BYTES },
      { key: 'POST /users/{id}/avatar (member)', url: `/users/${world.member.id}/avatar`, field: 'avatar', max: AVATAR_MAX_BYTES },
      { key: 'POST /api/organization/logo', url: '/api/organization/logo', field: 'logo', max: LOGO_MAX_BYTES },
    ];
    const failures: string[] = [];
    for (const target of targets) {
      for (const [name, upload] of Object.entries(badUploads(target.field, target.max))) {
        const fuzzCase = {
          method: 'POST' as const,
          url: target.url,
          headers: { 'content-type': upload.contentType },
          payload: upload.payload,
          expectRejected: true,
          describe: () => `${target.key}: ${name}`,
        };
        await check(world.adminClient, target.key, fuzzCase).catch((error: Error) => failures.push(error.message));
      }
    }
    expect(failures).toEqual([]);
    // The same route takes a real image, so the refusals above are about the files, not the route.
    const png = multipart([{ name: 'avatar', filename: 'a.png', contentType: 'image/png', content: Buffer.concat([PNG_MAGIC, Buffer.alloc(32)]) }]);
    const accepted = await send(world.adminClient, { method: 'POST', url: `/users/${world.member.id}/avatar`, headers: { 'content-type': png.contentType }, payload: png.payload });
    expect(accepted.statusCode, accepted.body).toBe(200);
  }, 120_000);
});

describe('a failed sign-in while signed in', () => {
  it('keeps the current session (found by the fuzzer: POST /login signed out before checking the password)', async () => {
    const client = await ctx.client(world.host).signIn(world.member.email, TEST_PASSWORD);
    const before = await fingerprint.take();
    const wrong = await client.post('/login', { email: world.member.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    expect(changedTables(before, await fingerprint.take())).toEqual([]);
    expect((await client.get('/api/me')).statusCode).toBe(200);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('is a 422 naming the field, writing nothing: U+0000 in text, a lone surrogate in json, %00 in a query', async () => {
    const json = { 'content-type': 'application/json' };
    const cases = [
      { method: 'POST' as const, url: '/api/wallet-categories', payload: JSON.stringify({ name: 'Travel\u0000' }), field: 'name' },
      {
        method: 'POST' as const,
        url: '/api/simulator/purchases',
        payload: JSON.stringify({ card_id: world.card.id, amount: 100, merchant: { name: 'Shop', country: '\ud800x' } }),
        field: 'merchant.country',
      },
      { method: 'GET' as const, url: '/api/users?filter%5Bsearch%5D=a%00b', payload: undefined, field: 'filter[search]' },
    ];
    for (const item of cases) {
      const fuzzCase = { ...item, headers: item.payload ? json : {}, expectRejected: true, describe: () => `${item.method} ${item.url}` };
      await check(world.adminClient, `${item.method} ${item.url.split('?')[0]} (bad text)`, fuzzCase);
      const response = await send(world.adminClient, fuzzCase);
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual([item.field]);
    }
  });
});

describe('hostile input on every route', () => {
  it('never answers 5xx, writes nothing when it rejects, and never reaches another organisation', async () => {
    const document = (await world.adminClient.get('/api/docs')).json<Parameters<typeof routesFromOpenApi>[0]>();
    const routes = routesFromOpenApi(document);
    expect(routes.length).toBeGreaterThan(50);
    const keyOf = (route: FuzzRoute) => `${route.method} ${route.path}`;
    const ordered = [...routes.filter((route) => !LAST.has(keyOf(route))), ...routes.filter((route) => LAST.has(keyOf(route)))];
    const failures: string[] = [];
    for (const route of ordered) {
      const key = keyOf(route);
      const named = Object.fromEntries(Object.entries(pools.named).map(([name, values]) => [name.replace(`${route.path}:`, ''), values]));
      const result = await fc.check(
        fc.asyncProperty(caseFor(route, { ...pools, named }), (fuzzCase) => check(world.adminClient, key, fuzzCase)),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (result.failed) failures.push(`${key}: ${result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)}`);
      if (!LAST.has(key)) await keepAdminSignedIn(world.adminClient, key, failures);
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 600_000);
});
