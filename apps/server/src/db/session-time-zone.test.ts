import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshDatabase } from '../test/database.js';
import { assertSessionsInUtc, createDb, type Db } from './database.js';

/** The server refuses to start on sessions that are not in UTC (a PgBouncer dropping the startup option). */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let single: Db;
beforeAll(async () => {
  database = await freshDatabase(inject('pgAdminUrl'));
  single = createDb(database.url, 1);
});
afterAll(async () => {
  await single.destroy();
  await database.drop();
});

describe('assertSessionsInUtc', () => {
  it('accepts the pool as createDb makes it', async () => {
    await expect(assertSessionsInUtc(single)).resolves.toBeUndefined();
  });

  it('refuses a session in another time zone, naming it and the fix', async () => {
    await sql`SET TimeZone = 'America/New_York'`.execute(single);
    await expect(assertSessionsInUtc(single)).rejects.toThrow(
      /time zone America\/New_York, not UTC.*timezone=UTC.*deploy\/pgbouncer\.ini/,
    );
  });
});
