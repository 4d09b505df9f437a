import { sql, type Kysely } from 'kysely';

/**
 * Issue 16 points 2 and 4: what the issuer takes back or ends on its side.
 * - Top-ups: 'reversed' (Stripe's topup.reversed: the money went back to the bank after it was credited; terminal),
 *   with when. A reversal is posted as a 'topup_reversal' journal entry.
 * - The organisation's funds may go below zero, but only as the result of a topup_reversal (a shortfall: the money was
 *   on cards already). The CHECK that forbade any negative balance becomes a test in ledger_apply_line: a line that
 *   takes issuer_funds below zero is refused unless its entry is a topup_reversal. Nothing else can deepen a shortfall;
 *   anything that brings money back (a defunding, a card cancellation, a top-up) still can.
 * - Cards: the terminal status 'canceled' (lost, stolen, expired at the issuer) with the issuer's reason and when.
 * - Cardholders: the issuer's status of the person (active, inactive, blocked) and its requirements (disabled_reason,
 *   past_due fields), from Stripe's issuing_cardholder.updated.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE topups DROP CONSTRAINT topups_status_check;
    ALTER TABLE topups ADD CONSTRAINT topups_status_check CHECK (status IN ('pending', 'succeeded', 'failed', 'reversed'));
    ALTER TABLE topups ADD COLUMN reversed_at timestamptz;
    ALTER TABLE topups ADD CONSTRAINT topups_reversed_at_when_reversed CHECK ((reversed_at IS NOT NULL) = (status = 'reversed'));

    ALTER TABLE cards DROP CONSTRAINT cards_status_check;
    ALTER TABLE cards ADD CONSTRAINT cards_status_check CHECK (status IN ('active', 'inactive', 'canceled'));
    ALTER TABLE cards ADD COLUMN cancellation_reason text, ADD COLUMN canceled_at timestamptz;
    ALTER TABLE cards ADD CONSTRAINT cards_canceled_at_when_canceled CHECK ((canceled_at IS NOT NULL) = (status = 'canceled'));

    ALTER TABLE cardholders
      ADD COLUMN issuer_status text CHECK (issuer_status IN ('active', 'inactive', 'blocked')),
      ADD COLUMN requirements_disabled_reason text,
      ADD COLUMN requirements_past_due text[] NOT NULL DEFAULT '{}',
      ADD COLUMN issuer_updated_at timestamptz;

    -- The CHECK of 0003 (kind <> 'issuer_funds' OR balance >= 0), found by its definition.
    DO $$
    DECLARE name text;
    BEGIN
      SELECT conname INTO name FROM pg_constraint
      WHERE conrelid = 'ledger_accounts'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%issuer_funds%balance%';
      IF name IS NOT NULL THEN EXECUTE format('ALTER TABLE ledger_accounts DROP CONSTRAINT %I', name); END IF;
    END $$;

    -- 0021's line trigger, plus: a line may take the organisation's funds below zero only in a topup_reversal.
    CREATE OR REPLACE FUNCTION ledger_apply_line() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE account_kind text; new_balance bigint; entry_kind text;
    BEGIN
      PERFORM set_config('wallet.ledger_line', 'on', true);
      UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id AND org_id = NEW.org_id
        RETURNING kind, balance INTO account_kind, new_balance;
      IF NOT FOUND THEN RAISE EXCEPTION 'ledger line % names an account of another organisation', NEW.id; END IF;
      PERFORM set_config('wallet.ledger_line', '', true);
      IF account_kind = 'issuer_funds' AND new_balance < 0 AND NEW.amount < 0 THEN
        SELECT kind INTO entry_kind FROM journal_entries WHERE id = NEW.entry_id;
        IF entry_kind IS DISTINCT FROM 'topup_reversal' THEN
          RAISE EXCEPTION 'new row for relation "ledger_accounts" violates check constraint "issuer_funds_not_negative": only a topup_reversal may take the organisation''s funds below zero (% entry, balance %)', entry_kind, new_balance
            USING ERRCODE = 'check_violation';
        END IF;
      END IF;
      RETURN NEW;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION ledger_apply_line() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM set_config('wallet.ledger_line', 'on', true);
      UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id AND org_id = NEW.org_id;
      IF NOT FOUND THEN RAISE EXCEPTION 'ledger line % names an account of another organisation', NEW.id; END IF;
      PERFORM set_config('wallet.ledger_line', '', true);
      RETURN NEW;
    END $$;
    ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_check1 CHECK (kind <> 'issuer_funds' OR balance >= 0);
    ALTER TABLE cardholders DROP COLUMN issuer_status, DROP COLUMN requirements_disabled_reason, DROP COLUMN requirements_past_due, DROP COLUMN issuer_updated_at;
    ALTER TABLE cards DROP CONSTRAINT cards_canceled_at_when_canceled, DROP COLUMN cancellation_reason, DROP COLUMN canceled_at;
    ALTER TABLE cards DROP CONSTRAINT cards_status_check;
    ALTER TABLE cards ADD CONSTRAINT cards_status_check CHECK (status IN ('active', 'inactive'));
    ALTER TABLE topups DROP CONSTRAINT topups_reversed_at_when_reversed, DROP COLUMN reversed_at;
    ALTER TABLE topups DROP CONSTRAINT topups_status_check;
    ALTER TABLE topups ADD CONSTRAINT topups_status_check CHECK (status IN ('pending', 'succeeded', 'failed'));
  `.execute(db);
}
