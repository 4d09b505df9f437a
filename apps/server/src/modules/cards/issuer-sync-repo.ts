import { sql } from 'kysely';
import type { DbOrTx, Tx } from '../../db/database.js';

/** card_spending_limit: the card's whole spending controls (the all-time limit and its own controls, issue 20). */
export type IssuerCommandKind = 'card_status' | 'card_spending_limit';

/** The advisory lock key of a card's outbox (64 bits of a hash of its id). */
export function outboxLockKey(cardId: number) {
  return sql<string>`hashtextextended(${`issuer-outbox:${cardId}`}, 0)`;
}

/**
 * Held (shared) by a transaction queueing a command for the card, until it commits. A sync takes it exclusively
 * before reading the card's commands, so it waits for every command already being written: the job such a
 * transaction's send was folded into (a 'stately' queue keeps one queued job per card) may be taken by the worker
 * before that transaction commits, and must still see its command.
 */
export async function lockOutboxOfCard(tx: Tx, cardId: number, mode: 'shared' | 'exclusive'): Promise<void> {
  const key = outboxLockKey(cardId);
  await (mode === 'shared'
    ? sql`SELECT pg_advisory_xact_lock_shared(${key})`.execute(tx)
    : sql`SELECT pg_advisory_xact_lock(${key})`.execute(tx));
}

export function insertIssuerCommand(
  db: DbOrTx,
  values: { org_id: number; card_id: number; kind: IssuerCommandKind },
): Promise<{ id: number }> {
  return db.insertInto('issuer_commands').values(values).returning('id').executeTakeFirstOrThrow();
}

/** The newest command of each kind the issuer has not been told yet, for one card. */
export async function unsentCommandsOfCard(
  db: DbOrTx,
  cardId: number,
): Promise<Array<{ kind: IssuerCommandKind; last_id: number }>> {
  return db
    .selectFrom('issuer_commands')
    .select(['kind', (eb) => eb.fn.max('id').as('last_id')])
    .where('card_id', '=', cardId)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .groupBy('kind')
    .execute() as Promise<Array<{ kind: IssuerCommandKind; last_id: number }>>;
}

/** Updates the card's unsent commands of one kind up to `lastId` (the ones a send covered). */
function unsentUpTo(db: DbOrTx, cardId: number, kind: IssuerCommandKind, lastId: number) {
  return db
    .updateTable('issuer_commands')
    .where('card_id', '=', cardId)
    .where('kind', '=', kind)
    .where('id', '<=', lastId)
    .where('sent_at', 'is', null);
}

/** The issuer has this card's state as of command `lastId`: that one and every earlier one of its kind are done. */
export async function markCommandsSent(
  db: DbOrTx,
  cardId: number,
  kind: IssuerCommandKind,
  lastId: number,
): Promise<void> {
  await unsentUpTo(db, cardId, kind, lastId)
    .set({ sent_at: new Date(), last_error: null, attempts: sql`attempts + 1` })
    .execute();
}

/** The issuer refused: nothing will change its answer, so these commands stop (the card shows it). */
export async function markCommandsFailed(
  db: DbOrTx,
  cardId: number,
  kind: IssuerCommandKind,
  lastId: number,
  error: string,
): Promise<void> {
  await unsentUpTo(db, cardId, kind, lastId)
    .where('failed_at', 'is', null)
    .set({ failed_at: new Date(), last_error: error, attempts: sql`attempts + 1` })
    .execute();
}

/** A send that failed in a way worth retrying: counted, with its error, for the card page and the logs. */
export async function recordCommandAttempt(
  db: DbOrTx,
  cardId: number,
  kind: IssuerCommandKind,
  lastId: number,
  error: string,
): Promise<void> {
  await unsentUpTo(db, cardId, kind, lastId)
    .set({ last_error: error, attempts: sql`attempts + 1` })
    .execute();
}

/** Cards with commands waiting longer than `olderThanSeconds` (their job was lost, or deduplicated by a racing one). */
export async function cardsWithStaleCommands(
  db: DbOrTx,
  olderThanSeconds: number,
): Promise<Array<{ org_id: number; card_id: number }>> {
  return db
    .selectFrom('issuer_commands')
    .select(['org_id', 'card_id'])
    .distinct()
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
    .limit(1000)
    .execute();
}

/** How each card stands with the issuer: 'syncing' while a command waits, 'failed' after a refusal since the last success. */
export async function issuerSyncOfCards(
  db: DbOrTx,
  cardIds: readonly number[],
): Promise<Map<number, { state: 'syncing' | 'failed'; error: string | null }>> {
  if (cardIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('issuer_commands')
    .select(['card_id', 'failed_at', 'last_error'])
    .where('card_id', 'in', cardIds)
    .where('sent_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
  const result = new Map<number, { state: 'syncing' | 'failed'; error: string | null }>();
  for (const row of rows) {
    const seen = result.get(row.card_id);
    if (!row.failed_at) result.set(row.card_id, { state: 'syncing', error: null });
    else if (!seen) result.set(row.card_id, { state: 'failed', error: row.last_error });
  }
  return result;
}

export async function installationId(db: DbOrTx): Promise<string> {
  return (await db.selectFrom('installation').select('id').executeTakeFirstOrThrow()).id;
}

/** The issuer outbox's backlog, every card together: commands neither sent nor refused yet (for /metrics). */
export async function countPendingIssuerCommands(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('issuer_commands')
    .select((eb) => eb.fn.countAll<number>().as('pending'))
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.pending);
}
