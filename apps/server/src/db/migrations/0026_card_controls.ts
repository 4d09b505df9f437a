import { sql, type Kysely } from 'kysely';

/**
 * Card controls and identity (issue 20 points 1 and 4): Stripe-shaped spending controls on each card (enforced by our
 * own decision, mirrored to the issuer), a nickname and purpose, an optional merchant lock and allocation expiry; and
 * what a decline knew (decline_detail) so its sentence reads the same later. The decline reason for terms not yet
 * accepted takes the name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE cards
      ADD COLUMN spending_controls jsonb NOT NULL
        DEFAULT '{"spending_limits": [], "allowed_categories": [], "blocked_categories": []}'::jsonb,
      ADD COLUMN nickname text,
      ADD COLUMN purpose text,
      ADD COLUMN merchant_lock text,
      ADD COLUMN allocation_expires_on date;
    CREATE INDEX cards_allocation_expiring ON cards (allocation_expires_on) WHERE allocation_expires_on IS NOT NULL;

    ALTER TABLE authorization_holds ADD COLUMN decline_detail jsonb;
    UPDATE authorization_holds SET decline_reason = 'cardholder_terms_not_accepted'
      WHERE decline_reason = 'terms_not_accepted';
    -- The Declined tab lists a card's declines newest first.
    CREATE INDEX authorization_holds_declined ON authorization_holds (org_id, card_id, created_at DESC)
      WHERE NOT approved;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX authorization_holds_declined;
    UPDATE authorization_holds SET decline_reason = 'terms_not_accepted'
      WHERE decline_reason = 'cardholder_terms_not_accepted';
    ALTER TABLE authorization_holds DROP COLUMN decline_detail;
    DROP INDEX cards_allocation_expiring;
    ALTER TABLE cards DROP COLUMN spending_controls, DROP COLUMN nickname, DROP COLUMN purpose,
      DROP COLUMN merchant_lock, DROP COLUMN allocation_expires_on;
  `.execute(db);
}
