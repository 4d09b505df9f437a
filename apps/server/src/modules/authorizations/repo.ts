import { CompiledQuery, sql, type Insertable, type Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { AuthorizationHoldsTable } from '../../db/schema.js';
import type { DeclineReason } from '@wallet/contract';
import {
  countApprovedHoldInWindows,
  lockedCardForDecision,
  raiseHoldsOfApprovedHold,
  spendLimitsForDecision,
  type DecisionCard,
} from '../cards/service.js';
import { firstFailedRule, holderOfCard } from './decline-rules.js';
import { onPage } from '../../db/paging.js';

export type HoldRow = Selectable<AuthorizationHoldsTable>;
export type HoldStatus = HoldRow['status'];

export function pendingHoldsOfCards(db: DbOrTx, orgId: number, cardIds: readonly number[]) {
  if (cardIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('authorization_holds')
    .select(['id', 'card_id', 'status', 'amount', 'merchant_data', 'wallet', 'created_at', 'stripe_created'])
    .where('org_id', '=', orgId)
    .where('card_id', 'in', cardIds)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .execute();
}

export function findHold(db: DbOrTx, provider: string, providerAuthorizationId: string): Promise<HoldRow | undefined> {
  return db
    .selectFrom('authorization_holds')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_authorization_id', '=', providerAuthorizationId)
    .executeTakeFirst();
}

export function lockHold(db: DbOrTx, provider: string, providerAuthorizationId: string): Promise<HoldRow | undefined> {
  return db
    .selectFrom('authorization_holds')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_authorization_id', '=', providerAuthorizationId)
    .forUpdate()
    .executeTakeFirst();
}

/** Inserts unless the provider's id is known; null means another request recorded it first. */
export async function insertHold(db: DbOrTx, values: Insertable<AuthorizationHoldsTable>): Promise<HoldRow | null> {
  return (
    (await db
      .insertInto('authorization_holds')
      .values(values)
      .onConflict((oc) => oc.columns(['provider', 'provider_authorization_id']).doNothing())
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

export async function updateHold(
  db: DbOrTx,
  id: number,
  values: {
    status?: HoldStatus;
    amount?: number;
    captured_amount?: number;
    approved?: boolean;
    decline_reason?: DeclineReason;
  },
) {
  await db
    .updateTable('authorization_holds')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function listHoldsOfCard(
  db: DbOrTx,
  orgId: number,
  cardId: number,
  filters: { status?: HoldStatus },
  direction: 'asc' | 'desc',
  page: { number: number; size: number },
) {
  let base = db.selectFrom('authorization_holds').where('org_id', '=', orgId).where('card_id', '=', cardId);
  if (filters.status) base = base.where('status', '=', filters.status);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('created_at', direction)
    .orderBy('id', direction)
    .$call((query) => onPage(query, page))
    .execute();
  return { rows, total: Number(total) };
}

/** A page of one person's declined purchases, newest first, and how many there are. */
export async function declinesOfUser(
  db: DbOrTx,
  orgId: number,
  userId: number,
  page: { number: number; size: number },
) {
  return declinesOf(db, orgId, { userId }, page);
}

/** The organisation's declined purchases, newest first, a page and how many: one person's or anyone's, by reason. */
export async function declinesOf(
  db: DbOrTx,
  orgId: number,
  filters: { userId?: number; reasons?: readonly string[] },
  page: { number: number; size: number },
) {
  let base = db.selectFrom('authorization_holds').where('org_id', '=', orgId).where('approved', '=', false);
  if (filters.userId !== undefined) base = base.where('user_id', '=', filters.userId);
  if (filters.reasons?.length) base = base.where('decline_reason', 'in', filters.reasons);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select([
        'id',
        'card_id',
        'user_id',
        'merchant_data',
        'requested_amount',
        'decline_reason',
        'decline_detail',
        'created_at',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .$call((query) => onPage(query, page))
      .execute(),
  ]);
  return { rows, total: Number(total) };
}

export function holdsByIds(db: DbOrTx, orgId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return (
    db
      .selectFrom('authorization_holds')
      // The same fields the holds list shows, so an included hold reads the same as a listed one.
      .select([
        'id',
        'card_id',
        'status',
        'amount',
        'requested_amount',
        'approved',
        'decline_reason',
        'decline_detail',
        'merchant_data',
        'wallet',
        'created_at',
        'stripe_created',
      ])
      .where('org_id', '=', orgId)
      .where('id', 'in', ids)
      .execute()
  );
}

export interface DecideAndHoldInput {
  provider: string;
  providerAuthorizationId: string;
  providerCardId: string;
  /** The card by our own id within an organisation instead (the simulator knows it): one lookup fewer for its callers. */
  ownCard?: { orgId: number; cardId: number };
  /** Cents asked for; a positive safe integer unless `forcedReason` is set. */
  amount: number;
  /** A reason known before reading the card (an invalid amount): recorded as the decline. */
  forcedReason: DeclineReason | null;
  requestedAmount: number;
  merchantData: string;
  wallet: string | null;
  stripeCreated: number;
}

/**
 * What the decision statement answers of the hold it recorded: the decision, and whose card it was (the open apps
 * of its holder and the organisation's admins hear of it), nothing the caller would not read.
 */
export type DecidedHold = Pick<
  HoldRow,
  'id' | 'org_id' | 'card_id' | 'user_id' | 'approved' | 'decline_reason' | 'decline_detail'
>;
type DecisionRow = { [K in keyof DecidedHold]: DecidedHold[K] | null } & { card_found: boolean };

/**
 * The authorisation decision and its hold as one statement (one round trip, its own transaction): lock the card
 * row, read the holder's standing, insert the hold keyed on the issuer's authorisation id, and raise the card's
 * pending holds when approved. The card row stays locked only while this statement runs, so concurrent purchases
 * of one card queue for microseconds instead of for several client round trips.
 *
 * Read committed: FOR NO KEY UPDATE waits for a concurrent decision on the same card and then sees its committed
 * row, so `spending_limit - holds_amount` is always current; the UPDATE follows to that same locked version.
 *
 * Returns `cardFound: false` for an unknown card, `hold: null` when the authorisation id was already recorded
 * (a repeated request: the caller answers as it was answered before).
 */
export async function decideAndHold(
  db: DbOrTx,
  input: DecideAndHoldInput,
): Promise<{ cardFound: boolean; hold: DecidedHold | null }> {
  const { rows } = await db.executeQuery(compiledDecision(db, input));
  const { card_found: cardFound, ...hold } = rows[0]!;
  return { cardFound, hold: hold.id == null ? null : (hold as DecidedHold) };
}

/** The statement's text and, per parameter, how to read it from the input: built and compiled once per card shape. */
interface DecisionTemplate {
  sql: string;
  parameters: Array<(input: DecideAndHoldInput) => unknown>;
}
const decisionTemplates = new Map<'issuer card' | 'own card', DecisionTemplate>();

/**
 * decideAndHoldQuery(input) compiled, without building and compiling it again for every purchase (a tenth of a
 * millisecond of the server's CPU each): the text depends only on whether the card is named by the issuer or by our
 * id, so it is compiled once per shape from stand-ins, and each stand-in's position takes the input's value after.
 * decision-sql.test.ts holds it equal to compiling the query itself.
 */
export function compiledDecision(db: DbOrTx, input: DecideAndHoldInput): CompiledQuery<DecisionRow> {
  const shape = input.ownCard ? 'own card' : 'issuer card';
  let template = decisionTemplates.get(shape);
  if (!template) {
    const readers = new Map<unknown, (input: DecideAndHoldInput) => unknown>();
    // A stand-in is a string no input can be (a NUL): its position in the parameters says which input it was.
    const standIn = <T>(name: string, read: (input: DecideAndHoldInput) => unknown): T => {
      const token = `\u0000${name}`;
      readers.set(token, read);
      return token as T;
    };
    const standIns: DecideAndHoldInput = {
      provider: standIn('provider', (i) => i.provider),
      providerAuthorizationId: standIn('providerAuthorizationId', (i) => i.providerAuthorizationId),
      providerCardId: standIn('providerCardId', (i) => i.providerCardId),
      ownCard: input.ownCard && {
        orgId: standIn('orgId', (i) => i.ownCard!.orgId),
        cardId: standIn('cardId', (i) => i.ownCard!.cardId),
      },
      amount: standIn('amount', (i) => i.amount),
      forcedReason: standIn('forcedReason', (i) => i.forcedReason),
      requestedAmount: standIn('requestedAmount', (i) => i.requestedAmount),
      merchantData: standIn('merchantData', (i) => i.merchantData),
      wallet: standIn('wallet', (i) => i.wallet),
      stripeCreated: standIn('stripeCreated', (i) => i.stripeCreated),
    };
    const compiled = decideAndHoldQuery(standIns).compile(db);
    template = {
      sql: compiled.sql,
      // Anything else is a constant of the statement (a role name, a date): kept as compiled.
      parameters: compiled.parameters.map((value) => readers.get(value) ?? (() => value)),
    };
    decisionTemplates.set(shape, template);
  }
  return CompiledQuery.raw(
    template.sql,
    template.parameters.map((read) => read(input)),
  ) as CompiledQuery<DecisionRow>;
}

/**
 * The statement itself (the bench runs the very same SQL under pgbench; decision-sql.test.ts snapshots it). This
 * module owns it: the rules and the hold are ours. The card's lock and its holds_amount UPDATE are the cards module's
 * fragments (holds-and-limits.ts), the holder is the users module's query (decline-rules.ts holderOfCard), so each
 * table's SQL stays with its owner while the decision stays one statement on the locked card row.
 */
export function decideAndHoldQuery(input: DecideAndHoldInput) {
  const card: DecisionCard = input.ownCard
    ? { orgId: input.ownCard.orgId, cardId: input.ownCard.cardId, provider: input.provider }
    : { provider: input.provider, providerCardId: input.providerCardId };
  return sql<DecisionRow>`
    WITH card AS (${lockedCardForDecision(card)}
    ),
    purchase AS (
      SELECT ${input.amount}::bigint AS amount, ${input.merchantData}::jsonb AS merchant_data,
        ${input.forcedReason}::text AS forced_reason
    ),
    limits AS (${spendLimitsForDecision()}
    ),
    decision AS (
      SELECT card.id, card.org_id, card.user_id, failed.reason, failed.detail,
        card.spending_limit - card.holds_amount - purchase.amount AS available_after
      FROM card
      CROSS JOIN purchase
      ${holderOfCard()}
      LEFT JOIN LATERAL ${firstFailedRule()} failed ON true
    ),
    hold AS (
      INSERT INTO authorization_holds (
        org_id, card_id, user_id, provider, provider_authorization_id, approved, decline_reason, decline_detail,
        status, requested_amount, amount, available_after, merchant_data, wallet, stripe_created
      )
      SELECT decision.org_id, decision.id, decision.user_id, ${input.provider}, ${input.providerAuthorizationId},
        reason IS NULL, reason, detail,
        CASE WHEN reason IS NULL THEN 'pending' ELSE 'declined' END,
        ${input.requestedAmount}::bigint, CASE WHEN reason IS NULL THEN purchase.amount ELSE 0 END,
        CASE WHEN reason IS NULL THEN available_after END,
        purchase.merchant_data, ${input.wallet}::text, ${input.stripeCreated}::bigint
      FROM decision CROSS JOIN purchase
      ON CONFLICT (provider, provider_authorization_id) DO NOTHING
      RETURNING id, org_id, card_id, user_id, amount, approved, decline_reason, decline_detail
    ),
    moved AS (${raiseHoldsOfApprovedHold('hold')}
    ),
    counted AS (${countApprovedHoldInWindows('hold')}
    )
    SELECT hold.id, hold.org_id, hold.card_id, hold.user_id, hold.approved, hold.decline_reason, hold.decline_detail,
      EXISTS (SELECT 1 FROM card) AS card_found
    FROM (SELECT 1) AS one LEFT JOIN hold ON true
  `;
}

/**
 * The decline rules alone, for an increase of `amount` on a card the caller has locked (an incremental
 * authorisation of a purchase at `merchantData`): the same rules as the decision, in one statement. A null reason
 * means the card can take it.
 */
export function declineReasonQuery(
  card: { orgId: number; cardId: number },
  input: { amount: number; forcedReason: DeclineReason | null; merchantData: string },
) {
  return sql<{ reason: DeclineReason | null; detail: HoldRow['decline_detail'] }>`
    WITH card AS (${lockedCardForDecision(card)}
    ),
    purchase AS (
      SELECT ${input.amount}::bigint AS amount, ${input.merchantData}::jsonb AS merchant_data,
        ${input.forcedReason}::text AS forced_reason
    ),
    limits AS (${spendLimitsForDecision()}
    )
    SELECT failed.reason, failed.detail
    FROM card
    CROSS JOIN purchase
    ${holderOfCard()}
    LEFT JOIN LATERAL ${firstFailedRule()} failed ON true
  `;
}
