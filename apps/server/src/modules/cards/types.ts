import type { Selectable } from 'kysely';
import type { CardholdersTable, CardsTable, CardStatus } from '../../db/schema.js';

/** The cards module's row and query types, shared by its repo, service and presenter. */

export type CardRow = Selectable<CardsTable>;
export type CardholderRow = Selectable<CardholdersTable>;
export type CardSort = 'created_at' | 'user' | 'status' | 'type' | 'spending_limit' | 'last4' | 'last_used_at' | 'name';

export interface CardListFilters {
  userIds?: readonly number[];
  status?: CardStatus;
  type?: 'virtual' | 'physical';
  recentlyUsed?: boolean;
}
