import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freshDatabase } from '../../test/database.js';
import { installationPrefix } from './service.js';

const databases: Array<Awaited<ReturnType<typeof freshDatabase>>> = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
});

describe('installationPrefix', () => {
  it("is each database's own, in a process that talks to two", async () => {
    const [first, second] = [await freshDatabase(inject('pgAdminUrl')), await freshDatabase(inject('pgAdminUrl'))];
    databases.push(first, second);
    // Test databases are copies of one template: give the second an installation of its own, as a real one has.
    await sql`UPDATE installation SET id = gen_random_uuid()`.execute(second.db);
    const idOf = async (db: typeof first.db) =>
      (await sql<{ id: string }>`SELECT id FROM installation`.execute(db)).rows[0]!.id;
    const [firstId, secondId] = [await idOf(first.db), await idOf(second.db)];
    expect(firstId).not.toBe(secondId);
    expect(await installationPrefix(first.db)).toBe(firstId);
    expect(await installationPrefix(second.db)).toBe(secondId);
    expect(await installationPrefix(first.db)).toBe(firstId);
  });
});
