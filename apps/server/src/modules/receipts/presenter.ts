import { RECEIPT_CONTENT_TYPES, type Receipt } from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import { expenseBriefs } from '../expenses/service.js';
import { namesOfUsers } from '../users/service.js';
import type { ReceiptRow } from './repo.js';

/** Where a receipt's file is served (to those who may see it). */
export function receiptFileUrl(id: number): string {
  return `/api/receipts/${id}/file`;
}

/** Receipts as the API answers them: the uploader's name, and the transaction each is attached to or matched with. */
export async function presentReceipts(db: DbOrTx, orgId: number, receipts: readonly ReceiptRow[]): Promise<Receipt[]> {
  const uploaders = new Set<number>();
  const transactionIds = new Set<number>();
  for (const receipt of receipts) {
    if (receipt.uploaded_by !== null) uploaders.add(receipt.uploaded_by);
    const transactionId = transactionOf(receipt);
    if (transactionId !== null) transactionIds.add(transactionId);
  }
  const [names, briefs] = await Promise.all([
    namesOfUsers(db, orgId, [...uploaders]),
    expenseBriefs(db, orgId, [...transactionIds]),
  ]);
  const transactions = new Map(
    briefs.map((brief) => [
      brief.id,
      {
        id: brief.id,
        amount: brief.amount,
        stripe_created: brief.stripe_created,
        merchant_data: { name: brief.merchant },
      },
    ]),
  );
  return receipts.map((receipt) => {
    const transactionId = transactionOf(receipt);
    return {
      id: receipt.id,
      expense_id: receipt.expense_id,
      type: receipt.type,
      content_type: RECEIPT_CONTENT_TYPES[receipt.type],
      byte_size: receipt.byte_size,
      file_name: receipt.file_name,
      file_url: receiptFileUrl(receipt.id),
      uploaded_by:
        receipt.uploaded_by === null
          ? null
          : { id: receipt.uploaded_by, name: names.get(receipt.uploaded_by) ?? 'Former member' },
      created_at: receipt.created_at.toISOString(),
      reading: receipt.reading,
      ocr: receipt.ocr,
      match: receipt.match,
      transaction: transactionId === null ? null : (transactions.get(transactionId) ?? null),
    };
  });
}

/** The transaction a receipt is attached to, else the one its reading suggests. */
function transactionOf(receipt: ReceiptRow): number | null {
  return receipt.expense_id ?? receipt.match?.expense_id ?? null;
}

export async function presentReceipt(db: DbOrTx, receipt: ReceiptRow): Promise<Receipt> {
  const [presented] = await presentReceipts(db, receipt.org_id, [receipt]);
  return presented!;
}
