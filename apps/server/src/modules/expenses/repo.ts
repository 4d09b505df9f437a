import { sql, type Insertable, type Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { ExpensesTable } from '../../db/schema.js';

export type ExpenseRow = Selectable<ExpensesTable>;

/** Inserts unless the issuer's transaction id is known (a repeated event); null then. */
export async function insertExpense(db: DbOrTx, values: Insertable<ExpensesTable>): Promise<ExpenseRow | null> {
  return (
    (await db
      .insertInto('expenses')
      .values(values)
      .onConflict((oc) => oc.columns(['provider', 'provider_transaction_id']).doNothing())
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

export type ExpenseSort = 'stripe_created' | 'amount' | 'type';

export async function listCardExpenses(
  db: DbOrTx,
  orgId: number,
  cardId: number,
  sort: Array<{ column: ExpenseSort; direction: 'asc' | 'desc' }>,
  page: { number: number; size: number },
) {
  const base = db.selectFrom('expenses').where('org_id', '=', orgId).where('card_id', '=', cardId);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let query = base.selectAll();
  for (const term of sort) query = query.orderBy(term.column, term.direction);
  const rows = await query.orderBy('id', 'desc').limit(page.size).offset((page.number - 1) * page.size).execute();
  return { rows, total: Number(total) };
}

/** Expenses of a card between two days (inclusive, UTC), oldest first, for export. */
export function cardExpensesBetween(db: DbOrTx, orgId: number, cardId: number, from: string, to: string) {
  return db
    .selectFrom('expenses')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('card_id', '=', cardId)
    .where('stripe_created', '>=', sql<number>`extract(epoch from ${from}::date)::bigint`)
    .where('stripe_created', '<', sql<number>`extract(epoch from (${to}::date + 1))::bigint`)
    .orderBy('stripe_created')
    .orderBy('id')
    .execute();
}


/** Net spend (captures less refunds) posted since the given unix second. */
export async function netSpendSince(db: DbOrTx, orgId: number, sinceUnix: number): Promise<number> {
  const row = await db
    .selectFrom('expenses')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.val(0)).as('total'))
    .where('org_id', '=', orgId)
    .where('stripe_created', '>=', sinceUnix)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
