import { createHash } from 'node:crypto';
import { isAdmin, RECEIPT_MAX_BYTES, RECEIPT_MESSAGES, RECEIPT_FIELD, type ReceiptType } from '@wallet/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { notFound, validationFailed } from '../../http/errors.js';
import { getReachableExpense, setHasReceipt } from '../expenses/service.js';
import type { Jobs } from '../../jobs/queue.js';
import { afterReceiptAttached } from '../receipt-policy/service.js';
import { cleanFileName } from './file-name.js';
import { sniffReceiptType } from './file-type.js';
import { receiptFileUrl } from './presenter.js';
import * as repo from './repo.js';
import { newStorageKey, type ReceiptStorage } from './storage.js';

export type ReceiptRow = repo.ReceiptRow;
export { localReceiptStorage, type ReceiptStorage } from './storage.js';
export {
  attachInboxReceipt,
  listInbox,
  readInboxReceipt,
  uploadToInbox,
  type InboxDeps,
  type ReadReceiptJob,
} from './inbox.js';
export { stopOcrEngine } from './reading/ocr-engine.js';
export { receiptsOfPeriod, type PeriodReceipt } from './period-receipts.js';

interface Actor {
  id: number;
  roles: readonly string[];
}

export interface ReceiptsDeps {
  db: Db;
  storage: ReceiptStorage;
  /** The receipt policy reactivates a card in the attaching transaction (the issuer told through the outbox). */
  jobs: Jobs;
}

/** An upload judged before anything is stored: present, not empty, not over 10 MB, and a type we keep. */
export function checkReceiptUpload(bytes: Buffer | null, truncated: boolean): ReceiptType {
  const problem = (message: string) => validationFailed({ [RECEIPT_FIELD]: [message] });
  if (truncated || (bytes && bytes.length > RECEIPT_MAX_BYTES)) throw problem(RECEIPT_MESSAGES.tooLarge);
  if (!bytes) throw problem(RECEIPT_MESSAGES.missing);
  if (bytes.length === 0) throw problem(RECEIPT_MESSAGES.empty);
  const type = sniffReceiptType(bytes);
  if (!type) throw problem(RECEIPT_MESSAGES.unsupported);
  return type;
}

/**
 * Attaches the receipt to a transaction the actor may reach (its cardholder, or an admin), replacing the one it had.
 * The file is stored first, under a new key, outside any transaction; the row follows in one transaction; the replaced
 * file goes after the commit. A failed commit removes the new file, so no row ever names a missing file.
 */
export async function attachReceipt(
  deps: ReceiptsDeps,
  orgId: number,
  actor: Actor,
  expenseId: number,
  upload: { bytes: Buffer; type: ReceiptType; fileName: string | undefined },
): Promise<{ receipt: repo.ReceiptRow; replaced: boolean }> {
  const { db, storage } = deps;
  await getReachableExpense(db, orgId, actor, expenseId);
  const key = newStorageKey();
  await storage.save(key, upload.bytes);
  let result: { receipt: repo.ReceiptRow; previous: repo.ReceiptRow | undefined };
  try {
    result = await db.transaction().execute(async (tx) => {
      const previous = await repo.lockReceiptOfExpense(tx, orgId, expenseId);
      if (previous) await repo.deleteReceipt(tx, orgId, previous.id);
      await setHasReceipt(tx, orgId, expenseId, true);
      await afterReceiptAttached(tx, deps.jobs, orgId, expenseId);
      const receipt = await repo.insertReceipt(tx, {
        org_id: orgId,
        expense_id: expenseId,
        uploaded_by: actor.id,
        storage_key: key,
        type: upload.type,
        byte_size: upload.bytes.length,
        sha256: createHash('sha256').update(upload.bytes).digest('hex'),
        file_name: cleanFileName(upload.fileName, upload.type),
      });
      return { receipt, previous };
    });
  } catch (error) {
    await storage.remove(key).catch(() => undefined);
    throw error;
  }
  if (result.previous) await storage.remove(result.previous.storage_key);
  return { receipt: result.receipt, replaced: result.previous !== undefined };
}

/**
 * A receipt the actor may see: an admin any of the organisation's; a member one on their own transaction, or one they
 * uploaded that waits unattached. Anything else is as missing as another organisation's.
 */
export async function getReachableReceipt(db: DbOrTx, orgId: number, actor: Actor, id: number) {
  const receipt = await repo.findReceipt(db, orgId, id);
  if (!receipt) throw notFound();
  if (isAdmin(actor.roles)) return receipt;
  if (receipt.expense_id === null) {
    if (receipt.uploaded_by !== actor.id) throw notFound();
    return receipt;
  }
  await getReachableExpense(db, orgId, actor, receipt.expense_id);
  return receipt;
}

export async function readReceiptFile(deps: ReceiptsDeps, orgId: number, actor: Actor, id: number) {
  const receipt = await getReachableReceipt(deps.db, orgId, actor, id);
  return { receipt, bytes: await deps.storage.read(receipt.storage_key) };
}

/** Removes the receipt (row, then file after the commit). */
export async function removeReceipt(deps: ReceiptsDeps, orgId: number, actor: Actor, id: number): Promise<void> {
  const receipt = await getReachableReceipt(deps.db, orgId, actor, id);
  const deleted = await deps.db.transaction().execute(async (tx) => {
    const row = await repo.deleteReceipt(tx, orgId, receipt.id);
    if (row?.expense_id) await setHasReceipt(tx, orgId, row.expense_id, false);
    return row;
  });
  if (!deleted) throw notFound();
  await deps.storage.remove(deleted.storage_key);
}

/** Each listed transaction's receipt, briefly (id, type, where its file is), for the transaction lists. */
export async function receiptBriefsOfExpenses(db: DbOrTx, orgId: number, expenses: ReadonlyArray<{ id: number }>) {
  return receiptBriefsOf(
    await repo.receiptsOfExpenses(
      db,
      orgId,
      expenses.map((expense) => expense.id),
    ),
  );
}

/** receiptBriefsOfExpenses as a column of another module's statement; receiptBriefsOf turns what it read into briefs. */
export function receiptsOfExpensesColumn(orgId: number, expenses: ReadonlyArray<{ id: number }>) {
  return repo.receiptsOfExpensesColumn(
    orgId,
    expenses.map((expense) => expense.id),
  );
}

export function receiptBriefsOf(
  rows: ReadonlyArray<Pick<repo.ReceiptRow, 'id' | 'type'> & { expense_id: number | null }>,
) {
  return new Map(
    rows.map((row) => [row.expense_id!, { id: row.id, type: row.type, file_url: receiptFileUrl(row.id) }]),
  );
}
