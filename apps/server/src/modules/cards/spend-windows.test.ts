import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { spendingWindowEnd, spendingWindowStart, type SpendingWindowInterval } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { spendWindowEndSql, spendWindowStartSql } from './spend-windows.js';

/** The decision's SQL windows and the contract's JS windows (what the card page and the sentence say) agree. */
const ctx = useTestApp();

const INTERVALS: SpendingWindowInterval[] = ['daily', 'weekly', 'monthly', 'yearly'];
const INSTANTS = [
  '2026-11-28T23:59:59.999Z', // a Saturday's last millisecond
  '2026-11-29T00:00:00.000Z', // Sunday: a new week
  '2026-11-30T23:59:59.000Z', // the last second of November
  '2026-12-01T00:00:00.000Z',
  '2026-12-31T23:59:59.000Z', // the year's end
  '2027-01-01T00:00:00.000Z',
  '2028-02-29T12:00:00.000Z', // a leap day
];

describe('spending windows in SQL and in the contract', () => {
  it.each(INTERVALS)('%s windows start and end on the same days', async (interval) => {
    for (const instant of INSTANTS) {
      const at = sql`${instant}::timestamptz`;
      const { rows } = await sql<{ start: string; end: string }>`
        SELECT ${spendWindowStartSql(sql`${interval}::text`, at)}::text AS start,
          ${spendWindowEndSql(sql`${interval}::text`, at)}::text AS end
      `.execute(ctx.db);
      expect({ instant, ...rows[0] }).toEqual({
        instant,
        start: spendingWindowStart(interval, new Date(instant)),
        end: spendingWindowEnd(interval, new Date(instant)),
      });
    }
  });
});
