import { sql, type Kysely } from 'kysely';

/**
 * General-ledger account codes on wallet categories (issue 21.7): the month-end accounting export puts a category's
 * code in Xero's Account Code. Optional, and not unique (several categories may book to one account).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE wallet_categories ADD COLUMN gl_code text CHECK (gl_code ~ '^[A-Za-z0-9][A-Za-z0-9.-]{0,19}$')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE wallet_categories DROP COLUMN gl_code`.execute(db);
}
