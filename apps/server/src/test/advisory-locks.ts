import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';

/** Whether some transaction is waiting for the advisory lock of this 64-bit key (a signal to race against, not a sleep). */
export async function someoneWaitsForAdvisoryLock(db: Db, key: RawBuilder<string>): Promise<boolean> {
  const { rows } = await sql<{ waiting: string }>`
    SELECT count(*) AS waiting
    FROM pg_locks l, (SELECT ${key} AS k) lock_key
    WHERE l.locktype = 'advisory' AND NOT l.granted
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND l.classid::bigint = (lock_key.k >> 32) & 4294967295 AND l.objid::bigint = lock_key.k & 4294967295`.execute(
    db,
  );
  return Number(rows[0]!.waiting) > 0;
}
