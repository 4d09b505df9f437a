import type { RawBuilder } from 'kysely';
import type { SortTerm } from '../../http/list-query.js';
import type { DbOrTx } from '../../db/database.js';
import { memberIdsOfTeam } from '../teams/service.js';
import { visibleUserIds, type Actor } from './policy.js';
import { listUsers, type ListedUserRow, type UserListFilters, type UserSort } from './service.js';

/** GET /api/users: the people the actor may see (members only themselves), optionally of one team. */
export async function listUsersFor(
  db: DbOrTx,
  orgId: number,
  actor: Actor,
  filters: UserListFilters & { membersOfTeam?: number },
  sort: SortTerm<UserSort>[],
  page: { number: number; size: number },
  /** Columns the answer reads beside each user (presenter.ts userIncludeColumns). */
  columns: Readonly<Record<string, RawBuilder<unknown>>> = {},
): Promise<{ rows: ListedUserRow[]; total: number }> {
  const { membersOfTeam, ...listFilters } = filters;
  if (membersOfTeam) listFilters.ids = await memberIdsOfTeam(db, orgId, membersOfTeam);
  const ids = visibleUserIds(actor, listFilters.ids);
  if (ids) listFilters.ids = ids;
  return listUsers(db, orgId, listFilters, sort, page, columns);
}
