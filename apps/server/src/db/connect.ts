import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';

export interface DatabaseHandle {
  /** For the application's pool: DATABASE_URL (possibly a PgBouncer in transaction pooling mode). */
  url: string;
  /** A session-capable connection to the same database (DATABASE_DIRECT_URL): migrations and pg-boss. */
  directUrl: string;
  embedded: boolean;
  /** Stops the embedded PostgreSQL when this process started it; a no-op for an external one. */
  release(): Promise<void>;
}

const APP_DATABASE = 'wallet';

/** DATABASE_URL (and DATABASE_DIRECT_URL) when set; otherwise the embedded cluster under DATA_DIR/postgres with a `wallet` database. */
export async function connectDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATABASE_DIRECT_URL' | 'dataDir' | 'EMBEDDED_PG_PORT'>,
  options: { keepRunningIfAdopted?: boolean; log?: (line: string) => void } = {},
): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) {
    return {
      url: config.DATABASE_URL,
      directUrl: config.DATABASE_DIRECT_URL ?? config.DATABASE_URL,
      embedded: false,
      release: async () => undefined,
    };
  }
  const cluster = await startEmbeddedPostgres({
    dataDir: path.join(config.dataDir, 'postgres'),
    port: config.EMBEDDED_PG_PORT,
    onLog: options.log,
  });
  try {
    await ensureDatabase(cluster.url, APP_DATABASE);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  const url = new URL(cluster.url);
  url.pathname = `/${APP_DATABASE}`;
  const keep = cluster.adopted && options.keepRunningIfAdopted;
  return {
    url: url.toString(),
    directUrl: url.toString(),
    embedded: true,
    release: keep ? async () => undefined : () => cluster.stop(),
  };
}

export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const quoted = pg.escapeIdentifier(name);
      await client.query(
        template ? `CREATE DATABASE ${quoted} TEMPLATE ${pg.escapeIdentifier(template)}` : `CREATE DATABASE ${quoted}`,
      );
    }
  } finally {
    await client.end();
  }
}
