import { Kysely, Migrator, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';
import { preparingPool } from './prepared-statements.js';

// bigint ids and cents come back as numbers: every value we store is far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// Calendar dates stay YYYY-MM-DD strings: no time zone can shift them.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** Startup options of every session of the pool (libpq `options`): the session time zone is UTC. */
export const SESSION_OPTIONS = '-c TimeZone=UTC';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

/**
 * `prepareStatements`: run statements as named prepared statements (db/prepared-statements.ts). Only where the pool
 * talks to PostgreSQL itself: PgBouncer in transaction pooling mode cannot carry them.
 */
export function createDb(
  connectionString: string,
  maxConnections = 20,
  options: { prepareStatements?: boolean } = {},
): Db {
  // Every session runs in UTC, whatever the server's or the database's default time zone: a DATE compared with a
  // timestamptz (a day's bounds in the analytics queries) is then midnight UTC, as the API defines days.
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    idleTimeoutMillis: 30_000,
    options: SESSION_OPTIONS,
  });
  // An idle connection the server closed (a restart, or the embedded cluster stopping at shutdown) must not
  // crash the process: the pool drops it and opens a new one when needed.
  pool.on('error', (error) => {
    if (!/terminating connection|Connection terminated/i.test(error.message))
      console.warn(`database connection error: ${error.message}`);
  });
  // A connection that dies while checked out (PostgreSQL restarted or failed over in the middle of a transaction)
  // emits 'error' on its client, which Kysely does not listen to: unheard, that error crashes the process. The
  // statement running, if any, fails on its own, and the pool drops the dead client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: options.prepareStatements ? preparingPool(pool) : pool }),
  });
  pools.set(db, pool);
  return db;
}

const pools = new WeakMap<Db, pg.Pool>();

/** The connections of the pool behind a Db made by createDb (for /metrics): open, idle, and callers waiting for one. */
export function poolCounts(db: Db): { total: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** The error of a lost or refused database connection (PostgreSQL restarting, failing over, unreachable). */
export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (/^(08|57P)/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code))
  )
    return true;
  return /Connection terminated|not queryable|terminating connection/i.test(error.message);
}

/**
 * Refuses a pool whose sessions are not in UTC: the API's days are UTC days. Through PgBouncer the startup option
 * that asks for it is dropped, so the pooler must set it (deploy/pgbouncer.ini's `timezone=UTC`).
 */
export async function assertSessionsInUtc(db: Db): Promise<void> {
  const { rows } = await sql<{ zone: string }>`SELECT current_setting('TimeZone') AS zone`.execute(db);
  const zone = rows[0]?.zone ?? '';
  if (!['UTC', 'Etc/UTC', 'UCT', 'Etc/UCT', 'Zulu', 'GMT', 'Etc/GMT'].includes(zone))
    throw new Error(
      `Database sessions run in time zone ${zone}, not UTC. Through PgBouncer, add timezone=UTC to the database's line (deploy/pgbouncer.ini).`,
    );
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
