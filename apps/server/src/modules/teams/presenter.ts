import type { TeamResource } from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import { activeCardCountsOfUsers } from '../cards/service.js';
import { approvedAmountsByTeam } from '../purchase-requests/service.js';
import { avatarUrl } from '../users/presenter.js';
import { findUsersByIds, fullName } from '../users/service.js';
import { approvalPathsOf, countMembers, memberIdsOfTeams, type ListedTeamRow, type TeamRow } from './service.js';

/**
 * Team resources. Active cards are those of the team's members; the approved amount is what its requests funded. A
 * team read by the list (ListedTeamRow) carries its approval path and member ids; others have them read here.
 */
async function activeCardCounts(
  db: DbOrTx,
  orgId: number,
  teams: ReadonlyArray<TeamRow & Partial<ListedTeamRow>>,
): Promise<Map<number, number>> {
  const listed = teams.every((team) => team.member_ids);
  const members = listed
    ? new Map(teams.map((team) => [team.id, team.member_ids ?? []]))
    : await memberIdsOfTeams(
        db,
        orgId,
        teams.map((team) => team.id),
      );
  const active = await activeCardCountsOfUsers(db, orgId, [...new Set([...members.values()].flat())]);
  return new Map(
    [...members].map(([teamId, userIds]) => [
      teamId,
      userIds.reduce((sum: number, userId: number) => sum + (active.get(userId) ?? 0), 0),
    ]),
  );
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
  const [approved, activeCards] = await Promise.all([
    includes.has('approvedPurchaseRequestsAmount')
      ? approvedAmountsByTeam(db, orgId, teamIds)
      : new Map<number, number>(),
    includes.has('activeCardsCount') ? activeCardCounts(db, orgId, teams) : new Map<number, number>(),
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
