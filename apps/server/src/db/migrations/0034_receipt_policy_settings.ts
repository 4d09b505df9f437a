import { sql, type Kysely } from 'kysely';

/**
 * The receipt and memo policy of Card Settings (issue 21 points 4 and 5): purchases above receipt_required_above need
 * a receipt (null: every purchase), reminders after receipt_reminder_days, the card deactivated after
 * receipt_deactivate_days without one, purchases above memo_required_above need a memo (null: none). All null: the
 * policy an organisation had before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE card_settings
      ADD COLUMN receipt_required_above bigint CHECK (receipt_required_above >= 0),
      ADD COLUMN receipt_reminder_days integer CHECK (receipt_reminder_days BETWEEN 1 AND 365),
      ADD COLUMN receipt_deactivate_days integer CHECK (receipt_deactivate_days BETWEEN 1 AND 365),
      ADD COLUMN memo_required_above bigint CHECK (memo_required_above >= 0);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE card_settings
      DROP COLUMN receipt_required_above,
      DROP COLUMN receipt_reminder_days,
      DROP COLUMN receipt_deactivate_days,
      DROP COLUMN memo_required_above;
  `.execute(db);
}
