import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { insertMonthClose, lockMonths, monthLockKey } from './repo.js';

/**
 * Test support for racing a month's close against edits: a transaction holding the month's lock as an edit does
 * (shared) or as a close does (exclusive, with the month's row written), kept open until released.
 */
export function holdMonth(db: Db, orgId: number, month: string, as: 'edit' | 'close') {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const done = db.transaction().execute(async (tx) => {
    await lockMonths(tx, orgId, [month], as === 'edit' ? 'shared' : 'exclusive');
    if (as === 'close') await insertMonthClose(tx, orgId, month, null);
    holding();
    await released;
  });
  return { held, release, done };
}

/** Whether some transaction is waiting for the organisation's month lock. */
export async function someoneWaitsForMonth(db: Db, orgId: number, month: string): Promise<boolean> {
  const { rows } = await sql<{ waiting: string }>`
    SELECT count(*) AS waiting
    FROM pg_locks l, (SELECT ${monthLockKey(orgId, month)} AS k) month_key
    WHERE l.locktype = 'advisory' AND NOT l.granted
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND l.classid::bigint = (month_key.k >> 32) & 4294967295 AND l.objid::bigint = month_key.k & 4294967295`.execute(
    db,
  );
  return Number(rows[0]!.waiting) > 0;
}
