import { sql, type Kysely } from 'kysely';

/**
 * Why the issuer refused a top-up (Stripe's message: a 4xx to POST /v1/topups, or its topup.failed event's
 * failure_message), shown with the failed top-up in Account Funding. Only a failed top-up has one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE topups ADD COLUMN failure_message text`.execute(db);
  await sql`ALTER TABLE topups ADD CONSTRAINT topups_failure_message_when_failed CHECK (failure_message IS NULL OR status = 'failed')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE topups DROP CONSTRAINT IF EXISTS topups_failure_message_when_failed`.execute(db);
  await sql`ALTER TABLE topups DROP COLUMN IF EXISTS failure_message`.execute(db);
}
