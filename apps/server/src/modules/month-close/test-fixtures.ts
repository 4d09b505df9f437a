import type { Db } from '../../db/database.js';
import { someoneWaitsForAdvisoryLock } from '../../test/advisory-locks.js';
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
export function someoneWaitsForMonth(db: Db, orgId: number, month: string): Promise<boolean> {
  return someoneWaitsForAdvisoryLock(db, monthLockKey(orgId, month));
}
