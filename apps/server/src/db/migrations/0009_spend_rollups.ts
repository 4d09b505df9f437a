import { sql, type Kysely } from 'kysely';

/**
 * Spend rollups sized for reading. The per-card daily rollup of 0008 holds nearly a row per transaction once a card
 * is used every day (800,000 rows for 1,000,000 transactions on 500 cards over two years), so charts and top-five
 * lists read as much as the transactions themselves. Instead, kept by one trigger in the transaction that posts each
 * expense:
 *  - spend_org_daily: the organisation's spend and counts per UTC day (one row a day: charts, the table's totals);
 *  - spend_holder_daily: per holder, team and wallet category per UTC day (a holder's charts, the edges of ranges);
 *  - spend_holder_monthly: the same per month (top-five lists over long ranges).
 * Every capture already updates the organisation's `spent` ledger account row, so the organisation's rows here add
 * no new point where captures wait for each other.
 *
 * Also indexes for what the reports read at scale: card fundings among a million spend entries of the ledger, and
 * the transactions table sorted by amount, merchant, category, team, type or wallet (a page sorted by a column of
 * few values is read value by value, newest first within each).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER expenses_spend_daily ON expenses;
    DROP FUNCTION spend_daily_add;
    DROP TABLE spend_daily;

    CREATE TABLE spend_org_daily (
      org_id bigint NOT NULL,
      day date NOT NULL,
      amount bigint NOT NULL DEFAULT 0,
      captures integer NOT NULL DEFAULT 0,
      refunds integer NOT NULL DEFAULT 0,
      PRIMARY KEY (org_id, day)
    );
    CREATE TABLE spend_holder_daily (
      org_id bigint NOT NULL,
      user_id bigint NOT NULL,
      day date NOT NULL,
      team_id bigint NOT NULL DEFAULT 0,
      wallet_category_id bigint NOT NULL DEFAULT 0,
      amount bigint NOT NULL DEFAULT 0,
      captures integer NOT NULL DEFAULT 0,
      refunds integer NOT NULL DEFAULT 0,
      PRIMARY KEY (org_id, user_id, day, team_id, wallet_category_id)
    );
    CREATE INDEX spend_holder_daily_org_day ON spend_holder_daily (org_id, day);
    CREATE TABLE spend_holder_monthly (
      org_id bigint NOT NULL,
      month date NOT NULL,
      user_id bigint NOT NULL,
      team_id bigint NOT NULL DEFAULT 0,
      wallet_category_id bigint NOT NULL DEFAULT 0,
      amount bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (org_id, month, user_id, team_id, wallet_category_id)
    );

    CREATE FUNCTION spend_rollups_add() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      d date := (to_timestamp(NEW.stripe_created) AT TIME ZONE 'UTC')::date;
      c integer := CASE WHEN NEW.type = 'capture' THEN 1 ELSE 0 END;
    BEGIN
      INSERT INTO spend_holder_daily AS s (org_id, user_id, day, team_id, wallet_category_id, amount, captures, refunds)
      VALUES (NEW.org_id, NEW.user_id, d, coalesce(NEW.team_id, 0), coalesce(NEW.wallet_category_id, 0), NEW.amount, c, 1 - c)
      ON CONFLICT (org_id, user_id, day, team_id, wallet_category_id)
      DO UPDATE SET amount = s.amount + EXCLUDED.amount, captures = s.captures + EXCLUDED.captures, refunds = s.refunds + EXCLUDED.refunds;
      INSERT INTO spend_holder_monthly AS s (org_id, month, user_id, team_id, wallet_category_id, amount)
      VALUES (NEW.org_id, date_trunc('month', d)::date, NEW.user_id, coalesce(NEW.team_id, 0), coalesce(NEW.wallet_category_id, 0), NEW.amount)
      ON CONFLICT (org_id, month, user_id, team_id, wallet_category_id) DO UPDATE SET amount = s.amount + EXCLUDED.amount;
      INSERT INTO spend_org_daily AS s (org_id, day, amount, captures, refunds)
      VALUES (NEW.org_id, d, NEW.amount, c, 1 - c)
      ON CONFLICT (org_id, day)
      DO UPDATE SET amount = s.amount + EXCLUDED.amount, captures = s.captures + EXCLUDED.captures, refunds = s.refunds + EXCLUDED.refunds;
      RETURN NEW;
    END $$;
    CREATE TRIGGER expenses_spend_rollups AFTER INSERT ON expenses FOR EACH ROW EXECUTE FUNCTION spend_rollups_add();

    INSERT INTO spend_holder_daily (org_id, user_id, day, team_id, wallet_category_id, amount, captures, refunds)
    SELECT org_id, user_id, (to_timestamp(stripe_created) AT TIME ZONE 'UTC')::date, coalesce(team_id, 0), coalesce(wallet_category_id, 0),
      sum(amount), count(*) FILTER (WHERE type = 'capture'), count(*) FILTER (WHERE type = 'refund')
    FROM expenses GROUP BY 1, 2, 3, 4, 5;
    INSERT INTO spend_holder_monthly (org_id, month, user_id, team_id, wallet_category_id, amount)
    SELECT org_id, date_trunc('month', day)::date, user_id, team_id, wallet_category_id, sum(amount) FROM spend_holder_daily GROUP BY 1, 2, 3, 4, 5;
    INSERT INTO spend_org_daily (org_id, day, amount, captures, refunds)
    SELECT org_id, day, sum(amount), sum(captures), sum(refunds) FROM spend_holder_daily GROUP BY 1, 2;

    CREATE INDEX journal_entries_org_kind_created ON journal_entries (org_id, kind, created_at);
    CREATE INDEX expenses_org_amount ON expenses (org_id, amount);
    -- Both directions: ties are newest first either way, which one index read backwards can't give.
    CREATE INDEX expenses_org_merchant ON expenses (org_id, lower(merchant_data->>'name'), stripe_created DESC, id DESC);
    CREATE INDEX expenses_org_merchant_desc ON expenses (org_id, lower(merchant_data->>'name') DESC NULLS LAST, stripe_created DESC, id DESC);
    CREATE INDEX expenses_org_notes ON expenses (org_id, lower(notes)) WHERE notes IS NOT NULL;
    CREATE INDEX expenses_org_category_created ON expenses (org_id, wallet_category_id, stripe_created DESC);
    CREATE INDEX expenses_org_team_created ON expenses (org_id, team_id, stripe_created DESC);
    CREATE INDEX expenses_org_type_created ON expenses (org_id, type, stripe_created DESC);
    CREATE INDEX expenses_org_wallet_created ON expenses (org_id, wallet, stripe_created DESC);

    -- The transactions search: a trigram index over merchant name, category and code, and notes (the expression is
    -- the one modules/expenses/repo.ts searches). pg_trgm ships with PostgreSQL and is trusted, so the database's
    -- owner may create it; where that is refused the search still works, reading every row.
    DO $$
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
      RAISE NOTICE 'pg_trgm is not available: the transactions search will not use an index';
    END $$;
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        CREATE INDEX expenses_search ON expenses USING gin ((lower(coalesce(merchant_data->>'name', '') || E'\\x1f' || coalesce(merchant_data->>'category', '') ||
          E'\\x1f' || coalesce(merchant_data->>'category_code', '') || E'\\x1f' || coalesce(notes, ''))) gin_trgm_ops);
      END IF;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX IF EXISTS expenses_search;
    DROP INDEX journal_entries_org_kind_created, expenses_org_amount, expenses_org_merchant, expenses_org_merchant_desc, expenses_org_notes, expenses_org_category_created,
      expenses_org_team_created, expenses_org_type_created, expenses_org_wallet_created;
    DROP TRIGGER expenses_spend_rollups ON expenses;
    DROP FUNCTION spend_rollups_add;
    DROP TABLE spend_org_daily, spend_holder_daily, spend_holder_monthly;
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
    INSERT INTO spend_daily (org_id, day, card_id, user_id, team_id, wallet_category_id, amount, captures)
    SELECT org_id, (to_timestamp(stripe_created) AT TIME ZONE 'UTC')::date, card_id, user_id, coalesce(team_id, 0), coalesce(wallet_category_id, 0),
      sum(amount), count(*) FILTER (WHERE type = 'capture')
    FROM expenses GROUP BY 1, 2, 3, 4, 5, 6;
  `.execute(db);
}
