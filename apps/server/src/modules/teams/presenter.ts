import { sql, type RawBuilder } from 'kysely';
import type { TeamResource } from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import { activeCardCountsOfUsers, activeCardsCountColumn } from '../cards/service.js';
import { approvedAmountColumn, approvedAmountsByTeam } from '../purchase-requests/service.js';
import { avatarUrl } from '../users/presenter.js';
import { findUsersByIds, fullName } from '../users/service.js';
import {
  approvalPathsOf,
  countMembers,
  memberIdsOfListedTeam,
  memberIdsOfTeams,
  type ListedTeamRow,
  type TeamRow,
} from './service.js';

/**
 * Team resources. Active cards are those of the team's members; the approved amount is what its requests funded. A
 * team read by the list (ListedTeamRow) carries its approval path and the included figures; others have them read
 * here.
 */
async function activeCardCounts(db: DbOrTx, orgId: number, teamIds: readonly number[]): Promise<Map<number, number>> {
  const members = await memberIdsOfTeams(db, orgId, teamIds);
  const active = await activeCardCountsOfUsers(db, orgId, [...new Set([...members.values()].flat())]);
  return new Map(
    [...members].map(([teamId, userIds]) => [
      teamId,
      userIds.reduce((sum: number, userId: number) => sum + (active.get(userId) ?? 0), 0),
    ]),
  );
}

/**
 * The columns the teams list selects beside each team for these includes: its members' active cards and its funded
 * requests' total, each a subquery of the module that owns them, so the page needs no statement of its own for them.
 */
export function teamIncludeColumns(includes: ReadonlySet<string>): Record<string, RawBuilder<unknown>> {
  const orgId = sql.ref<number>('teams.org_id');
  return {
    ...(includes.has('activeCardsCount') && {
      included_active_cards: activeCardsCountColumn(orgId, memberIdsOfListedTeam()),
    }),
    ...(includes.has('approvedPurchaseRequestsAmount') && {
      included_approved_amount: approvedAmountColumn(orgId, sql.ref<number>('teams.id')),
    }),
  };
}

export async function presentTeams(
  db: DbOrTx,
  orgId: number,
  teams: Array<TeamRow & Partial<ListedTeamRow>>,
  includes: Set<string>,
  appends: Set<string>,
): Promise<TeamResource[]> {
  const paths = teams.every((team) => team.approval_path)
    ? new Map(teams.map((team) => [team.id, team.approval_path ?? []]))
    : await approvalPathsOf(
        db,
        orgId,
        teams.map((team) => team.id),
      );
  const approverIds = appends.has('approval_path_users') ? [...new Set([...paths.values()].flat())] : [];
  const approvers = new Map((await findUsersByIds(db, orgId, approverIds)).map((user) => [user.id, user]));
  const teamIds = teams.map((team) => team.id);
  const carries = (column: 'included_active_cards' | 'included_approved_amount') =>
    teams.length > 0 && teams.every((team) => column in team);
  const [approved, activeCards] = await Promise.all([
    includes.has('approvedPurchaseRequestsAmount') && !carries('included_approved_amount')
      ? approvedAmountsByTeam(db, orgId, teamIds)
      : new Map(teams.map((team) => [team.id, Number(team.included_approved_amount ?? 0)])),
    includes.has('activeCardsCount') && !carries('included_active_cards')
      ? activeCardCounts(db, orgId, teamIds)
      : new Map(teams.map((team) => [team.id, Number(team.included_active_cards ?? 0)])),
  ]);
  return Promise.all(
    teams.map(async (team) => {
      const path = paths.get(team.id) ?? [];
      return {
        id: team.id,
        name: team.name,
        color: team.color,
        created_at: team.created_at.toISOString(),
        approval_path: path,
        ...(includes.has('usersCount') && {
          members_count: team.members_count ?? (await countMembers(db, orgId, team.id)),
        }),
        ...(includes.has('activeCardsCount') && { active_cards_count: activeCards.get(team.id) ?? 0 }),
        ...(includes.has('approvedPurchaseRequestsAmount') && { approved_request_amount: approved.get(team.id) ?? 0 }),
        ...(appends.has('approval_path_users') && {
          approval_path_users: path.flatMap((id) => {
            const user = approvers.get(id);
            return user ? [{ id: user.id, name: fullName(user), email: user.email, avatar_url: avatarUrl(user) }] : [];
          }),
        }),
      };
    }),
  );
}
