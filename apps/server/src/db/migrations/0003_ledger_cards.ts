import { sql, type Kysely } from 'kysely';

/**
 * The ledger (ARCHITECTURE.md D7), cardholders and cards, top-ups, the simulator issuer's own records, and the
 * password-confirmation time on sessions (423 guard for card details).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sessions ADD COLUMN password_confirmed_at timestamptz;

    -- Accounts: the organisation's unallocated funds at the issuer, each card's allocation, money spent, and the
    -- outside world that top-ups come from. A balance is the sum of its lines; the cached one is kept by trigger.
    CREATE TABLE ledger_accounts (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('issuer_funds', 'card', 'spent', 'outside')),
      card_id bigint,
      balance bigint NOT NULL DEFAULT 0,
      CHECK ((kind = 'card') = (card_id IS NOT NULL)),
      -- Unallocated funds can never go below zero, whatever the code does.
      CHECK (kind <> 'issuer_funds' OR balance >= 0)
    );
    CREATE UNIQUE INDEX ledger_accounts_org_kind ON ledger_accounts (org_id, kind) WHERE card_id IS NULL;
    CREATE UNIQUE INDEX ledger_accounts_card ON ledger_accounts (org_id, card_id) WHERE card_id IS NOT NULL;

    CREATE TABLE journal_entries (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      -- A retried operation carries the same reference and is recorded once.
      reference text NOT NULL,
      kind text NOT NULL,
      description text,
      card_id bigint,
      user_id bigint,
      created_by bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (org_id, reference)
    );
    CREATE INDEX journal_entries_org_created ON journal_entries (org_id, created_at);

    CREATE TABLE journal_lines (
      id bigserial PRIMARY KEY,
      entry_id bigint NOT NULL REFERENCES journal_entries(id) ON DELETE CASCADE,
      org_id bigint NOT NULL,
      account_id bigint NOT NULL REFERENCES ledger_accounts(id),
      amount bigint NOT NULL CHECK (amount <> 0)
    );
    CREATE INDEX journal_lines_entry ON journal_lines (entry_id);
    CREATE INDEX journal_lines_account ON journal_lines (account_id);

    -- Lines move the cached balance in the same transaction.
    CREATE FUNCTION ledger_apply_line() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id AND org_id = NEW.org_id;
      IF NOT FOUND THEN RAISE EXCEPTION 'ledger line % names an account of another organisation', NEW.id; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER journal_lines_apply AFTER INSERT ON journal_lines FOR EACH ROW EXECUTE FUNCTION ledger_apply_line();

    -- Every entry balances: checked at commit, once all its lines are in.
    CREATE FUNCTION ledger_check_entry() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE total bigint; line_count integer;
    BEGIN
      SELECT coalesce(sum(amount), 0), count(*) INTO total, line_count FROM journal_lines WHERE entry_id = NEW.entry_id;
      IF total <> 0 OR line_count < 2 THEN
        RAISE EXCEPTION 'journal entry % does not balance (sum %, % lines)', NEW.entry_id, total, line_count;
      END IF;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER journal_lines_balanced AFTER INSERT ON journal_lines
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry();
    -- An entry committed without any lines would escape the check above: it is checked on its own too.
    CREATE FUNCTION ledger_check_new_entry() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE total bigint; line_count integer;
    BEGIN
      SELECT coalesce(sum(amount), 0), count(*) INTO total, line_count FROM journal_lines WHERE entry_id = NEW.id;
      IF total <> 0 OR line_count < 2 THEN
        RAISE EXCEPTION 'journal entry % does not balance (sum %, % lines)', NEW.id, total, line_count;
      END IF;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_new_entry();

    -- Append-only: history is corrected by new entries, never by edits.
    CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'the ledger is append-only'; END $$;
    CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
    CREATE TRIGGER journal_lines_append_only BEFORE UPDATE OR DELETE ON journal_lines FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

    -- A person's cardholder record at the issuer (one per user).
    CREATE TABLE cardholders (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL,
      user_id bigint NOT NULL,
      provider text NOT NULL,
      provider_cardholder_id text NOT NULL,
      name text NOT NULL,
      legal_first_name text NOT NULL,
      legal_last_name text NOT NULL,
      billing jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (org_id, user_id),
      UNIQUE (org_id, id),
      FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
    );

    CREATE TABLE cards (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL,
      user_id bigint NOT NULL,
      cardholder_id bigint NOT NULL,
      provider text NOT NULL,
      provider_card_id text NOT NULL,
      name text NOT NULL,
      brand text NOT NULL,
      type text NOT NULL CHECK (type IN ('virtual', 'physical')),
      status text NOT NULL DEFAULT 'inactive' CHECK (status IN ('active', 'inactive')),
      last4 text NOT NULL,
      exp_month integer NOT NULL,
      exp_year integer NOT NULL,
      spending_limit bigint NOT NULL DEFAULT 0,
      shipping jsonb,
      last_used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (org_id, id),
      UNIQUE (provider, provider_card_id),
      FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id),
      FOREIGN KEY (org_id, cardholder_id) REFERENCES cardholders (org_id, id)
    );
    CREATE INDEX cards_org_user ON cards (org_id, user_id);
    CREATE INDEX cards_org_last_used ON cards (org_id, last_used_at DESC NULLS LAST);

    CREATE TABLE topups (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      amount bigint NOT NULL CHECK (amount > 0),
      description text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
      provider text NOT NULL,
      provider_topup_id text,
      idempotency_key text NOT NULL,
      created_by bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz,
      UNIQUE (org_id, idempotency_key)
    );
    CREATE UNIQUE INDEX topups_provider_id ON topups (provider, provider_topup_id) WHERE provider_topup_id IS NOT NULL;

    -- The simulator issuer's own books: what a real issuer would hold on its side.
    CREATE TABLE issuer_sim_cardholders (
      id text PRIMARY KEY,
      org_id bigint NOT NULL,
      idempotency_key text UNIQUE,
      name text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text,
      billing jsonb NOT NULL,
      terms_accepted_at timestamptz,
      terms_ip text,
      terms_user_agent text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE issuer_sim_cards (
      id text PRIMARY KEY,
      org_id bigint NOT NULL,
      idempotency_key text UNIQUE,
      cardholder_id text NOT NULL REFERENCES issuer_sim_cardholders(id),
      number text NOT NULL,
      cvc text NOT NULL,
      exp_month integer NOT NULL,
      exp_year integer NOT NULL,
      type text NOT NULL,
      status text NOT NULL,
      spending_limit bigint NOT NULL DEFAULT 0,
      shipping jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE issuer_sim_topups (
      id text PRIMARY KEY,
      org_id bigint NOT NULL,
      idempotency_key text UNIQUE,
      amount bigint NOT NULL,
      description text,
      status text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE issuer_sim_topups, issuer_sim_cards, issuer_sim_cardholders, topups, cards, cardholders, journal_lines, journal_entries, ledger_accounts;
    DROP FUNCTION ledger_apply_line, ledger_check_entry, ledger_check_new_entry, ledger_append_only;
    ALTER TABLE sessions DROP COLUMN password_confirmed_at;
  `.execute(db);
}
