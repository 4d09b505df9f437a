import type { Selectable } from 'kysely';
import type { CardholdersTable, CardsTable, CardStatus } from '../../db/schema.js';
import type { PersonBriefRow } from '../users/service.js';

/** The cards module's row and query types, shared by its repo, service and presenter. */

export type CardRow = Selectable<CardsTable>;
export type CardholderRow = Selectable<CardholdersTable>;

/** A card with what its answer shows beside it, read in the list's own statement (cards list, ISSUE 19.9). */
export type ListedCardRow = CardRow & {
  /** The holder's cardholder at the issuer, null before their first card is made there. */
  listed_cardholder_id: string | null;
  /** Where its changes stand with the issuer: null when synced. */
  listed_issuer_sync: { state: 'syncing' | 'failed'; error: string | null } | null;
  /** The holder in brief, when the list was asked to include them. */
  included_user?: PersonBriefRow | null;
};
export type CardSort = 'created_at' | 'user' | 'status' | 'type' | 'spending_limit' | 'last4' | 'last_used_at' | 'name';

export interface CardListFilters {
  userIds?: readonly number[];
  status?: CardStatus;
  type?: 'virtual' | 'physical';
  recentlyUsed?: boolean;
}
