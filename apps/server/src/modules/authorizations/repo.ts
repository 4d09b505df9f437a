import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { AuthorizationHoldsTable } from '../../db/schema.js';

export type HoldRow = Selectable<AuthorizationHoldsTable>;
export type HoldStatus = HoldRow['status'];

/** Sum of pending holds per card (the cards table caches the same figure; tests compare the two). */
export async function pendingHoldTotals(db: DbOrTx, orgId: number, cardIds: readonly number[]): Promise<Map<number, number>> {
  const totals = new Map<number, number>();
  if (cardIds.length === 0) return totals;
  const rows = await db
    .selectFrom('authorization_holds')
    .select(['card_id', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('org_id', '=', orgId)
    .where('card_id', 'in', cardIds)
    .where('status', '=', 'pending')
    .groupBy('card_id')
    .execute();
  for (const row of rows) totals.set(row.card_id, Number(row.total));
  return totals;
}

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
  return db.selectFrom('authorization_holds').selectAll().where('provider', '=', provider).where('provider_authorization_id', '=', providerAuthorizationId).executeTakeFirst();
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

export async function updateHold(db: DbOrTx, id: number, values: { status?: HoldStatus; amount?: number; captured_amount?: number }) {
  await db.updateTable('authorization_holds').set({ ...values, updated_at: new Date() }).where('id', '=', id).execute();
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
  const rows = await base.selectAll().orderBy('created_at', direction).orderBy('id', direction).limit(page.size).offset((page.number - 1) * page.size).execute();
  return { rows, total: Number(total) };
}

export function holdsByIds(db: DbOrTx, orgId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('authorization_holds')
    .select(['id', 'card_id', 'status', 'amount', 'merchant_data', 'wallet', 'created_at', 'stripe_created'])
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .execute();
}
