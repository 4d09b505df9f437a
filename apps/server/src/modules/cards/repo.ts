import { sql, type Expression, type Insertable, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { CardholdersTable, CardsTable, CardStatus } from '../../db/schema.js';
import type { SortTerm } from '../../http/list-query.js';
import { pageWithTotal } from '../../db/page-with-total.js';
import type { CardholderRow, CardListFilters, CardRow, CardSort, ListedCardRow } from './types.js';
import { onPage } from '../../db/paging.js';

export function findCardholderOfUser(db: DbOrTx, orgId: number, userId: number): Promise<CardholderRow | undefined> {
  return db
    .selectFrom('cardholders')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The issuer's cardholder id of each of `userIds` that has one, in one statement (the cards list). */
export async function cardholderIdsOfUsers(
  db: DbOrTx,
  orgId: number,
  userIds: readonly number[],
): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('cardholders')
    .select(['user_id', 'provider_cardholder_id'])
    .where('org_id', '=', orgId)
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.provider_cardholder_id]));
}

/** Records the person's cardholder unless one was recorded meanwhile (two first cards at once); null then. */
export async function insertCardholderOnce(
  db: DbOrTx,
  values: Insertable<CardholdersTable>,
): Promise<CardholderRow | null> {
  const row = await db
    .insertInto('cardholders')
    .values(values)
    .onConflict((oc) => oc.columns(['org_id', 'user_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** The issuer's status and requirements of a cardholder, by its id there (any organisation: the id is the issuer's). */
export async function updateCardholderStanding(
  db: DbOrTx,
  provider: string,
  providerCardholderId: string,
  standing: { status: CardholderRow['issuer_status']; disabled_reason: string | null; past_due: string[] },
) {
  await db
    .updateTable('cardholders')
    .set({
      issuer_status: standing.status,
      requirements_disabled_reason: standing.disabled_reason,
      requirements_past_due: standing.past_due,
      issuer_updated_at: new Date(),
    })
    .where('provider', '=', provider)
    .where('provider_cardholder_id', '=', providerCardholderId)
    .execute();
}

export function insertCard(db: DbOrTx, values: Insertable<CardsTable>): Promise<CardRow> {
  return db.insertInto('cards').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The card the issuer issued under this id in this organisation (a retried create finds it). */
export function findIssuerCard(db: DbOrTx, orgId: number, provider: string, providerCardId: string) {
  return db
    .selectFrom('cards')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('provider', '=', provider)
    .where('provider_card_id', '=', providerCardId)
    .executeTakeFirst();
}

export function findCard(db: DbOrTx, orgId: number, cardId: number): Promise<CardRow | undefined> {
  return db.selectFrom('cards').selectAll().where('org_id', '=', orgId).where('id', '=', cardId).executeTakeFirst();
}

/** Several cards at once (a page of requests names their cards). */
export function findCardsByIds(db: DbOrTx, orgId: number, cardIds: readonly number[]): Promise<CardRow[]> {
  if (cardIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('cards').selectAll().where('org_id', '=', orgId).where('id', 'in', cardIds).execute();
}

export function lockCard(db: DbOrTx, orgId: number, cardId: number): Promise<CardRow | undefined> {
  return db
    .selectFrom('cards')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', cardId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateCard(
  db: DbOrTx,
  cardId: number,
  values: {
    status?: CardStatus;
    spending_limit?: number;
    cancellation_reason?: string | null;
    canceled_at?: Date;
    /** JSON of contract SpendingControls. */
    spending_controls?: string;
    nickname?: string | null;
    purpose?: string | null;
    merchant_lock?: string | null;
    allocation_expires_on?: string | null;
    allocation_expired_at?: Date | null;
    low_balance_threshold?: number | null;
  },
) {
  await db
    .updateTable('cards')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', cardId)
    .execute();
}

export function listCards(
  db: DbOrTx,
  orgId: number,
  filters: CardListFilters,
  sort: SortTerm<CardSort>[],
  page: { number: number; size: number },
  userOrder: () => Promise<number[]>,
): Promise<{ rows: CardRow[]; total: number }> {
  return pageOfCards(db, orgId, filters, sort, page, userOrder, undefined);
}

/**
 * The cards list's page: each card with its holder's cardholder id and its issuer sync state, read in the page's
 * statement rather than two more (ISSUE 19.9). Subqueries of the select list run for the page's rows only (PostgreSQL
 * evaluates costly output columns after the sort and limit). `columns` are more of them (other modules' briefs).
 */
export function listCardsForAnswer(
  db: DbOrTx,
  orgId: number,
  filters: CardListFilters,
  sort: SortTerm<CardSort>[],
  page: { number: number; size: number },
  userOrder: () => Promise<number[]>,
  columns: Readonly<Record<string, RawBuilder<unknown>>> = {},
): Promise<{ rows: ListedCardRow[]; total: number }> {
  return pageOfCards(db, orgId, filters, sort, page, userOrder, columns) as Promise<{
    rows: ListedCardRow[];
    total: number;
  }>;
}

/**
 * A card's unsent issuer commands: syncing while one waits, else failed with the newest refusal; none: synced (null).
 * Each branch reads its own partial index (issuer_commands_unsent, issuer_commands_failed).
 */
const issuerSyncColumn = sql<ListedCardRow['listed_issuer_sync']>`case
  when exists (select 1 from issuer_commands ic
    where ic.card_id = cards.id and ic.sent_at is null and ic.failed_at is null)
  then json_build_object('state', 'syncing', 'error', null)
  else (select json_build_object('state', 'failed', 'error', ic.last_error) from issuer_commands ic
    where ic.card_id = cards.id and ic.sent_at is null and ic.failed_at is not null order by ic.id desc limit 1)
  end`;

async function pageOfCards(
  db: DbOrTx,
  orgId: number,
  filters: CardListFilters,
  sort: SortTerm<CardSort>[],
  page: { number: number; size: number },
  userOrder: () => Promise<number[]>,
  /** The list's answer columns, and these: undefined for the plain rows. */
  answerColumns: Readonly<Record<string, RawBuilder<unknown>>> | undefined,
): Promise<{ rows: CardRow[]; total: number }> {
  let base = db.selectFrom('cards').where('org_id', '=', orgId);
  if (filters.userIds) base = base.where('user_id', 'in', filters.userIds.length ? filters.userIds : [0]);
  if (filters.status) base = base.where('status', '=', filters.status);
  if (filters.type) base = base.where('type', '=', filters.type);
  if (filters.recentlyUsed) base = base.where('last_used_at', 'is not', null);
  const count = base.select((eb) => eb.fn.countAll<number>().as('total'));
  let query = base.selectAll('cards');
  if (answerColumns)
    query = query.select((eb) => [
      ...Object.entries(answerColumns).map(([name, column]) => column.as(name)),
      eb
        .selectFrom('cardholders')
        .select('cardholders.provider_cardholder_id')
        .whereRef('cardholders.org_id', '=', 'cards.org_id')
        .whereRef('cardholders.user_id', '=', 'cards.user_id')
        .as('listed_cardholder_id'),
      issuerSyncColumn.as('listed_issuer_sync'),
    ]) as unknown as typeof query;
  for (const term of sort) {
    if (term.column === 'user') {
      const order = await userOrder();
      query = query.orderBy(sql`array_position(${sql.val(order)}::bigint[], user_id)`, term.direction);
    } else if (term.column === 'last_used_at') {
      query = query.orderBy(sql`last_used_at ${sql.raw(term.direction)} NULLS LAST`);
    } else {
      query = query.orderBy(term.column, term.direction);
    }
  }
  return pageWithTotal(
    db,
    count,
    query.orderBy('id', 'desc').$call((query) => onPage(query, page)),
  );
}

/** Sums over a user's cards for the member dashboard. */
export async function cardSumsOfUser(db: DbOrTx, orgId: number, userId: number) {
  const row = await db
    .selectFrom('cards')
    .select([
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('spending_limit'), eb.val(0)).as('spending_limit'),
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('holds_amount'), eb.val(0)).as('holds_amount'),
      (eb) => eb.fn.countAll<number>().as('cards'),
    ])
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { spendingLimit: Number(row.spending_limit), holdsAmount: Number(row.holds_amount), cards: Number(row.cards) };
}

/** Assigned out (PRODUCT.md §9): sum of spending_limit of active cards. */
export async function assignedOut(db: DbOrTx, orgId: number): Promise<number> {
  const row = await db
    .selectFrom('cards')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('spending_limit'), eb.val(0)).as('total'))
    .where('org_id', '=', orgId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * A card (any organisation) whose allocation expires on or before `today` and was not yet carried out, or whose
 * expired allocation has something free again (a hold released after the expiry), locked; one
 * another transaction holds is skipped (two runs of the expiry job share the cards instead of queueing on them).
 */
export function lockDueAllocation(db: DbOrTx, today: string): Promise<CardRow | undefined> {
  return db
    .selectFrom('cards')
    .selectAll()
    .where('status', '!=', 'canceled')
    .where((eb) =>
      eb.or([
        eb.and([eb('allocation_expires_on', '<=', today), eb('allocation_expired_at', 'is', null)]),
        // Expired already, and a hold released since left it something to spend: that goes back too.
        eb.and([eb('allocation_expired_at', 'is not', null), eb('spending_limit', '>', eb.ref('holds_amount'))]),
      ]),
    )
    .orderBy('allocation_expires_on')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/** The card an issuer's authorisation names, locked: decisions on one card happen one at a time. */
export function lockCardByProviderId(
  db: DbOrTx,
  provider: string,
  providerCardId: string,
): Promise<CardRow | undefined> {
  return db
    .selectFrom('cards')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_card_id', '=', providerCardId)
    .forUpdate()
    .executeTakeFirst();
}

/** Moves the cached pending-holds sum and the spending limit; marks the card used when it authorises. */
export async function applyCardMovement(
  db: DbOrTx,
  cardId: number,
  movement: { holdsDelta?: number; limitDelta?: number; used?: boolean },
) {
  await db
    .updateTable('cards')
    .set((eb) => ({
      holds_amount: eb('holds_amount', '+', movement.holdsDelta ?? 0),
      spending_limit: eb('spending_limit', '+', movement.limitDelta ?? 0),
      ...(movement.used && { last_used_at: new Date() }),
    }))
    .where('id', '=', cardId)
    .execute();
}

/** Cards of several users in brief (the users API's include=cards). */
export async function cardsOfUsers(db: DbOrTx, orgId: number, userIds: readonly number[]) {
  const cards = new Map<
    number,
    Array<{ id: number; status: string; spending_limit: number; last4: string; type: string; nickname: string | null }>
  >();
  if (userIds.length === 0) return cards;
  const rows = await db
    .selectFrom('cards')
    .select(['id', 'user_id', 'status', 'spending_limit', 'last4', 'type', 'nickname'])
    .where('org_id', '=', orgId)
    .where('user_id', 'in', userIds)
    .orderBy('id')
    .execute();
  for (const { user_id: userId, ...card } of rows) cards.set(userId, [...(cards.get(userId) ?? []), card]);
  return cards;
}

/** A column counting the active cards of the people in `userIds` (an array expression), for a list's statement. */
export function activeCardsCountColumn(orgId: Expression<number>, userIds: Expression<unknown>): RawBuilder<string> {
  return sql<string>`(select count(*) from cards c
    where c.org_id = ${orgId} and c.status = 'active' and c.user_id = any(${userIds}))`;
}

/** How many active cards each of these people holds (people without one are left out). */
export async function activeCardCountsOfUsers(
  db: DbOrTx,
  orgId: number,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('cards')
    .select(['user_id', (eb) => eb.fn.countAll<string>().as('active')])
    .where('org_id', '=', orgId)
    .where('user_id', 'in', userIds)
    .where('status', '=', 'active')
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.active)]));
}

/** Active cards with the most left to spend. */
export function topCardBalances(db: DbOrTx, orgId: number, limit: number) {
  return db
    .selectFrom('cards')
    .select([
      'id',
      'user_id',
      'name',
      'nickname',
      'last4',
      (eb) => eb('spending_limit', '-', eb.ref('holds_amount')).as('available'),
    ])
    .where('org_id', '=', orgId)
    .where('status', '=', 'active')
    .orderBy('available', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A card in brief as read by another module's statement (cardBriefColumn). */
export interface CardBriefRow {
  id: number;
  brand: string;
  exp_month: number;
  exp_year: number;
  last4: string;
  status: string;
  nickname: string | null;
}

/** A JSON column naming one card of the organisation (null when there is none), for a list's own statement. */
export function cardBriefColumn(
  orgId: Expression<number>,
  cardId: Expression<number>,
): RawBuilder<CardBriefRow | null> {
  return sql<CardBriefRow | null>`(select json_build_object('id', c.id, 'brand', c.brand, 'exp_month', c.exp_month,
    'exp_year', c.exp_year, 'last4', c.last4, 'status', c.status, 'nickname', c.nickname) from cards c where c.org_id = ${orgId} and c.id = ${cardId})`;
}

/** What names these cards (last4, name, nickname, purpose) as a JSON array column, for a statement reading several modules' names at once. */
export function cardLabelsColumn(
  orgId: number,
  ids: readonly number[],
): RawBuilder<Array<Pick<CardRow, 'id' | 'last4' | 'name' | 'nickname' | 'purpose'>>> {
  return sql`(select coalesce(json_agg(json_build_object('id', c.id, 'last4', c.last4, 'name', c.name,
    'nickname', c.nickname, 'purpose', c.purpose)), '[]') from cards c where c.org_id = ${orgId} and c.id = any(${ids}::bigint[]))`;
}
