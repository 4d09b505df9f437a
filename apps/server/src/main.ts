import { loadConfig } from './config.js';
import { connectDatabase } from './db/connect.js';
import { createDb, isConnectionLoss, migrateToLatest } from './db/database.js';
import { buildApp } from './app.js';
import { seedDemoOrganisation, demoSignInsStillOpen, DEMO_PASSWORD, DEMO_SLUG, DEMO_USERS } from './seed/demo.js';
import { organizationOrigin } from './http/public-url.js';
import { deleteIdleSessions } from './modules/auth/service.js';
import { startJobs, type Jobs } from './jobs/queue.js';
import { startWorkers } from './jobs/workers.js';
import { createIssuer, type IssuingProvider } from './issuing/index.js';

/** Start: config -> database -> migrations -> seed -> listen; Ctrl-C closes the server, then PostgreSQL. */
async function main() {
  const config = loadConfig();
  const database = await connectDatabase(config).catch((error: unknown) => {
    console.error(`Could not start the database: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  const db = createDb(database.url);
  let closing = false;
  const shutdown = async (code: number) => {
    if (closing) return;
    closing = true;
    await app?.close().catch(() => undefined);
    await jobs?.stop().catch(() => undefined);
    await issuer?.close?.().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    await database.release().catch(() => undefined);
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));
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
    await migrateToLatest(db);
    jobs = await startJobs(database.url);
    const deps = { db, databaseUrl: database.url, config, jobs, issuer: await createIssuer(config, database.url) };
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
    await shutdown(1);
  }
}

void main();
