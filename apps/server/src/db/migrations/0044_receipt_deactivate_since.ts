import { sql, type Kysely } from 'kysely';

/**
 * When Card Settings' deactivation for missing receipts was turned on (receipt_deactivate_days from empty to a number):
 * only purchases posted from then on can deactivate a card, so turning it on does not deactivate every card with a
 * missing receipt from years ago. Policies already on keep what they counted (from the start of time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE card_settings ADD COLUMN receipt_deactivate_since timestamptz`.execute(db);
  await sql`
    UPDATE card_settings SET receipt_deactivate_since = to_timestamp(0)
    WHERE receipt_deactivate_days IS NOT NULL`.execute(db);
  await sql`
    ALTER TABLE card_settings ADD CONSTRAINT card_settings_receipt_deactivate_since
      CHECK ((receipt_deactivate_days IS NULL) = (receipt_deactivate_since IS NULL))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE card_settings DROP COLUMN receipt_deactivate_since`.execute(db);
}
