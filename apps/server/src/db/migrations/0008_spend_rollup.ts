import { sql, type Kysely } from 'kysely';

/**
 * Daily spend per card (with its holder, team and category), kept by trigger in the same transaction as each
 * expense, so dashboards and reports read thousands of rows instead of millions of expenses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE spend_daily (
      org_id bigint NOT NULL,
      day date NOT NULL,
      card_id bigint NOT NULL,
      user_id bigint NOT NULL,
      team_id bigint NOT NULL DEFAULT 0,
      wallet_category_id bigint NOT NULL DEFAULT 0,
      amount bigint NOT NULL DEFAULT 0,
      captures integer NOT NULL DEFAULT 0,
      PRIMARY KEY (org_id, day, card_id, team_id, wallet_category_id)
    );
    CREATE INDEX spend_daily_org_user ON spend_daily (org_id, user_id, day);

    CREATE FUNCTION spend_daily_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO spend_daily AS s (org_id, day, card_id, user_id, team_id, wallet_category_id, amount, captures)
      VALUES (NEW.org_id, (to_timestamp(NEW.stripe_created) AT TIME ZONE 'UTC')::date, NEW.card_id, NEW.user_id,
              coalesce(NEW.team_id, 0), coalesce(NEW.wallet_category_id, 0), NEW.amount, CASE WHEN NEW.type = 'capture' THEN 1 ELSE 0 END)
      ON CONFLICT (org_id, day, card_id, team_id, wallet_category_id)
      DO UPDATE SET amount = s.amount + EXCLUDED.amount, captures = s.captures + EXCLUDED.captures;
      RETURN NEW;
    END $$;
    CREATE TRIGGER expenses_spend_daily AFTER INSERT ON expenses FOR EACH ROW EXECUTE FUNCTION spend_daily_add();

    CREATE INDEX expenses_org_user_created ON expenses (org_id, user_id, stripe_created DESC);
    CREATE INDEX topups_org_settled ON topups (org_id, settled_at) WHERE status = 'succeeded';
    CREATE INDEX purchase_requests_org_transferred ON purchase_requests (org_id, transferred) WHERE transferred IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER expenses_spend_daily ON expenses; DROP FUNCTION spend_daily_add; DROP TABLE spend_daily;`.execute(
    db,
  );
}
