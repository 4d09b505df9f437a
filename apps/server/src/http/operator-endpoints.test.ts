import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createDb } from '../db/database.js';
import { freePort } from '../db/embedded-postgres.js';
import { authorize } from '../modules/authorizations/service.js';
import { NEWEST_MIGRATION } from '../observability/readiness.js';
import { useTestApp } from '../test/context.js';

const METRICS_TOKEN = 'metrics-token-for-the-operator-tests';
const ctx = useTestApp({ METRICS_TOKEN });
/** A Host no organisation has: what a load balancer or a scraper may send. */
const INTERNAL_HOST = '10.1.2.3:3000';

const otherApps: FastifyInstance[] = [];
async function anotherApp(deps: Partial<typeof ctx.deps>): Promise<FastifyInstance> {
  const app = await buildApp({ ...ctx.deps, ...deps });
  otherApps.push(app);
  return app;
}
afterAll(async () => {
  for (const app of otherApps) await app.close();
});

describe('GET /healthz and GET /readyz', () => {
  it('answer on any Host: ready when the database answers, migrations are applied and jobs run', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { host: INTERNAL_HOST } });
    expect(health.statusCode).toBe(200);
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz', headers: { host: INTERNAL_HOST } });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready once shutting down', async () => {
    const app = await anotherApp({});
    app.readiness.beginShutdown();
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not_ready', failed: 'shutting_down' });
  });

  it('is not ready when the database refuses connections', async () => {
    // Nothing listens on a free port: every connection is refused, as when PostgreSQL is down.
    const unreachable = createDb(`postgres://wallet@127.0.0.1:${await freePort()}/wallet`, 1);
    try {
      const app = await anotherApp({ db: unreachable });
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not_ready', failed: 'database' });
      // The process itself is alive.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await unreachable.destroy();
    }
  });

  it('is not ready while the newest migration is not recorded', async () => {
    const newest = await ctx.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', NEWEST_MIGRATION as never)
      .returningAll()
      .executeTakeFirstOrThrow();
    try {
      const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not_ready', failed: 'migrations' });
    } finally {
      await ctx.db
        .insertInto('kysely_migration' as never)
        .values(newest as never)
        .execute();
    }
  });
});

describe('GET /metrics', () => {
  it('answers 404 when METRICS_TOKEN is not set', async () => {
    const app = await anotherApp({ config: { ...ctx.config, METRICS_TOKEN: undefined } });
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
  });

  it('answers 401 without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Bearer ${METRICS_TOKEN}x`, METRICS_TOKEN]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { host: INTERNAL_HOST, ...(authorization && { authorization }) },
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('wallet_');
    }
  });

  it('serves the Prometheus text with every family to the bearer of the token, on any Host', async () => {
    await ctx.client().get('/api/cards/4242');
    const declined = await authorize(ctx.db, {
      provider: 'simulator',
      providerAuthorizationId: 'metrics-test-unknown-card',
      providerCardId: 'no-such-card',
      amount: 1_00,
      merchant: {} as never,
      wallet: null,
      stripeCreated: Math.floor(Date.now() / 1000),
    });
    expect(declined).toMatchObject({ approved: false, reason: 'card_not_found' });

    const response = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { host: INTERNAL_HOST, authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    for (const family of [
      'wallet_http_request_duration_seconds',
      'wallet_authorization_decision_seconds',
      'wallet_authorization_declines_total',
      'wallet_job_queue_depth',
      'wallet_job_queue_oldest_age_seconds',
      'wallet_issuer_outbox_backlog',
      'wallet_db_pool_connections',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(text).toContain(`# TYPE ${family} `);
    // Requests are counted by their route's pattern, never by the raw URL.
    expect(text).toMatch(
      /wallet_http_request_duration_seconds_count\{method="GET",route="\/api\/cards\/:\w+",status="\d+"\}/,
    );
    expect(text).not.toContain('4242');
    expect(text).toMatch(/wallet_authorization_declines_total\{reason="card_not_found"\} [1-9]/);
    expect(text).toMatch(/wallet_job_queue_depth\{queue="mail.deliver"\} \d+/);
    expect(text).toMatch(/wallet_db_pool_connections\{state="waiting"\} 0/);
  });
});
