import { sql, type Kysely } from 'kysely';

/**
 * The cards list's default order (newest first): its page read from an index, not every card of the organisation
 * sorted for ten (issue 19.9).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX cards_org_created ON cards (org_id, created_at DESC, id DESC);`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX cards_org_created;`.execute(db);
}
