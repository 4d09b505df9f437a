import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db } from '../db/database.js';

export const TEMPLATE_DATABASE = 'wallet_test_template';

/** A fresh database cloned from the migrated template: each test file gets its own. */
export async function freshDatabase(adminUrl: string): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const name = `wallet_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      `CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(TEMPLATE_DATABASE)}`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // As production's default (a direct connection): statements prepared, so every test runs them that way.
  const db = createDb(url.toString(), 5, { prepareStatements: true });
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client
        .query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`)
        .finally(() => client.end());
    },
  };
}
