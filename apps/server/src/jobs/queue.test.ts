import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { sql } from 'kysely';
import { freshDatabase } from '../test/database.js';
import { QUEUES, startJobs, type Jobs } from './queue.js';
import type { Db } from '../db/database.js';

describe('job queue', () => {
  let db: Db;
  let jobs: Jobs;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabase(inject('pgAdminUrl'));
    db = database.db;
    drop = database.drop;
    jobs = await startJobs(database.url, { pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await jobs.stop();
    await drop();
  });

  async function states(): Promise<Record<string, string>> {
    const { rows } = await sql<{ n: number; state: string }>`
      SELECT (data->>'n')::int AS n, state::text FROM pgboss.job WHERE name = ${QUEUES.reconcileIssuer}`.execute(db);
    return Object.fromEntries(rows.map((row) => [String(row.n), row.state]));
  }

  it('takes a batch in one poll, and a job that throws is retried alone while the rest of its batch completes', async () => {
    const handled: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) await jobs.send(QUEUES.reconcileIssuer, { n });
    await jobs.work<{ n: number }>(
      QUEUES.reconcileIssuer,
      async ({ n }) => {
        handled.push(n);
        if (n === 3) throw new Error('issuer unreachable');
      },
      { batchSize: 10 },
    );
    await expect.poll(() => handled.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    expect([...handled].sort()).toEqual([1, 2, 3, 4, 5]);
    await expect
      .poll(states, { timeout: 10_000 })
      .toEqual({ 1: 'completed', 2: 'completed', 3: 'retry', 4: 'completed', 5: 'completed' });
  });
});
