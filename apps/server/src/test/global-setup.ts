import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres.js';
import { createDb, migrateToLatest } from '../db/database.js';
import { ensureDatabase } from '../db/connect.js';
import { TEMPLATE_DATABASE } from './database.js';
import { installJobSchema } from '../jobs/queue.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

let cluster: EmbeddedPostgres | undefined;
let dataDir: string | undefined;

/**
 * One embedded PostgreSQL per test run (or TEST_DATABASE_URL's server), with a migrated template database
 * that each test file clones, so files never see each other's rows.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wallet-test-pg-'));
    await fs.chmod(dataDir, 0o755);
    cluster = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'cluster'), durable: false });
    adminUrl = cluster.url;
  }
  await ensureDatabase(adminUrl, TEMPLATE_DATABASE);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
  const db = createDb(templateUrl.toString(), 2);
  await migrateToLatest(db);
  await db.destroy();
  await installJobSchema(templateUrl.toString());
  project.provide('pgAdminUrl', adminUrl);

  return async () => {
    await cluster?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  };
}
