import { sql, type Kysely } from 'kysely';

/** Authorisation holds: what a card's purchases have reserved and not yet captured (PRODUCT.md §3). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE authorization_holds (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL,
      card_id bigint NOT NULL,
      provider text NOT NULL,
      -- The issuer's authorisation id: a repeated request gets the same answer.
      provider_authorization_id text NOT NULL,
      approved boolean NOT NULL,
      decline_reason text,
      status text NOT NULL CHECK (status IN ('pending', 'closed', 'reversed', 'expired', 'declined')),
      requested_amount bigint NOT NULL CHECK (requested_amount >= 0),
      amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
      merchant_data jsonb NOT NULL DEFAULT '{}',
      wallet text CHECK (wallet IN ('apple_pay', 'google_pay', 'samsung_pay')),
      stripe_created bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider, provider_authorization_id),
      FOREIGN KEY (org_id, card_id) REFERENCES cards (org_id, id)
    );
    CREATE INDEX authorization_holds_card_pending ON authorization_holds (card_id) WHERE status = 'pending';
    CREATE INDEX authorization_holds_org_created ON authorization_holds (org_id, created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE authorization_holds`.execute(db);
}
