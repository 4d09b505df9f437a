import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { migrations } from '../db/migrations/index.js';
import type { Jobs } from '../jobs/queue.js';

export type ReadinessFailure = 'shutting_down' | 'database' | 'migrations' | 'jobs';

/** The newest migration this build knows: the database is ready for it once that one is recorded. */
export const NEWEST_MIGRATION = Object.keys(migrations).sort().at(-1)!;

/** A database that does not answer this fast counts as unreachable: a load balancer's probe must not hang. */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this process should get traffic (GET /readyz): not shutting down, the database answering, the newest
 * migration applied, the job queue running. Main flips it to shutting down on the first SIGTERM.
 */
export class Readiness {
  #shuttingDown = false;

  constructor(
    private readonly db: Db,
    private readonly jobs: Pick<Jobs, 'running'>,
  ) {}

  beginShutdown(): void {
    this.#shuttingDown = true;
  }

  get shuttingDown(): boolean {
    return this.#shuttingDown;
  }

  /** One round trip: it fails when the database is unreachable and finds no row when migrations are behind. */
  async databaseState(): Promise<'ok' | 'database' | 'migrations'> {
    try {
      const { rows } = await withTimeout(
        sql`SELECT 1 FROM kysely_migration WHERE name = ${NEWEST_MIGRATION}`.execute(this.db),
        DATABASE_CHECK_TIMEOUT_MS,
      );
      return rows.length === 1 ? 'ok' : 'migrations';
    } catch (error) {
      // 42P01 undefined_table: a database no migration ever ran on.
      return (error as { code?: unknown }).code === '42P01' ? 'migrations' : 'database';
    }
  }

  /** The first check that fails, or null when ready. */
  async failure(): Promise<ReadinessFailure | null> {
    if (this.#shuttingDown) return 'shutting_down';
    const database = await this.databaseState();
    if (database !== 'ok') return database;
    if (!this.jobs.running()) return 'jobs';
    // A shutdown that began while the database answered.
    return this.#shuttingDown ? 'shutting_down' : null;
  }
}
