import { sql, type Kysely } from 'kysely';

/**
 * An organisation's transactions newest first with their tie-break (stripe_created DESC, id DESC: the All
 * Transactions table's default order and the report export's) read from an index, replacing the one without the id:
 * a million-row CSV export no longer sorts every run of rows posted in the same second again in its parallel
 * workers or, as the planner preferred once the cells cost more, in the leader that writes the file (issue 19.8).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX expenses_org_created_id ON expenses (org_id, stripe_created DESC, id DESC);`.execute(db);
  await sql`DROP INDEX expenses_org_created;`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX expenses_org_created ON expenses (org_id, stripe_created DESC);`.execute(db);
  await sql`DROP INDEX expenses_org_created_id;`.execute(db);
}
