import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshDatabase } from '../test/database.js';
import { createDb, type Db } from './database.js';
import { MAX_PREPARED_PER_CONNECTION } from './prepared-statements.js';

/** Statements prepared once per connection (issue 19.9), on one connection so every call meets the same session. */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let single: Db;
beforeAll(async () => {
  database = await freshDatabase(inject('pgAdminUrl'));
  single = createDb(database.url, 1, { prepareStatements: true });
  await sql`CREATE TABLE prepared_probe (id int PRIMARY KEY, label text)`.execute(single);
  await sql`INSERT INTO prepared_probe VALUES (1, 'one'), (2, 'two')`.execute(single);
});
afterAll(async () => {
  await single.destroy();
  await database.drop();
});

const preparedCount = async () =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements`.execute(single)).rows[0]!.n;

const labelOf = (id: number) =>
  single
    .selectFrom('prepared_probe' as never)
    .selectAll()
    .where('id' as never, '=', id as never)
    .execute();

describe('prepared statements', () => {
  it('prepares a statement once per connection and answers as unprepared would', async () => {
    const before = await preparedCount();
    expect(await labelOf(1)).toEqual([{ id: 1, label: 'one' }]);
    expect(await labelOf(2)).toEqual([{ id: 2, label: 'two' }]);
    // The count's own statement was already there: one more, whatever the id.
    expect(await preparedCount()).toBe(before + 1);
  });

  it('answers a changed table outside a transaction, and inside one fails once, then runs unprepared', async () => {
    expect(await labelOf(1)).toEqual([{ id: 1, label: 'one' }]);
    // A newer version's migration adds a column under a running process's prepared `SELECT *`.
    await sql`ALTER TABLE prepared_probe ADD COLUMN note text`.execute(single);
    expect(await labelOf(1)).toEqual([{ id: 1, label: 'one', note: null }]);

    const pick = (id: number) =>
      single.transaction().execute(async (tx) =>
        tx
          .selectFrom('prepared_probe' as never)
          .select(['id' as never, 'label' as never])
          .where('id' as never, '=', id as never)
          .execute(),
      );
    expect(await pick(2)).toEqual([{ id: 2, label: 'two' }]);
    await sql`ALTER TABLE prepared_probe ALTER COLUMN label TYPE varchar(20)`.execute(single);
    await expect(pick(2)).rejects.toThrow(/cached plan must not change result type/);
    expect(await pick(2)).toEqual([{ id: 2, label: 'two' }]);
  });

  it(`keeps at most ${MAX_PREPARED_PER_CONNECTION} statements per connection, running new texts unprepared past it`, async () => {
    for (let size = 1; size <= MAX_PREPARED_PER_CONNECTION + 10; size++) {
      const ids = [1, 2, ...Array.from({ length: size }, (_, index) => 1_000 + index)];
      const rows = await single
        .selectFrom('prepared_probe' as never)
        .select('id' as never)
        .where('id' as never, 'in', ids as never)
        .execute();
      expect(rows).toHaveLength(2);
    }
    expect(await preparedCount()).toBeLessThanOrEqual(MAX_PREPARED_PER_CONNECTION);
  });
});
