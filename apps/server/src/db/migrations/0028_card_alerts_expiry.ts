import { sql, type Kysely } from 'kysely';

/**
 * Issue 20 points 4 and 7, the cards' side: low_balance_threshold is the amount (cents) below which the card's holder
 * hears that the card runs low (null: never), set by the holder or an admin. allocation_expired_at marks the day the
 * allocation expiry job returned what the card had left (allocation_expires_on reached): the job skips marked cards,
 * so it runs twice safely, and a new expiry date clears the mark.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE cards
      ADD COLUMN low_balance_threshold bigint CHECK (low_balance_threshold > 0),
      ADD COLUMN allocation_expired_at timestamptz;
    -- The expiry job's daily pass reads only the cards still due.
    CREATE INDEX cards_allocation_due ON cards (allocation_expires_on)
      WHERE allocation_expires_on IS NOT NULL AND allocation_expired_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX cards_allocation_due;
    ALTER TABLE cards DROP COLUMN low_balance_threshold, DROP COLUMN allocation_expired_at;
  `.execute(db);
}
