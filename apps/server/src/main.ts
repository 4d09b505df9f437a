import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config.js';
import { connectDatabase } from './db/connect.js';
import { assertSessionsInUtc, createDb, isConnectionLoss, migrateToLatest } from './db/database.js';
import { buildApp } from './app.js';
import { seedDemoOrganisation, demoSignInsStillOpen, DEMO_PASSWORD, DEMO_SLUG, DEMO_USERS } from './seed/demo.js';
import { organizationOrigin } from './http/public-url.js';
import { deleteIdleSessions } from './modules/auth/service.js';
import { startJobs, type Jobs } from './jobs/queue.js';
import { startWorkers } from './jobs/workers.js';
import { createIssuer, type IssuingProvider } from './issuing/index.js';

/** How often the database is probed while the server runs; losing it for DATABASE_LOST_EXIT_SECONDS ends the process. */
const DATABASE_WATCH_INTERVAL_MS = 1_000;
/** After the grace, the steps that remain (jobs, pool, embedded PostgreSQL) get this long before a forced exit. */
const SHUTDOWN_TAIL_MS = 15_000;

/**
 * Start: config -> database -> migrations -> seed -> listen. SIGTERM/SIGINT shut down gracefully: readiness false at
 * once, still serving for SHUTDOWN_DRAIN_SECONDS (a load balancer's checks see it), then no new connections, in-flight requests finish within SHUTDOWN_GRACE_SECONDS, jobs stop, the pool closes,
 * then the embedded PostgreSQL if this process started it; exit 0.
 */
