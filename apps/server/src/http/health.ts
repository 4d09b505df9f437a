import type { FastifyInstance } from 'fastify';
import { Readiness } from '../observability/readiness.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** GET /readyz's checks; main.ts marks it shutting down on SIGTERM and watches the database with it. */
    readiness: Readiness;
  }
}

/**
 * GET /readyz for load balancers and orchestrators: 200 {status: 'ready'} when this process should get traffic,
 * 503 {status: 'not_ready', failed} naming the first check that failed. Like /healthz it answers on any Host
 * (http/tenancy.ts) and stays out of the API document.
 */
export function registerHealth(app: FastifyInstance): void {
  app.decorate('readiness', new Readiness(app.deps.db, app.deps.jobs));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const failed = await app.readiness.failure();
    reply.header('cache-control', 'no-store');
    if (failed) return reply.code(503).send({ status: 'not_ready', failed });
    return { status: 'ready' };
  });
}
