import { sql, type Kysely } from 'kysely';

/**
 * The teams list shows each team's funded request total: an index-only sum over the funded requests of the teams on
 * the page, instead of reading every funded request of the organisation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX purchase_requests_team_funded ON purchase_requests (org_id, team_id) INCLUDE (amount) WHERE transferred IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS purchase_requests_team_funded`.execute(db);
}
