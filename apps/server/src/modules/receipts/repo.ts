import { sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { ReceiptsTable } from '../../db/schema.js';
import { onPage } from '../../db/paging.js';

export type ReceiptRow = Selectable<ReceiptsTable>;

export function findReceipt(db: DbOrTx, orgId: number, id: number): Promise<ReceiptRow | undefined> {
  return db.selectFrom('receipts').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}

/** The receipt attached to the transaction, locked (a replacement and a removal of it queue one behind the other). */
export function lockReceiptOfExpense(db: DbOrTx, orgId: number, expenseId: number): Promise<ReceiptRow | undefined> {
  return db
    .selectFrom('receipts')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('expense_id', '=', expenseId)
    .forUpdate()
    .executeTakeFirst();
}

export function insertReceipt(db: DbOrTx, values: Insertable<ReceiptsTable>): Promise<ReceiptRow> {
  return db.insertInto('receipts').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Deletes the row; the caller removes the file after the commit. Undefined when it was already gone. */
export function deleteReceipt(db: DbOrTx, orgId: number, id: number): Promise<ReceiptRow | undefined> {
  return db.deleteFrom('receipts').where('org_id', '=', orgId).where('id', '=', id).returningAll().executeTakeFirst();
}

export function lockReceipt(db: DbOrTx, orgId: number, id: number): Promise<ReceiptRow | undefined> {
  return db
    .selectFrom('receipts')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Which of these transactions have a receipt already. */
export async function expensesWithReceipts(db: DbOrTx, orgId: number, expenseIds: readonly number[]) {
  if (expenseIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('receipts')
    .select('expense_id')
    .where('org_id', '=', orgId)
    .where('expense_id', 'in', expenseIds)
    .execute();
  return new Set(rows.map((row) => row.expense_id!));
}

export function recordReading(
  db: DbOrTx,
  orgId: number,
  id: number,
  values: {
    reading: 'read' | 'unreadable' | 'failed';
    ocr: ReceiptRow['ocr'];
    match: ReceiptRow['match'];
    expenseId: number | null;
  },
) {
  return db
    .updateTable('receipts')
    .set({
      reading: values.reading,
      ocr: values.ocr && JSON.stringify(values.ocr),
      match: values.match && JSON.stringify(values.match),
      expense_id: values.expenseId,
      read_at: new Date(),
    })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
}

export function attachToExpense(db: DbOrTx, orgId: number, id: number, expenseId: number) {
  return db
    .updateTable('receipts')
    .set({ expense_id: expenseId })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * A page of the person's inbox, newest first, and how many: every receipt they put in it that waits for its
 * transaction, and those that found one in the last 7 days (so they see where each went).
 */
export async function inboxReceiptsOf(
  db: DbOrTx,
  orgId: number,
  userId: number,
  page: { number: number; size: number },
): Promise<{ rows: ReceiptRow[]; total: number }> {
  const base = db
    .selectFrom('receipts')
    .where('org_id', '=', orgId)
    .where('uploaded_by', '=', userId)
    .where('reading', 'is not', null)
    .where((eb) => eb.or([eb('expense_id', 'is', null), eb('created_at', '>', sql<Date>`now() - interval '7 days'`)]));
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .$call((query) => onPage(query, page))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The receipts of these transactions (id, type, expense_id). */
export function receiptsOfExpenses(db: DbOrTx, orgId: number, expenseIds: readonly number[]) {
  if (expenseIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('receipts')
    .select(['id', 'type', 'expense_id'])
    .where('org_id', '=', orgId)
    .where('expense_id', 'in', expenseIds)
    .execute();
}

/** receiptsOfExpenses as a JSON array column, for another module's statement reading several things at once. */
export function receiptsOfExpensesColumn(
  orgId: number,
  expenseIds: readonly number[],
): RawBuilder<Array<{ id: number; type: ReceiptRow['type']; expense_id: number }>> {
  return sql`(select coalesce(json_agg(json_build_object('id', r.id, 'type', r.type, 'expense_id', r.expense_id)), '[]')
    from receipts r where r.org_id = ${orgId} and r.expense_id = any(${expenseIds}::bigint[]))`;
}

/** The files of these transactions' receipts: what the period's receipts archive reads from storage. */
export function receiptFilesOfExpenses(db: DbOrTx, orgId: number, expenseIds: readonly number[]) {
  if (expenseIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('receipts')
    .select(['id', 'type', 'expense_id', 'storage_key', 'byte_size'])
    .where('org_id', '=', orgId)
    .where('expense_id', 'in', expenseIds)
    .execute();
}
