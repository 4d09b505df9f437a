import { sql, type Kysely } from 'kysely';

/**
 * Whether a transaction has its receipt, on the transaction itself (issue 21.2): the receipts module sets it in the
 * transaction that attaches or removes one, so the transactions list filters "missing receipt" on its own table
 * (a module never reads another's). A partial index serves the missing-receipt lists (a person's, an organisation's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE expenses ADD COLUMN has_receipt boolean NOT NULL DEFAULT false;
    UPDATE expenses e SET has_receipt = true FROM receipts r WHERE r.expense_id = e.id;
    CREATE INDEX expenses_missing_receipt ON expenses (org_id, user_id, stripe_created DESC)
      WHERE type = 'capture' AND NOT has_receipt;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX expenses_missing_receipt;
    ALTER TABLE expenses DROP COLUMN has_receipt;
  `.execute(db);
}
