import { sql, type RawBuilder } from 'kysely';
import type { AccountingExportFormat } from '@wallet/contract';
import { neutralised } from './export-sql.js';
import type { DayRange } from './types.js';

/**
 * The accounting export's rows (issue 21.7) as PostgreSQL writes them in CSV: the organisation's reviewed
 * transactions posted in the period (UTC days, both included), oldest first, each cell worked out in the SELECT.
 */

/** Other modules' names, by id (JSON objects passed in: one lookup per row, the rows keep their order). */
export interface AccountingLabels {
  /** Cardholders' full names. */
  holders: Record<number, string>;
  /** "•••• 4242 (Travel card)", or "•••• 4242" for a card without a nickname. */
  cards: Record<number, string>;
  /** Categories' GL codes (categories without one are left out). */
  glCodes: Record<number, string>;
  /** The card of a transaction the cards module does not know. */
  noCard: string;
}

/** Between the parts of a Description. */
export const DESCRIPTION_SEPARATOR = ' · ';

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

export function accountingRowsQuery(
  orgId: number,
  period: DayRange,
  format: AccountingExportFormat,
  labels: AccountingLabels,
) {
  const map = (values: Record<number, string>) => sql`${JSON.stringify(values)}::jsonb`;
  const merchant = sql`nullif(btrim(e.merchant_data->>'name'), '')`;
  // A memo on several lines becomes one: a bank statement line has no line breaks.
  const memo = sql`nullif(regexp_replace(btrim(e.notes), '\\s*[\\r\\n]+\\s*', ' ', 'g'), '')`;
  // Merchant, card, cardholder, memo: the whole cell is neutralised, as it starts with the merchant's name.
  const description = neutralised(
    sql`concat_ws(${DESCRIPTION_SEPARATOR}, ${merchant}, coalesce(${map(labels.cards)} ->> e.card_id::text, ${labels.noCard}),
      ${map(labels.holders)} ->> e.user_id::text, ${memo})`,
  );
  // MM/DD/YYYY of the UTC day it was posted (stripe_created is never before 1970).
  const date = sql`to_char(date '1970-01-01' + (e.stripe_created / 86400)::int, 'MM/DD/YYYY')`;
  // Money out is negative, a refund positive; 12.50, no symbol, no thousands separator.
  const amount = sql`(-e.amount) * 0.01`;
  const glCode = sql`${map(labels.glCodes)} ->> e.wallet_category_id::text`;
  const cells: RawBuilder<unknown>[] =
    format === 'quickbooks'
      ? [date, description, amount]
      : [
          date,
          amount,
          neutralised(merchant),
          description,
          sql`e.id::text`,
          sql`NULL`,
          glCode,
          sql`NULL`,
          // One account per line: the analysed amount is the whole amount, given with the account it goes to.
          sql`CASE WHEN ${glCode} IS NOT NULL THEN ${amount} END`,
          sql`NULL`,
        ];
  return sql`SELECT ${sql.join(cells)} FROM expenses e
    WHERE e.org_id = ${orgId} AND e.reviewed_at IS NOT NULL
      AND e.stripe_created >= ${dayStart(period.from)} AND e.stripe_created < ${dayStart(period.to) + 86_400}
    ORDER BY e.stripe_created, e.id`;
}
