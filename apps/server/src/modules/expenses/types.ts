import type { Selectable } from 'kysely';
import type { ExpensesTable } from '../../db/schema.js';

/** The expenses module's row and query types, shared by its repo, service and presenter. */

export type ExpenseRow = Selectable<ExpensesTable>;
export type ExpenseSort = 'stripe_created' | 'amount' | 'type';

/** UTC days, both included, as YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

export interface DailyAmount {
  day: string;
  amount: number;
}
