import { sql, type Kysely } from 'kysely';

/**
 * Posted transactions (expenses), the cached sum of a card's pending holds (the authorisation hot path reads it
 * on the locked card row instead of summing holds), and provider webhook events stored once by id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE cards ADD COLUMN holds_amount bigint NOT NULL DEFAULT 0 CHECK (holds_amount >= 0);
    ALTER TABLE authorization_holds ADD COLUMN user_id bigint;
    ALTER TABLE authorization_holds ADD COLUMN captured_amount bigint NOT NULL DEFAULT 0;

    CREATE TABLE expenses (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL,
      card_id bigint NOT NULL,
      user_id bigint NOT NULL,
      hold_id bigint REFERENCES authorization_holds(id),
      provider text NOT NULL,
      provider_transaction_id text NOT NULL,
      type text NOT NULL CHECK (type IN ('capture', 'refund')),
      -- Cents spent: positive for a capture, negative for a refund, so sums net out.
      amount bigint NOT NULL,
      merchant_data jsonb NOT NULL DEFAULT '{}',
      wallet text CHECK (wallet IN ('apple_pay', 'google_pay', 'samsung_pay')),
      wallet_category_id bigint,
      team_id bigint,
      notes text,
      stripe_created bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider, provider_transaction_id),
      CHECK ((type = 'capture') = (amount >= 0)),
      FOREIGN KEY (org_id, card_id) REFERENCES cards (org_id, id)
    );
    CREATE INDEX expenses_card_created ON expenses (card_id, stripe_created DESC);
    CREATE INDEX expenses_org_created ON expenses (org_id, stripe_created DESC);

    CREATE TABLE webhook_events (
      id text PRIMARY KEY,
      provider text NOT NULL,
      type text NOT NULL,
      payload jsonb NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      processed_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      last_error text
    );
    CREATE INDEX webhook_events_unprocessed ON webhook_events (received_at) WHERE processed_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE webhook_events, expenses;
    ALTER TABLE authorization_holds DROP COLUMN user_id, DROP COLUMN captured_amount;
    ALTER TABLE cards DROP COLUMN holds_amount;
  `.execute(db);
}
