import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { LedgerAccountKind } from '../../db/schema.js';

export type OrgAccountKind = Exclude<LedgerAccountKind, 'card'>;

/**
 * Finds the account or opens it. Safe when two transactions open the same one at once: INSERT ... ON CONFLICT waits
 * for the other and does nothing, and the SELECT after it is a new statement that sees the other's committed row
 * (a single statement with a CTE would not: its snapshot predates that commit).
 */
async function findOrOpenAccount(
  db: DbOrTx,
  orgId: number,
  cardId: number | null,
  kind: LedgerAccountKind,
): Promise<number> {
  const find = () => {
    let query = db.selectFrom('ledger_accounts').select('id').where('org_id', '=', orgId).where('kind', '=', kind);
    query = cardId === null ? query.where('card_id', 'is', null) : query.where('card_id', '=', cardId);
    return query.executeTakeFirst();
  };
  const existing = await find();
  if (existing) return existing.id;
  const conflictTarget =
    cardId === null ? sql`(org_id, kind) WHERE card_id IS NULL` : sql`(org_id, card_id) WHERE card_id IS NOT NULL`;
  const { rows } = await sql<{ id: number }>`
    INSERT INTO ledger_accounts (org_id, kind, card_id) VALUES (${orgId}, ${kind}, ${cardId})
    ON CONFLICT ${conflictTarget} DO NOTHING RETURNING id
  `.execute(db);
  return rows[0]?.id ?? (await find())!.id;
}

/** The organisation-level account of a kind, created on first use. */
export function orgAccountId(db: DbOrTx, orgId: number, kind: OrgAccountKind): Promise<number> {
  return findOrOpenAccount(db, orgId, null, kind);
}

export function cardAccountId(db: DbOrTx, orgId: number, cardId: number): Promise<number> {
  return findOrOpenAccount(db, orgId, cardId, 'card');
}

/** Locks the account row for the rest of the transaction and returns its balance. */
export async function lockAccount(db: DbOrTx, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('id', '=', accountId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.balance;
}

export async function accountBalance(db: DbOrTx, orgId: number, kind: OrgAccountKind): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('org_id', '=', orgId)
    .where('kind', '=', kind)
    .where('card_id', 'is', null)
    .executeTakeFirst();
  return row?.balance ?? 0;
}

/** Inserts the entry unless its reference was recorded before; returns null for a repeat. */
export async function insertEntry(
  db: DbOrTx,
  entry: {
    org_id: number;
    reference: string;
    kind: string;
    description: string | null;
    card_id: number | null;
    user_id: number | null;
    created_by: number | null;
    created_at?: Date;
  },
): Promise<number | null> {
  const row = await db
    .insertInto('journal_entries')
    .values(entry)
    .onConflict((oc) => oc.columns(['org_id', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function insertLines(
  db: DbOrTx,
  orgId: number,
  entryId: number,
  lines: ReadonlyArray<{ accountId: number; amount: number }>,
) {
  await db
    .insertInto('journal_lines')
    .values(
      lines.map((line) => ({ entry_id: entryId, org_id: orgId, account_id: line.accountId, amount: line.amount })),
    )
    .execute();
}

export async function findEntryByReference(db: DbOrTx, orgId: number, reference: string) {
  return db
    .selectFrom('journal_entries')
    .select(['id', 'kind', 'created_at'])
    .where('org_id', '=', orgId)
    .where('reference', '=', reference)
    .executeTakeFirst();
}

/** Month-by-month movements of the organisation's funds (top-ups in, card fundings out) for statements. */
export async function fundsMovements(db: DbOrTx, orgId: number, accountId: number) {
  return db
    .selectFrom('journal_lines')
    .innerJoin('journal_entries', 'journal_entries.id', 'journal_lines.entry_id')
    .select([
      'journal_entries.id',
      'journal_entries.kind',
      'journal_entries.description',
      'journal_entries.card_id',
      'journal_entries.created_at',
      'journal_lines.amount',
    ])
    .where('journal_lines.org_id', '=', orgId)
    .where('journal_lines.account_id', '=', accountId)
    .orderBy('journal_entries.created_at')
    .orderBy('journal_entries.id')
    .execute();
}

/**
 * Net captured on a card (captures less refunds): what an issuer's all-time spending control has counted. Read from
 * the card's own entries (journal_entries_card_spend), each entry's lines looked up by entry (OFFSET 0 keeps the
 * planner from joining the other way round: from the organisation's spent account, every purchase it ever made).
 */
export async function netSpentOfCard(db: DbOrTx, orgId: number, cardId: number): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    SELECT coalesce(sum(spent.amount), 0)::bigint AS total
    FROM journal_entries e
    CROSS JOIN LATERAL (
      SELECT l.amount FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id
      WHERE l.entry_id = e.id AND l.org_id = e.org_id AND a.kind = 'spent' OFFSET 0
    ) AS spent
    WHERE e.org_id = ${orgId} AND e.card_id = ${cardId} AND e.kind IN ('capture', 'refund')`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/** Money allocated to cards (fundings less defundings) per UTC day, for the organisation or one holder. */
export async function dailyCardAllocations(
  db: DbOrTx,
  orgId: number,
  range: { from: string; to: string },
  userId?: number,
) {
  const { rows } = await sql<{ day: string; amount: number }>`
    SELECT to_char((e.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(l.amount)::bigint AS amount
    FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN ledger_accounts a ON a.id = l.account_id
    WHERE l.org_id = ${orgId} AND a.kind = 'card' AND e.kind IN ('card_funding', 'card_defunding', 'card_cancellation')
      AND e.created_at >= ${range.from}::date AND e.created_at < (${range.to}::date + 1)
      ${userId !== undefined ? sql`AND e.user_id = ${userId}` : sql``}
    GROUP BY 1 ORDER BY 1`.execute(db);
  return rows;
}

/** The organisation's unallocated funds before `from`, and their net change per UTC day within the range. */
export async function fundsBalanceDaily(db: DbOrTx, orgId: number, range: { from: string; to: string }) {
  const { rows: opening } = await sql<{ amount: number }>`
    SELECT coalesce(sum(l.amount), 0)::bigint AS amount FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN ledger_accounts a ON a.id = l.account_id
    WHERE l.org_id = ${orgId} AND a.kind = 'issuer_funds' AND e.created_at < ${range.from}::date`.execute(db);
  const { rows } = await sql<{ day: string; amount: number }>`
    SELECT to_char((e.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(l.amount)::bigint AS amount
    FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN ledger_accounts a ON a.id = l.account_id
    WHERE l.org_id = ${orgId} AND a.kind = 'issuer_funds' AND e.created_at >= ${range.from}::date AND e.created_at < (${range.to}::date + 1)
    GROUP BY 1 ORDER BY 1`.execute(db);
  return { opening: Number(opening[0]?.amount ?? 0), daily: rows };
}
