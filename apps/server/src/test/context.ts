import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Db } from '../db/database.js';
import { freshDatabase } from './database.js';
import { TestClient } from './client.js';
import { startJobs, type Jobs } from '../jobs/queue.js';
import { startWorkers } from '../jobs/workers.js';
import { createIssuer } from '../issuing/index.js';
import type { AppDeps } from '../http/context.js';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  jobs: Jobs;
  /** Everything buildApp took, for tests that build a second app. */
  deps: AppDeps;
  /** Connection string of this file's database. */
  databaseUrl: string;
  /** A signed-out browser; `host` picks the organisation (e.g. 'acme.localhost'). */
  client(host?: string): TestClient;
}

/**
 * Per test file: a fresh database from the migrated template and an app on it, driven in-process with inject.
 * Use the returned object inside tests (its fields are filled in beforeAll).
 */
export function useTestApp(env: Record<string, string> = {}): TestContext {
  const context = {} as TestContext;
  let drop: (() => Promise<void>) | undefined;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wallet-test-data-'));
    const database = await freshDatabase(inject('pgAdminUrl'));
    drop = database.drop;
    // PUBLIC_URL http://localhost: an organisation's links are http://<slug>.localhost, the host its test client sends.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATABASE_URL: database.url,
      WEB_DIST: '/nonexistent',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost',
      // Live-event streams end at once in-process (inject waits for the end of a response); tests of the stream set it.
      LIVE_STREAM_SECONDS: '0',
      // Purchase notifications write in the background; the tests of them turn it on.
      PURCHASE_NOTIFIER: 'false',
      ...env,
    });
    context.jobs = await startJobs(database.url, { pollingIntervalSeconds: 0.5 });
    context.db = database.db;
    context.databaseUrl = database.url;
    context.config = config;
    context.deps = {
      db: database.db,
      databaseUrl: database.url,
      config,
      jobs: context.jobs,
      issuer: await createIssuer(config, database.url),
    };
    context.app = await buildApp(context.deps);
    await startWorkers(context.deps);
    context.client = (host = 'localhost') => new TestClient(context.app, host);
  });
  afterAll(async () => {
    await context.app?.close();
    await context.jobs?.stop();
    await context.deps?.issuer.close?.();
    await fs.rm(dataDir, { recursive: true, force: true });
    await drop?.();
  });
  return context;
}
