import { sql, type Kysely } from 'kysely';

/**
 * The issuer outbox (ARCHITECTURE.md D7): a change the card issuer must learn about (a card's status, its spending limit) is
 * committed together with a row here, and a worker tells the issuer after the commit, never inside a transaction
 * or under the card's lock. `installation` holds a random id per database: the prefix of every idempotency key we
 * send, so two installations on one Stripe account never collide.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE installation (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`INSERT INTO installation DEFAULT VALUES`.execute(db);
  await sql`
    CREATE TABLE issuer_commands (
      id bigserial PRIMARY KEY,
      org_id integer NOT NULL REFERENCES organizations (id),
      card_id integer NOT NULL REFERENCES cards (id),
      kind text NOT NULL CHECK (kind IN ('card_status', 'card_spending_limit')),
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      failed_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      last_error text
    )`.execute(db);
  await sql`CREATE INDEX issuer_commands_unsent ON issuer_commands (card_id, id) WHERE sent_at IS NULL AND failed_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX issuer_commands_failed ON issuer_commands (card_id) WHERE failed_at IS NOT NULL AND sent_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS issuer_commands`.execute(db);
  await sql`DROP TABLE IF EXISTS installation`.execute(db);
}
