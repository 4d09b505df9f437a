import { sql } from 'kysely';
import type { Db, DbOrTx } from '../db/database.js';
import { integrityProblems } from '../modules/ledger/service.js';

/**
 * What must hold for an organisation's money whatever happened (a crash, a killed database, two processes racing),
 * read straight from the tables (ARCHITECTURE.md D7). Every list is empty when the books are sound.
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
  const { unbalancedEntries, driftedAccounts } = await integrityProblems(db, orgId);
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
    unbalancedEntries,
    driftedAccounts,
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

/** How many journal entries carry each of these references (0 for none): an operation is recorded once, or not. */
export async function entryCounts(db: Db, orgId: number, references: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map(references.map((reference) => [reference, 0]));
  if (references.length === 0) return counts;
  const rows = await db
    .selectFrom('journal_entries')
    .select(['reference', (eb) => eb.fn.countAll<number>().as('n')])
    .where('org_id', '=', orgId)
    .where('reference', 'in', references)
    .groupBy('reference')
    .execute();
  for (const row of rows) counts.set(row.reference, Number(row.n));
  return counts;
}

/** The references among these that are not recorded exactly once. */
export async function notExactlyOnce(
  db: Db,
  orgId: number,
  references: readonly string[],
): Promise<Array<{ reference: string; count: number }>> {
  const counts = await entryCounts(db, orgId, references);
  return [...counts].filter(([, count]) => count !== 1).map(([reference, count]) => ({ reference, count }));
}
