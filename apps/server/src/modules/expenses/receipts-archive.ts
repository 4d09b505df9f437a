import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import archiver from 'archiver';
import { centsToDecimal, type ReceiptType } from '@wallet/contract';
import type { ReceiptedTransaction } from './period-transactions.js';
import { entryTaken } from './archive-entry.js';

/**
 * The ZIP of a period's receipts (issue 21.7), streamed: one receipt read from storage at a time, the next only once
 * the archive has taken the last (so at most one receipt, up to 10 MB, is held however many the period has, and a
 * slow download slows the reading). Files are stored as they are: photos and PDFs are compressed already.
 */

/** What goes in: a transaction's receipt and how to read its bytes (receipts/service.ts receiptsOfPeriod). */
export interface ArchiveReceipt {
  transaction: ReceiptedTransaction;
  receipt: { type: ReceiptType };
  read(): Promise<Buffer>;
}

const EXTENSIONS: Record<ReceiptType, string> = { jpeg: 'jpg', png: 'png', heic: 'heic', pdf: 'pdf' };
const SLUG_MAX = 40;

/** "Blue Bottle Coffee #12" -> "blue-bottle-coffee-12": ASCII letters and digits joined by single dashes. */
export function merchantSlug(merchant: string | null): string {
  const slug = (merchant ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || 'merchant';
}

/**
 * `YYYY-MM-DD_<amount>_<merchant slug>_<transaction id>.<ext>`: the UTC day it was posted, its amount as 12.50 (a
 * refund -12.50), the merchant. Unique (a transaction has one receipt) and safe anywhere: no separators, no '..'.
 */
export function receiptArchiveName(transaction: ReceiptedTransaction, type: ReceiptType): string {
  const day = new Date(Number(transaction.stripe_created) * 1000).toISOString().slice(0, 10);
  return `${day}_${centsToDecimal(transaction.amount)}_${merchantSlug(transaction.merchant)}_${transaction.id}.${EXTENSIONS[type]}`;
}

/** Writes the ZIP of `receipts` into `out`, which is ended; no receipts gives a valid empty ZIP. */
export async function writeReceiptsArchive(receipts: AsyncIterable<ArchiveReceipt>, out: Writable): Promise<void> {
  const archive = archiver('zip', { store: true });
  const piped = pipeline(archive, out);
  // A failure on either side settles `piped`; the loop below stops at its next wait.
  let failed: unknown = null;
  piped.catch((error: unknown) => {
    failed = error ?? new Error('The download was closed before it finished.');
  });
  try {
    for await (const item of receipts) {
      if (failed) throw failed;
      const bytes = await item.read();
      const taken = entryTaken(archive, out);
      archive.append(bytes, {
        name: receiptArchiveName(item.transaction, item.receipt.type),
        date: new Date(Number(item.transaction.stripe_created) * 1000),
      });
      await taken;
    }
    if (failed) throw failed;
    await archive.finalize();
    await piped;
  } catch (error) {
    // The download ends in an error (a cut connection), never as a ZIP that looks whole but misses files.
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}
