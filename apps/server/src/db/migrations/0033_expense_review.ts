import { sql, type Kysely } from 'kysely';

/**
 * Transaction review (issue 21.6): an admin marks transactions reviewed (who, when) or flags one for a closer look.
 * The needs-review queue is what is neither reviewed nor fine: a purchase missing its receipt or its memo, or flagged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE expenses
      ADD COLUMN reviewed_at timestamptz,
      ADD COLUMN reviewed_by bigint,
      ADD COLUMN flagged boolean NOT NULL DEFAULT false;
    CREATE INDEX expenses_unreviewed ON expenses (org_id, stripe_created DESC) WHERE reviewed_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX expenses_unreviewed;
    ALTER TABLE expenses DROP COLUMN reviewed_at, DROP COLUMN reviewed_by, DROP COLUMN flagged;
  `.execute(db);
}
