import { sql, type Kysely } from 'kysely';

/**
 * Card Settings (issue 20 point 5): an organisation's defaults for new cards and the unallocated-funds level below
 * which its admins hear of it; no row means the contract's DEFAULT_CARD_SETTINGS. org_funds_low_notified_at remembers
 * that the admins were told the funds fell below the threshold, so they hear it once per crossing; it clears when the
 * funds are back at or above it, or when the threshold changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE card_settings (
      org_id bigint PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
      default_type text NOT NULL CHECK (default_type IN ('virtual', 'physical')),
      default_shipping_service text NOT NULL CHECK (default_shipping_service IN ('standard', 'express', 'priority')),
      default_spending_controls jsonb NOT NULL,
      org_funds_low_threshold bigint CHECK (org_funds_low_threshold > 0),
      org_funds_low_notified_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE card_settings;`.execute(db);
}
