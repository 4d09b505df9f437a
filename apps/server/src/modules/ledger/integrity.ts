import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

/**
 * The one integrity check of an organisation's money: what must hold whatever happened (a crash, a killed database,
 * two processes racing), read straight from the tables (ARCHITECTURE.md D7). Every list is empty when the books are
 * sound. It reads, never writes, the tables money lives in across modules (cards, holds, expenses, top-ups): it is the
 * tests' and the crash checks' audit, never run by a request.
 */
export interface LedgerIntegrity {
  /** Journal entries whose lines don't sum to zero, or with fewer than two lines. */
  unbalancedEntries: Array<{ entry_id: number; total: number }>;
  /** Accounts whose cached balance differs from the sum of their lines. */
  driftedAccounts: Array<{ account_id: number; cached: number; summed: number }>;
  /** Cards whose spending_limit differs from their ledger account. */
  cardLimitDrift: Array<{ card_id: number; spending_limit: number; account: number }>;
  /** Cards whose holds_amount differs from the sum of their pending holds. */
  holdsDrift: Array<{ card_id: number; holds_amount: number; pending: number }>;
  /** The organisation's unallocated funds (issuer_funds) below zero: an overspend. */
  negativeFunds: Array<{ account_id: number; balance: number }>;
  /** Points in the funds account's history (entries in id order) where the running balance went below zero. */
  negativeFundsHistory: Array<{ entry_id: number; running: number }>;
  /** Captures and refunds whose ledger entry is missing or moves another amount to spent than the expense's. */
  expensesWithoutEntry: Array<{ expense_id: number; reference: string }>;
  /** Succeeded top-ups without exactly their amount credited under `topup:<id>`. */
  topupsWithoutEntry: Array<{ topup_id: number }>;
}

export async function ledgerIntegrity(db: DbOrTx, orgId: number): Promise<LedgerIntegrity> {
  const unbalancedEntries = await sql<{ entry_id: number; total: number }>`
    SELECT e.id AS entry_id, coalesce(sum(l.amount), 0)::bigint AS total FROM journal_entries e
    LEFT JOIN journal_lines l ON l.entry_id = e.id
    WHERE e.org_id = ${orgId}
    GROUP BY e.id HAVING coalesce(sum(l.amount), 0) <> 0 OR count(l.id) < 2`.execute(db);
  const driftedAccounts = await sql<{ account_id: number; cached: number; summed: number }>`
    SELECT a.id AS account_id, a.balance AS cached, coalesce(sum(l.amount), 0)::bigint AS summed FROM ledger_accounts a
    LEFT JOIN journal_lines l ON l.account_id = a.id
    WHERE a.org_id = ${orgId}
    GROUP BY a.id HAVING a.balance <> coalesce(sum(l.amount), 0)`.execute(db);
  const cardLimitDrift = await sql<{ card_id: number; spending_limit: number; account: number }>`
    SELECT c.id AS card_id, c.spending_limit, coalesce(a.balance, 0)::bigint AS account FROM cards c
    LEFT JOIN ledger_accounts a ON a.org_id = c.org_id AND a.card_id = c.id AND a.kind = 'card'
    WHERE c.org_id = ${orgId} AND c.spending_limit <> coalesce(a.balance, 0)`.execute(db);
  const holdsDrift = await sql<{ card_id: number; holds_amount: number; pending: number }>`
    SELECT c.id AS card_id, c.holds_amount, coalesce(sum(h.amount) FILTER (WHERE h.status = 'pending'), 0)::bigint AS pending FROM cards c
    LEFT JOIN authorization_holds h ON h.card_id = c.id
    WHERE c.org_id = ${orgId} GROUP BY c.id HAVING c.holds_amount <> coalesce(sum(h.amount) FILTER (WHERE h.status = 'pending'), 0)`.execute(
    db,
  );
  const negativeFunds = await sql<{ account_id: number; balance: number }>`
    SELECT id AS account_id, balance FROM ledger_accounts WHERE org_id = ${orgId} AND kind = 'issuer_funds' AND balance < 0`.execute(
    db,
  );
  // Fundings lock the funds account before they insert their entry, so entry ids follow the order they applied in.
  const negativeFundsHistory = await sql<{ entry_id: number; running: number }>`
    SELECT entry_id, running FROM (
      SELECT l.entry_id, sum(l.amount) OVER (ORDER BY l.entry_id)::bigint AS running FROM journal_lines l
      JOIN ledger_accounts a ON a.id = l.account_id WHERE a.org_id = ${orgId} AND a.kind = 'issuer_funds'
    ) history WHERE running < 0`.execute(db);
  const expensesWithoutEntry = await sql<{ expense_id: number; reference: string }>`
    SELECT x.id AS expense_id, x.type || ':' || x.provider || ':' || x.provider_transaction_id AS reference FROM expenses x
    LEFT JOIN journal_entries e ON e.org_id = x.org_id AND e.reference = x.type || ':' || x.provider || ':' || x.provider_transaction_id
    LEFT JOIN (journal_lines l JOIN ledger_accounts spent ON spent.id = l.account_id AND spent.kind = 'spent') ON l.entry_id = e.id
    WHERE x.org_id = ${orgId} AND x.amount <> 0 AND (e.id IS NULL OR l.amount IS DISTINCT FROM x.amount)`.execute(db);
  const topupsWithoutEntry = await sql<{ topup_id: number }>`
    SELECT t.id AS topup_id FROM topups t
    LEFT JOIN journal_entries e ON e.org_id = t.org_id AND e.reference = 'topup:' || t.id
    LEFT JOIN journal_lines l ON l.entry_id = e.id AND l.amount > 0
    WHERE t.org_id = ${orgId} AND t.status = 'succeeded' AND (e.id IS NULL OR l.amount IS DISTINCT FROM t.amount)`.execute(
    db,
  );
  return {
    unbalancedEntries: unbalancedEntries.rows,
    driftedAccounts: driftedAccounts.rows,
    cardLimitDrift: cardLimitDrift.rows,
    holdsDrift: holdsDrift.rows,
    negativeFunds: negativeFunds.rows,
    negativeFundsHistory: negativeFundsHistory.rows,
    expensesWithoutEntry: expensesWithoutEntry.rows,
    topupsWithoutEntry: topupsWithoutEntry.rows,
  };
}

/** The expected value of `ledgerIntegrity` for sound books, for `expect(...).toEqual(SOUND_LEDGER)`. */
export const SOUND_LEDGER: LedgerIntegrity = {
  unbalancedEntries: [],
  driftedAccounts: [],
  cardLimitDrift: [],
  holdsDrift: [],
  negativeFunds: [],
  negativeFundsHistory: [],
  expensesWithoutEntry: [],
  topupsWithoutEntry: [],
};
