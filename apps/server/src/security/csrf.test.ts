import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { CSRF_COOKIE, CSRF_HEADER, MESSAGES } from '@wallet/contract';
import type { Db } from '../db/database.js';
import { useTestApp } from '../test/context.js';
import type { TestClient } from '../test/client.js';
import { makeOrganization } from '../test/factories.js';
import { fillPath, routeKey, routesOf, STATE_CHANGING, type CollectedRoute } from './route-table.js';
import { sessionClient } from './fixtures.js';

vi.mock('fastify', async (original) =>
  (await import('./route-table.js')).instrumentFastify(await original<Record<string, unknown>>()),
);

/**
 * ARCHITECTURE.md D5 CSRF (double submit): every state-changing route of the route table, called with a live session and
 * the XSRF-TOKEN cookie but without (or with a wrong) X-XSRF-TOKEN header, answers 419 and writes nothing.
 */
const ctx = useTestApp();

/**
 * Exempt from the double submit, with why. Anything else state-changing must answer 419.
 * - POST /webhooks/stripe: Stripe's servers call it, not a browser; every call must carry a valid Stripe-Signature
 *   (HMAC-SHA256 of the exact body with STRIPE_WEBHOOK_SECRET), which a cross-site form cannot forge.
 */
const CSRF_EXEMPT: Record<string, string> = {
  'POST /webhooks/stripe': 'authenticated by the Stripe-Signature HMAC; called by Stripe, not a browser',
};

let routes: CollectedRoute[];
let host: string;
let signedIn: () => Promise<TestClient>;

/** A digest per table of every row in the public schema: the whole database, every organisation. */
async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await sql<{
    tablename: string;
  }>`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`.execute(db);
  const result: Record<string, string> = {};
  for (const { tablename } of tables.rows) {
    const rows = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(tablename)} t ORDER BY 1`.execute(
      db,
    );
    result[tablename] = createHash('sha256')
      .update(rows.rows.map((row) => row.row).join('\n'))
      .digest('hex');
  }
  return result;
}

beforeAll(async () => {
  routes = routesOf(ctx.app).filter((route) => STATE_CHANGING.has(route.method));
  const org = await makeOrganization(ctx.db);
  host = org.host;
  signedIn = async () => {
    const client = await sessionClient(ctx, host, org.organization.id, org.admin.id);
    await client.get('/sanctum/csrf-cookie');
    return client;
  };
});

describe('CSRF on every state-changing route', () => {
  it('lists only real exemptions', () => {
    const keys = new Set(routes.map(routeKey));
    expect(Object.keys(CSRF_EXEMPT).filter((key) => !keys.has(key))).toEqual([]);
    expect(routes.length).toBeGreaterThan(30);
  });

  it('without X-XSRF-TOKEN, with a wrong one, or without the cookie: 419 before anything runs, nothing written', async () => {
    const admin = await signedIn();
    const before = await databaseFingerprint(ctx.db);
    const wrong: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const key = routeKey(route);
      if (key in CSRF_EXEMPT) continue;
      const url = fillPath(
        route.url,
        {},
        route.url.includes('/simulator/authorizations/') ? `iauth_sim_${'0'.repeat(20)}` : 1,
      );
      const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const variants: Array<[string, Record<string, string>]> = [
        ['no header', { cookie }],
        ['wrong header', { cookie, [CSRF_HEADER]: 'not-the-token' }],
        [
          'header but no cookie',
          {
            cookie: cookie.replace(new RegExp(`${CSRF_COOKIE}=[^;]*;? ?`), ''),
            [CSRF_HEADER]: admin.cookies.get(CSRF_COOKIE)!,
          },
        ],
      ];
      for (const [what, headers] of variants) {
        const response = await ctx.app.inject({
          method: route.method as 'POST',
          url,
          headers: { host, 'content-type': 'application/json', ...headers },
          payload: '{}',
        });
        checked += 1;
        if (response.statusCode !== 419 || response.json().message !== MESSAGES.csrfMismatch)
          wrong.push(`${key} (${what}) -> ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(90);
    expect(await databaseFingerprint(ctx.db)).toEqual(before);
  });

  it('the exemption is the webhook path only: a /webhooks/ prefix does not reach other routes', async () => {
    const admin = await signedIn();
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    for (const url of ['/webhooks/../api/topups', '/webhooks/%2e%2e/api/topups', '/webhooks/stripe/../../api/topups']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { host, cookie, 'content-type': 'application/json' },
        payload: '{"amount":100,"description":"x"}',
      });
      expect(response.statusCode, url).not.toBeLessThan(400);
    }
    expect(await ctx.db.selectFrom('topups').select('id').execute()).toEqual([]);
    // The webhook itself refuses an unsigned call on its own terms (400), not with 419.
    const webhook = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { host, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(400);
  });

  it('with the header the same call goes through (the check is the header, not something else)', async () => {
    const admin = await signedIn();
    const response = await admin.post('/api/wallet-categories', { name: 'Allowed with the token' });
    expect(response.statusCode, response.body).toBe(201);
  });
});
