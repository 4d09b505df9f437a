import { monthLabel, type MonthCloseResource } from '@wallet/contract';
import type { MonthCloseRow } from './service.js';

/** A closed month as the API answers it; `names` holds the current names of the people who closed them. */
export function presentMonthClose(row: MonthCloseRow, names: ReadonlyMap<number, string>): MonthCloseResource {
  const name = row.closed_by === null ? undefined : names.get(row.closed_by);
  return {
    month: row.month,
    label: monthLabel(row.month),
    closed_at: row.closed_at.toISOString(),
    closed_by: row.closed_by !== null && name !== undefined ? { id: row.closed_by, name } : null,
  };
}
