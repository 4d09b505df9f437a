import { sql, type Insertable, type Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { AuthorizationHoldsTable } from '../../db/schema.js';
import { lockedCardForDecision, raiseHoldsOfApprovedHold, type DecisionCard } from '../cards/service.js';
import { declineReason, holderOfCard, type DeclineReason } from './decline-rules.js';

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
  values: { status?: HoldStatus; amount?: number; captured_amount?: number },
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
    .limit(page.size)
    .offset((page.number - 1) * page.size)
    .execute();
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
): Promise<{ cardFound: boolean; hold: HoldRow | null }> {
  const { rows } = await decideAndHoldQuery(input).execute(db);
  const row = rows[0]!;
  const { card_found: cardFound, ...hold } = row;
  return { cardFound, hold: hold.id == null ? null : (hold as HoldRow) };
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
  return sql<HoldRow & { card_found: boolean }>`
    WITH card AS (${lockedCardForDecision(card)}
    ),
    decision AS (
      SELECT card.id, card.org_id, card.user_id,
        ${declineReason({ amount: input.amount, forcedReason: input.forcedReason })} AS reason
      FROM card
      ${holderOfCard()}
    ),
    hold AS (
      INSERT INTO authorization_holds (
        org_id, card_id, user_id, provider, provider_authorization_id, approved, decline_reason, status,
        requested_amount, amount, merchant_data, wallet, stripe_created
      )
      SELECT org_id, id, user_id, ${input.provider}, ${input.providerAuthorizationId}, reason IS NULL, reason,
        CASE WHEN reason IS NULL THEN 'pending' ELSE 'declined' END,
        ${input.requestedAmount}::bigint, CASE WHEN reason IS NULL THEN ${input.amount}::bigint ELSE 0 END,
        ${input.merchantData}::jsonb, ${input.wallet}::text, ${input.stripeCreated}::bigint
      FROM decision
      ON CONFLICT (provider, provider_authorization_id) DO NOTHING
      RETURNING *
    ),
    moved AS (${raiseHoldsOfApprovedHold('hold')}
    )
    SELECT hold.*, EXISTS (SELECT 1 FROM card) AS card_found
    FROM (SELECT 1) AS one LEFT JOIN hold ON true
  `;
}

/**
 * The decline rules alone, for an increase of `amount` on a card the caller has locked (an incremental
 * authorisation): the same rules as the decision, in one statement. Null means the card can take it.
 */
export function declineReasonQuery(
  card: { orgId: number; cardId: number },
  input: { amount: number; forcedReason: DeclineReason | null },
) {
  return sql<{ reason: DeclineReason | null }>`
    WITH card AS (${lockedCardForDecision(card)}
    )
    SELECT ${declineReason(input)} AS reason
    FROM card
    ${holderOfCard()}
  `;
}
