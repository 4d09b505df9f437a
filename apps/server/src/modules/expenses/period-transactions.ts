import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { DayRange } from './types.js';

/** A transaction of a period with a receipt attached, briefly: what the receipts archive names its file by. */
export interface ReceiptedTransaction {
  id: number;
  /** Posted, seconds since the epoch (UTC). */
  stripe_created: number;
  /** Cents; a refund is negative. */
  amount: number;
  merchant: string | null;
}

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * The organisation's transactions posted in the period (UTC days, both included) that have a receipt, oldest first,
 * `batchSize` at a time: each batch is one short query after the last row of the one before (no cursor or
 * transaction held open while a slow download takes the files).
 */
export async function* receiptedTransactionsOfPeriod(
  db: DbOrTx,
  orgId: number,
  period: DayRange,
  batchSize = 500,
): AsyncGenerator<ReceiptedTransaction[]> {
  const from = dayStart(period.from);
  const to = dayStart(period.to) + 86_400;
  let after: { created: number; id: number } | null = null;
  for (;;) {
    const page: ReceiptedTransaction[] = (
      await sql<ReceiptedTransaction>`
      SELECT e.id, e.stripe_created, e.amount, e.merchant_data->>'name' AS merchant FROM expenses e
      WHERE e.org_id = ${orgId} AND e.has_receipt AND e.stripe_created >= ${from} AND e.stripe_created < ${to}
        ${after ? sql`AND (e.stripe_created, e.id) > (${after.created}, ${after.id})` : sql``}
      ORDER BY e.stripe_created, e.id LIMIT ${batchSize}`.execute(db)
    ).rows;
    if (page.length > 0) yield page;
    if (page.length < batchSize) return;
    const last: ReceiptedTransaction = page[page.length - 1]!;
    after = { created: Number(last.stripe_created), id: last.id };
  }
}
