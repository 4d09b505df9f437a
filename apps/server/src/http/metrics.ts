import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';
import { MESSAGES } from '@wallet/contract';
import { poolCounts } from '../db/database.js';
import { jobQueueBacklog, QUEUES, type QueueBacklog } from '../jobs/queue.js';
import { issuerOutboxBacklog } from '../modules/cards/service.js';
import { collectNodeMetrics, httpRequestDuration, processMetrics } from '../observability/metrics.js';
import { notFound } from './errors.js';

/** A scrape must not hang on a database that does not answer: its database figures are left out instead. */
const SCRAPE_QUERY_TIMEOUT_MS = 2_000;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares the bearer token in constant time (hashes first, so lengths never leak either). */
function carriesToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(given), digest(token));
}

function settleWithin<T>(promise: Promise<T>): Promise<T | undefined> {
  return Promise.race([
    promise.catch(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), SCRAPE_QUERY_TIMEOUT_MS).unref()),
  ]);
}

/** The gauges this app reads at scrape time: its pool, its job queue and the issuer outbox in its database. */
function appGauges(app: FastifyInstance): client.Registry {
  const registry = new client.Registry();
  const { db } = app.deps;
  new client.Gauge({
    name: 'wallet_db_pool_connections',
    help: 'Database pool connections: total open, idle, and callers waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const counts = poolCounts(db);
      if (!counts) return;
      for (const [state, value] of Object.entries(counts)) this.set({ state }, value);
    },
  });
  const backlogGauge = (name: string, help: string, figure: (backlog: QueueBacklog) => number) =>
    new client.Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        const backlog = await settleWithin(jobQueueBacklog(db));
        this.reset();
        if (!backlog) return;
        // Every queue has a series, 0 when nothing waits in it.
        for (const queue of Object.values(QUEUES)) this.set({ queue }, 0);
        for (const queue of backlog) this.set({ queue: queue.queue }, figure(queue));
      },
    });
  backlogGauge('wallet_job_queue_depth', 'Jobs due and waiting to run, by queue.', (queue) => queue.waiting);
  backlogGauge(
    'wallet_job_queue_oldest_age_seconds',
    'How long the longest-waiting due job of each queue has waited, in seconds.',
    (queue) => queue.oldestSeconds,
  );
  new client.Gauge({
    name: 'wallet_issuer_outbox_backlog',
    help: 'Issuer commands (card status, spending limit) not yet sent to the card issuer nor refused by it.',
    registers: [registry],
    async collect() {
      const pending = await settleWithin(issuerOutboxBacklog(db));
      if (pending === undefined) this.reset();
      else this.set(pending);
    },
  });
  return registry;
}

/**
 * GET /metrics in Prometheus's text format, for the operator only: it answers 404 unless METRICS_TOKEN is set, and
 * 401 unless the request carries `Authorization: Bearer <METRICS_TOKEN>`. With the token set every request's
 * duration is recorded by its route's URL pattern (never the raw URL: ids would explode the series).
 */
export function registerMetrics(app: FastifyInstance): void {
  const token = app.deps.config.METRICS_TOKEN;
  if (token) {
    collectNodeMetrics();
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    });
  }
  const own = appGauges(app);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) throw notFound(MESSAGES.notFound);
    reply.header('cache-control', 'no-store');
    if (!carriesToken(request, token))
      return reply.code(401).header('www-authenticate', 'Bearer').send({ message: MESSAGES.unauthenticated });
    // Merged per scrape: the process-wide instruments and this app's gauges (tests build several apps per process).
    const registry = client.Registry.merge([processMetrics, own]);
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
