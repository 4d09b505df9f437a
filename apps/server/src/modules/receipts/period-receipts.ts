import type { ReceiptType } from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import { receiptedTransactionsOfPeriod, type DayRange, type ReceiptedTransaction } from '../expenses/service.js';
import { receiptFilesOfExpenses } from './repo.js';
import type { ReceiptStorage } from './storage.js';

/** A receipt of a period's transaction: the transaction briefly, the receipt's type and size, its bytes on demand. */
export interface PeriodReceipt {
  transaction: ReceiptedTransaction;
  receipt: { id: number; type: ReceiptType; byteSize: number };
  /** Reads the file from the receipt storage (only when the caller is ready for it: files are up to 10 MB). */
  read(): Promise<Buffer>;
}

/**
 * Every receipt attached to the organisation's transactions posted in the period (UTC days, both included), in the
 * transactions' order (oldest first), a batch of transactions at a time: memory stays flat whatever the period holds.
 */
export async function* receiptsOfPeriod(
  deps: { db: DbOrTx; storage: ReceiptStorage },
  orgId: number,
  period: DayRange,
): AsyncGenerator<PeriodReceipt> {
  for await (const transactions of receiptedTransactionsOfPeriod(deps.db, orgId, period)) {
    const files = new Map(
      (
        await receiptFilesOfExpenses(
          deps.db,
          orgId,
          transactions.map((transaction) => transaction.id),
        )
      ).map((file) => [file.expense_id!, file]),
    );
    for (const transaction of transactions) {
      const file = files.get(transaction.id);
      // Removed since the transactions were read: nothing to put in.
      if (!file) continue;
      yield {
        transaction,
        receipt: { id: file.id, type: file.type, byteSize: file.byte_size },
        read: () => deps.storage.read(file.storage_key),
      };
    }
  }
}
