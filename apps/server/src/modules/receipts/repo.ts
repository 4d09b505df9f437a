import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { ReceiptsTable } from '../../db/schema.js';

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