async function main() {
  const config = loadConfig();
  const database = await connectDatabase(config).catch((error: unknown) => {
    console.error(`Could not start the database: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  // Prepared statements only without a pooler between (DATABASE_DIRECT_URL unset or the same URL): PgBouncer in
  // transaction pooling mode cannot carry them (ARCHITECTURE.md D12).
  const db = createDb(database.url, undefined, { prepareStatements: database.url === database.directUrl });
  const graceMs = config.SHUTDOWN_GRACE_SECONDS * 1000;
  let closing = false;
  let watch: NodeJS.Timeout | undefined;
  const shutdown = async (code: number, why: string) => {
    if (closing) return;
    closing = true;
    app?.readiness.beginShutdown();
    clearInterval(watch);
    // Drain only on a requested stop: a process whose database is gone has nothing to serve meanwhile.
    const drainMs = code === 0 && app ? config.SHUTDOWN_DRAIN_SECONDS * 1000 : 0;
    console.log(
      `Shutting down (${why}): ${drainMs ? `not ready, still serving for ${config.SHUTDOWN_DRAIN_SECONDS} s, then ` : ''}` +
        `finishing in-flight requests for up to ${config.SHUTDOWN_GRACE_SECONDS} s.`,
    );
    // Whatever hangs (a database that does not answer), the process ends, and not with 0. Not unref'd: a step that
    // hangs with nothing else pending must not let Node end the process as if all went well.
    setTimeout(() => process.exit(code === 0 ? 1 : code), drainMs + graceMs + SHUTDOWN_TAIL_MS);
    // A load balancer checking GET /readyz takes this process out of rotation while it still answers.
    if (drainMs) await new Promise((resolve) => setTimeout(resolve, drainMs));
    if (app) await closeWithinGrace(app, graceMs);
    await jobs?.stop().catch(() => undefined);
    await issuer?.close?.().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    await database.release().catch(() => undefined);
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown(0, 'SIGINT'));
  process.once('SIGTERM', () => void shutdown(0, 'SIGTERM'));
  // pg-boss 10 does not await the calls that complete or fail a job, so when PostgreSQL goes away mid-job their
  // rejections go unhandled, and Node ends the process on an unhandled rejection. A lost connection is survivable
  // (the pools reconnect, the job runs again when it expires): log it. Anything else still ends the process.
  process.on('unhandledRejection', (reason) => {
    if (!isConnectionLoss(reason)) throw reason;
    console.warn(`database connection lost: ${(reason as Error).message}`);
  });

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let jobs: Jobs | undefined;
  let issuer: IssuingProvider | undefined;
  try {
    // Migrations and pg-boss need sessions of their own: the direct connection, never a transaction pooler.
    await migrateOverDirectConnection(database.directUrl);
    await assertSessionsInUtc(db);
    jobs = await startJobs(database.directUrl);
    const deps = {
      db,
      databaseUrl: database.url,
      directDatabaseUrl: database.directUrl,
      config,
      jobs,
      issuer: await createIssuer(config, database.url),
    };
    issuer = deps.issuer;
    const seeded = config.SEED_DEMO
      ? await seedDemoOrganisation(deps, organizationOrigin(config, { slug: DEMO_SLUG }))
      : false;
    if (config.NODE_ENV === 'production') {
      const open = await demoSignInsStillOpen(db);
      if (open.length > 0) {
        throw new Error(
          `Refusing to start in production: the demo sign-ins ${open.join(', ')} still open with the published password "${DEMO_PASSWORD}". ` +
            'Start with SEED_DEMO=false on a database without the demo organisation, or change those passwords first.',
        );
      }
    }
    app = await buildApp(deps);
    await startWorkers(deps);
    await app.listen({ port: config.PORT, host: config.HOST });
    watch = watchDatabase(app, config.DATABASE_LOST_EXIT_SECONDS * 1000, (lostFor) =>
      shutdown(1, `the database has not answered for ${Math.round(lostFor / 1000)} s`),
    );
    const sweep = setInterval(
      () => void deleteIdleSessions(db, config.SESSION_IDLE_MINUTES).catch(() => undefined),
      15 * 60_000,
    );
    sweep.unref();

    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const lines = [
      '',
      `  Spend wallet running at ${config.PORT === 0 ? `http://${config.APP_DOMAIN}:${port}` : config.PUBLIC_URL}`,
      `  Database: ${database.embedded ? `embedded PostgreSQL (${config.dataDir}/postgres)` : 'DATABASE_URL'}${seeded ? ', demo organisation created' : ''}`,
    ];
    if (config.SEED_DEMO) {
      lines.push(`  Demo sign-ins (password "${DEMO_PASSWORD}"):`);
      for (const user of DEMO_USERS) lines.push(`    ${user.email.padEnd(20)} ${user.role}`);
    }
    lines.push('  Press Ctrl-C to stop.', '');
    console.log(lines.join('\n'));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await shutdown(1, 'start-up failed');
  }
}

async function migrateOverDirectConnection(directUrl: string): Promise<void> {
  const direct = createDb(directUrl, 1);
  try {
    await migrateToLatest(direct);
  } finally {
    await direct.destroy();
  }
}

/**
 * Fastify's close stops listening and waits for the requests in flight; those still running after the grace lose
 * their connections (an event stream never ends by itself).
 */
async function closeWithinGrace(app: FastifyInstance, graceMs: number): Promise<void> {
  const cutOff = setTimeout(() => app.server.closeAllConnections(), graceMs);
  await app.close().catch(() => undefined);
  clearTimeout(cutOff);
}

/**
 * Probes the database every second (readiness itself probes on every GET /readyz): a process whose database is gone
 * for good must not look alive, so after `lostAfterMs` without an answer it calls `onLost`.
 */
function watchDatabase(app: FastifyInstance, lostAfterMs: number, onLost: (lostForMs: number) => void) {
  let downSince: number | undefined;
  let probing = false;
  const timer = setInterval(() => {
    if (probing) return;
    probing = true;
    void app.readiness
      .databaseState()
      .then((state) => {
        if (state !== 'database') {
          if (downSince !== undefined) console.warn('The database answers again.');
          downSince = undefined;
          return;
        }
        const now = Date.now();
        if (downSince === undefined) {
          downSince = now;
          console.warn(`The database does not answer: not ready; exiting if it stays so for ${lostAfterMs / 1000} s.`);
        } else if (now - downSince >= lostAfterMs) {
          console.error(`The database has been unreachable for ${Math.round((now - downSince) / 1000)} s: exiting.`);
          onLost(now - downSince);
        }
      })
      .finally(() => (probing = false));
  }, DATABASE_WATCH_INTERVAL_MS);
  timer.unref();
  return timer;
}

void main();
