import { sql, type Kysely } from 'kysely';

/**
 * One source of truth (ARCHITECTURE.md D7), enforced by PostgreSQL rather than trusted to the code that writes the copies:
 * - a card's spending_limit equals the balance of its ledger account (0 while it has none), and its holds_amount the
 *   sum of its pending holds: deferred constraint triggers check, at commit, each card whose row, ledger account
 *   balance or pending holds the transaction changed, and only those (so the authorisation's one statement pays
 *   two index lookups on its own card);
 * - the ledger tables refuse TRUNCATE (row triggers never see it), and a cached balance moves only by a journal
 *   line (ledger_apply_line marks its own UPDATE with a transaction-local setting; anything else raises);
 * - journal entry kinds are the known ones (topup_reversal and card_cancellation included, for top-up reversals
 *   and canceled cards);
 * - every card_id of the ledger names a card of the same organisation (holds, expenses, purchase requests and
 *   issuer commands had their foreign keys already).
 * Rows already there must satisfy all of it: the migration stops, naming the cards, when one does not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- What the constraint triggers check, for one card. A card deleted since is nothing to check.
    CREATE FUNCTION card_check_allocation(card bigint) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE limit_cents bigint; account_cents bigint;
    BEGIN
      SELECT c.spending_limit, coalesce(a.balance, 0) INTO limit_cents, account_cents
      FROM cards c LEFT JOIN ledger_accounts a ON a.org_id = c.org_id AND a.card_id = c.id
      WHERE c.id = card;
      IF FOUND AND limit_cents <> account_cents THEN
        RAISE EXCEPTION 'card % spending_limit % differs from its ledger account %', card, limit_cents, account_cents
          USING ERRCODE = 'integrity_constraint_violation';
      END IF;
    END $$;
    CREATE FUNCTION card_check_holds(card bigint) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE cached bigint; pending bigint;
    BEGIN
      SELECT c.holds_amount, (SELECT coalesce(sum(h.amount), 0) FROM authorization_holds h WHERE h.card_id = c.id AND h.status = 'pending')
      INTO cached, pending
      FROM cards c WHERE c.id = card;
      IF FOUND AND cached <> pending THEN
        RAISE EXCEPTION 'card % holds_amount % differs from its pending holds %', card, cached, pending
          USING ERRCODE = 'integrity_constraint_violation';
      END IF;
    END $$;

    -- Rows already there keep the invariants, or the migration names the cards that don't.
    DO $$
    DECLARE drift text;
    BEGIN
      SELECT string_agg(c.id::text, ', ') INTO drift FROM cards c
      LEFT JOIN ledger_accounts a ON a.org_id = c.org_id AND a.card_id = c.id
      WHERE c.spending_limit <> coalesce(a.balance, 0)
        OR c.holds_amount <> (SELECT coalesce(sum(h.amount), 0) FROM authorization_holds h WHERE h.card_id = c.id AND h.status = 'pending');
      IF drift IS NOT NULL THEN
        RAISE EXCEPTION 'cards whose spending_limit or holds_amount differ from the ledger or their holds: %', drift;
      END IF;
    END $$;

    -- From cards: a new card with money on it, a limit changed, holds_amount changed. The WHEN is evaluated as the
    -- row changes: an update that leaves both alone (status, last_used_at) queues nothing.
    CREATE FUNCTION cards_check_new() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM card_check_allocation(NEW.id);
      PERFORM card_check_holds(NEW.id);
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER cards_money_new AFTER INSERT ON cards DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (NEW.spending_limit <> 0 OR NEW.holds_amount <> 0) EXECUTE FUNCTION cards_check_new();
    CREATE FUNCTION cards_check_allocation() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM card_check_allocation(NEW.id);
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER cards_limit_is_ledger AFTER UPDATE OF spending_limit ON cards DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (OLD.spending_limit IS DISTINCT FROM NEW.spending_limit) EXECUTE FUNCTION cards_check_allocation();
    CREATE FUNCTION cards_check_holds() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM card_check_holds(NEW.id);
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER cards_holds_are_holds AFTER UPDATE OF holds_amount ON cards DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (OLD.holds_amount IS DISTINCT FROM NEW.holds_amount) EXECUTE FUNCTION cards_check_holds();

    -- From the ledger: a card account's balance moved (by a journal line: see the guard below).
    CREATE FUNCTION ledger_accounts_check_card() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM card_check_allocation(NEW.card_id);
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER ledger_accounts_card_is_limit AFTER UPDATE OF balance ON ledger_accounts DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (NEW.card_id IS NOT NULL AND OLD.balance IS DISTINCT FROM NEW.balance) EXECUTE FUNCTION ledger_accounts_check_card();

    -- From holds: a pending hold added, changed, released, moved or removed.
    CREATE FUNCTION authorization_holds_check_card() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM card_check_holds(OLD.card_id); END IF;
      IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.card_id IS DISTINCT FROM OLD.card_id) THEN PERFORM card_check_holds(NEW.card_id); END IF;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER authorization_holds_new_pending AFTER INSERT ON authorization_holds DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (NEW.status = 'pending' AND NEW.amount <> 0) EXECUTE FUNCTION authorization_holds_check_card();
    CREATE CONSTRAINT TRIGGER authorization_holds_pending_changed AFTER UPDATE ON authorization_holds DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN ((OLD.status = 'pending' OR NEW.status = 'pending')
        AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.amount IS DISTINCT FROM NEW.amount OR OLD.card_id IS DISTINCT FROM NEW.card_id))
      EXECUTE FUNCTION authorization_holds_check_card();
    CREATE CONSTRAINT TRIGGER authorization_holds_pending_gone AFTER DELETE ON authorization_holds DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (OLD.status = 'pending' AND OLD.amount <> 0) EXECUTE FUNCTION authorization_holds_check_card();

    -- Cached balances move only by journal lines: the line trigger marks its own UPDATE, anything else raises.
    -- The mark is transaction-local and cleared at once (a failed UPDATE rolls it back with its savepoint).
    CREATE OR REPLACE FUNCTION ledger_apply_line() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM set_config('wallet.ledger_line', 'on', true);
      UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id AND org_id = NEW.org_id;
      IF NOT FOUND THEN RAISE EXCEPTION 'ledger line % names an account of another organisation', NEW.id; END IF;
      PERFORM set_config('wallet.ledger_line', '', true);
      RETURN NEW;
    END $$;
    CREATE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF NEW.balance <> 0 THEN RAISE EXCEPTION 'ledger account balances move only by journal lines: a new account starts at 0'; END IF;
      ELSIF current_setting('wallet.ledger_line', true) IS DISTINCT FROM 'on' THEN
        RAISE EXCEPTION 'ledger account balances move only by journal lines: account % cannot be updated directly', OLD.id;
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER ledger_accounts_guard BEFORE INSERT OR UPDATE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();

    -- TRUNCATE fires no row trigger: it is refused outright on the ledger and on the holds behind holds_amount.
    CREATE FUNCTION ledger_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'the ledger is append-only: % cannot be truncated', TG_TABLE_NAME; END $$;
    CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_no_truncate();
    CREATE TRIGGER journal_lines_no_truncate BEFORE TRUNCATE ON journal_lines FOR EACH STATEMENT EXECUTE FUNCTION ledger_no_truncate();
    CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts FOR EACH STATEMENT EXECUTE FUNCTION ledger_no_truncate();
    CREATE TRIGGER authorization_holds_no_truncate BEFORE TRUNCATE ON authorization_holds FOR EACH STATEMENT EXECUTE FUNCTION ledger_no_truncate();

    ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind
      CHECK (kind IN ('topup', 'topup_reversal', 'card_funding', 'card_defunding', 'card_cancellation', 'capture', 'refund'));

    -- The ledger's card_id columns name a card of the same organisation (cards are never deleted).
    ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_card_fk FOREIGN KEY (org_id, card_id) REFERENCES cards (org_id, id);
    ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_card_fk FOREIGN KEY (org_id, card_id) REFERENCES cards (org_id, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_card_fk, DROP CONSTRAINT journal_entries_kind;
    ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_card_fk;
    DROP TRIGGER journal_entries_no_truncate ON journal_entries;
    DROP TRIGGER journal_lines_no_truncate ON journal_lines;
    DROP TRIGGER ledger_accounts_no_truncate ON ledger_accounts;
    DROP TRIGGER authorization_holds_no_truncate ON authorization_holds;
    DROP TRIGGER ledger_accounts_guard ON ledger_accounts;
    DROP TRIGGER authorization_holds_new_pending ON authorization_holds;
    DROP TRIGGER authorization_holds_pending_changed ON authorization_holds;
    DROP TRIGGER authorization_holds_pending_gone ON authorization_holds;
    DROP TRIGGER ledger_accounts_card_is_limit ON ledger_accounts;
    DROP TRIGGER cards_money_new ON cards;
    DROP TRIGGER cards_limit_is_ledger ON cards;
    DROP TRIGGER cards_holds_are_holds ON cards;
    DROP FUNCTION ledger_no_truncate, ledger_accounts_guard, authorization_holds_check_card, ledger_accounts_check_card,
      cards_check_holds, cards_check_allocation, cards_check_new, card_check_holds, card_check_allocation;
    CREATE OR REPLACE FUNCTION ledger_apply_line() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id AND org_id = NEW.org_id;
      IF NOT FOUND THEN RAISE EXCEPTION 'ledger line % names an account of another organisation', NEW.id; END IF;
      RETURN NEW;
    END $$;
  `.execute(db);
}
