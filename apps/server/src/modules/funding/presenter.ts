import { centsToDecimal, type TopupResource } from '@wallet/contract';
import { toCsv } from '../../http/csv.js';
import type { TopupRow } from './service.js';

/** The funding area's answers: top-ups, and the statement as a CSV. */

export function presentTopup(topup: TopupRow): TopupResource {
  return {
    id: topup.id,
    amount: topup.amount,
    description: topup.description,
    status: topup.status,
    created_at: topup.created_at.toISOString(),
    settled_at: topup.settled_at?.toISOString() ?? null,
    failure_message: topup.failure_message,
    reversed_at: topup.reversed_at?.toISOString() ?? null,
  };
}

/** The statement CSV: each movement with the running balance, amounts as plain dollars. */
export function presentStatementCsv(
  rows: ReadonlyArray<{
    date: string;
    type: string;
    description: string;
    card: string;
    amount: number;
    balance: number;
  }>,
): string {
  return toCsv(
    ['Date', 'Type', 'Description', 'Card', 'Amount', 'Balance'],
    rows.map((row) => [
      row.date,
      row.type,
      row.description,
      row.card,
      centsToDecimal(row.amount),
      centsToDecimal(row.balance),
    ]),
  );
}
