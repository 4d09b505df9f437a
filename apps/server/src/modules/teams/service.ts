import type { Expression, RawBuilder } from 'kysely';
import { TEAM_MESSAGES, type NewTeamInput } from '@wallet/contract';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import { notFound, validationFailed } from '../../http/errors.js';
import type { SortTerm } from '../../http/list-query.js';
import { findUserById, findUsersByIds, fullName, rolesOfUsers, type Actor } from '../users/service.js';
import { recordAudit, type AuditBy } from '../audit/service.js';
import type { Organization } from '../orgs/service.js';
import { canSeeTeam, teamListScope } from './policy.js';
import * as teamsRepo from './repo.js';
import {
  deleteTeamMember,
  findTeam,
  findTeamByName,
  insertTeam,
  insertTeamMembers,
  lockTeam,
  replaceApprovalPath,
  updateTeam,
} from './repo.js';

export type TeamRow = teamsRepo.TeamRow;
export type ListedTeamRow = teamsRepo.ListedTeamRow;
/** The listed team's members' ids as an array expression, for the teams list's include columns. */
export function memberIdsOfListedTeam() {
  return teamsRepo.memberIdsOfListedTeam;
}
export type TeamSort = teamsRepo.TeamSort;

// The teams module owns `teams`, `team_members` and `team_approvers`: other modules read them through these.

/** A JSON column naming one team in brief (null when none) for another module's list statement (ISSUE 19.9). */
export function teamBriefColumn(orgId: Expression<number>, teamId: Expression<number>) {
  return teamsRepo.teamBriefColumn(orgId, teamId);
}
export type TeamBriefRow = teamsRepo.TeamBriefRow;

export function findTeamsByIds(db: DbOrTx, orgId: number, ids: readonly number[]) {
  return teamsRepo.findTeamsByIds(db, orgId, ids);
}

export function memberIdsOfTeam(db: DbOrTx, orgId: number, teamId: number): Promise<number[]> {
  return teamsRepo.memberIdsOfTeam(db, orgId, teamId);
}

export function memberIdsOfTeams(db: DbOrTx, orgId: number, teamIds: readonly number[]) {
  return teamsRepo.memberIdsOfTeams(db, orgId, teamIds);
}

/** The team's approvers in path order. */
export function approvalPathOf(db: DbOrTx, orgId: number, teamId: number): Promise<number[]> {
  return teamsRepo.approvalPathOf(db, orgId, teamId);
}

export function approvalPathsOf(db: DbOrTx, orgId: number, teamIds: readonly number[]) {
  return teamsRepo.approvalPathsOf(db, orgId, teamIds);
}

/** Each user's teams (id, name, colour), by name. */
/** A JSON column of one person's teams in brief, by name, for the users list's own statement (ISSUE 19.9). */
export function teamsOfUserColumn(orgId: Expression<number>, userId: Expression<number>) {
  return teamsRepo.teamsOfUserColumn(orgId, userId);
}

export function teamsOfUsers(db: DbOrTx, orgId: number, userIds: readonly number[]) {
  return teamsRepo.teamsOfUsers(db, orgId, userIds);
}

export function countMembers(db: DbOrTx, orgId: number, teamId: number): Promise<number> {
  return teamsRepo.countMembers(db, orgId, teamId);
}

/** Teams by name search and membership, with their member counts. */
export function listTeams(
  db: DbOrTx,
  orgId: number,
  filters: { memberId?: number; search?: string },
  sort: SortTerm<TeamSort>[],
  page: { number: number; size: number },
) {
  return teamsRepo.listTeams(db, orgId, filters, sort, page);
}

/** GET /api/teams: every team for admins, a member's own teams for a member. */
export function listVisibleTeams(
  db: DbOrTx,
  orgId: number,
  actor: Actor,
  filters: { search?: string },
  sort: SortTerm<TeamSort>[],
  page: { number: number; size: number },
  /** Columns the answer reads beside each team (presenter.ts teamIncludeColumns). */
  columns: Readonly<Record<string, RawBuilder<unknown>>> = {},
) {
  return teamsRepo.listTeams(db, orgId, { ...filters, ...teamListScope(actor) }, sort, page, columns);
}

export interface NewTeam {
  name: string;
  color: string;
  members: number[];
  approvalPath: number[];
}

/** Members and approvers must be people of this organisation holding a wallet role. */
async function assertEligible(db: DbOrTx, orgId: number, userIds: readonly number[], field: string, message: string) {
  if (userIds.length === 0) return;
  const roles = await rolesOfUsers(db, orgId, userIds);
  if (userIds.some((id) => !roles.get(id)?.length)) throw validationFailed({ [field]: [message] });
}

function assertDistinct(userIds: readonly number[]) {
  if (new Set(userIds).size !== userIds.length)
    throw validationFailed({ approval_path: [TEAM_MESSAGES.approverDuplicate] });
}

async function assertNameFree(db: DbOrTx, orgId: number, name: string, exceptTeamId?: number) {
  const holder = await findTeamByName(db, orgId, name);
  if (holder && holder.id !== exceptTeamId) throw validationFailed({ name: [TEAM_MESSAGES.nameTaken] });
}

/** A team with its members and ordered approval path, inside the caller's transaction. */
export async function createTeamInTransaction(tx: Tx, orgId: number, input: NewTeam): Promise<TeamRow> {
  await assertNameFree(tx, orgId, input.name);
  assertDistinct(input.approvalPath);
  await assertEligible(tx, orgId, input.members, 'team.users', TEAM_MESSAGES.memberNotEligible);
  await assertEligible(tx, orgId, input.approvalPath, 'approval_path', TEAM_MESSAGES.approverNotEligible);
  const team = await insertTeam(tx, { org_id: orgId, name: input.name, color: input.color.toUpperCase() });
  await insertTeamMembers(tx, orgId, team.id, [...new Set(input.members)]);
  await replaceApprovalPath(tx, orgId, team.id, input.approvalPath);
  return team;
}

export function createTeam(db: Db, orgId: number, input: NewTeamInput): Promise<TeamRow> {
  return db.transaction().execute((tx) =>
    createTeamInTransaction(tx, orgId, {
      name: input.name,
      color: input.color,
      members: input.team.users,
      approvalPath: input.approval_path,
    }),
  );
}

/** Admins see every team; members only the teams they belong to (others are 404). */
export async function getTeam(db: DbOrTx, orgId: number, actor: Actor, teamId: number): Promise<TeamRow> {
  const team = await findTeam(db, orgId, teamId);
  if (!team || !(await canSeeTeam(actor, () => memberIdsOfTeam(db, orgId, teamId)))) throw notFound();
  return team;
}

async function withLockedTeam<T>(
  db: Db,
  orgId: number,
  teamId: number,
  work: (tx: Tx, team: TeamRow) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (tx) => {
    const team = await lockTeam(tx, orgId, teamId);
    if (!team) throw notFound();
    return work(tx, team);
  });
}

/**
 * What follows a changed approval path in its transaction: the team's pending requests move onto it (purchase
 * requests' onApprovalPathChanged). Passed in by the caller, as the purchase requests module reads our paths.
 */
export type ApprovalPathListener = (tx: Tx, teamId: number) => Promise<void>;

/** A change to a team's path or members: the organisation, who made it (the audit log), and what follows. */
export interface TeamChangeContext {
  organization: Organization;
  by?: AuditBy;
  onPathChanged: ApprovalPathListener;
}

/**
 * Replaces the path and, when it really changed, records who changed it from what to what (ids and names) and
 * moves the team's pending requests onto the new path, all in the caller's transaction.
 */
async function changeApprovalPath(tx: Tx, context: TeamChangeContext, team: TeamRow, path: readonly number[]) {
  const orgId = context.organization.id;
  const before = await teamsRepo.approvalPathOf(tx, orgId, team.id);
  await replaceApprovalPath(tx, orgId, team.id, path);
  if (before.length === path.length && before.every((id, index) => id === path[index])) return;
  const names = new Map(
    (await findUsersByIds(tx, orgId, [...before, ...path])).map((user) => [user.id, fullName(user)]),
  );
  const named = (ids: readonly number[]) => ids.map((id) => ({ id, name: names.get(id) ?? null }));
  await recordAudit(tx, {
    orgId,
    by: context.by,
    action: 'team.approval_path_changed',
    subject: { type: 'team', id: team.id, label: team.name },
    details: { old_path: named(before), new_path: named(path) },
  });
  await context.onPathChanged(tx, team.id);
}

export function updateTeamDetails(
  db: Db,
  context: TeamChangeContext,
  teamId: number,
  input: { name?: string; color?: string; approval_path?: number[] },
) {
  const orgId = context.organization.id;
  return withLockedTeam(db, orgId, teamId, async (tx, team) => {
    if (input.name) await assertNameFree(tx, orgId, input.name, teamId);
    if (input.approval_path) {
      assertDistinct(input.approval_path);
      await assertEligible(tx, orgId, input.approval_path, 'approval_path', TEAM_MESSAGES.approverNotEligible);
      await changeApprovalPath(tx, context, team, input.approval_path);
    }
    await updateTeam(tx, orgId, teamId, { name: input.name, color: input.color?.toUpperCase() });
  });
}

export function addTeamMembers(db: Db, orgId: number, teamId: number, userIds: readonly number[]) {
  return withLockedTeam(db, orgId, teamId, async (tx) => {
    await assertEligible(tx, orgId, userIds, 'users', TEAM_MESSAGES.memberNotEligible);
    await insertTeamMembers(tx, orgId, teamId, [...new Set(userIds)]);
  });
}

export function addTeamMember(db: Db, orgId: number, teamId: number, userId: number) {
  return withLockedTeam(db, orgId, teamId, async (tx) => {
    if (!(await findUserById(tx, orgId, userId))) throw notFound();
    await assertEligible(tx, orgId, [userId], 'user', TEAM_MESSAGES.memberNotEligible);
    await insertTeamMembers(tx, orgId, teamId, [userId]);
  });
}

/**
 * Removing a member also takes them off the approval path (the remaining approvers keep their order), and so off
 * the team's pending requests.
 */
export function removeTeamMember(db: Db, context: TeamChangeContext, teamId: number, userId: number) {
  const orgId = context.organization.id;
  return withLockedTeam(db, orgId, teamId, async (tx, team) => {
    if (!(await deleteTeamMember(tx, orgId, teamId, userId))) throw notFound();
    const path = await approvalPathOf(tx, orgId, teamId);
    if (path.includes(userId))
      await changeApprovalPath(
        tx,
        context,
        team,
        path.filter((id) => id !== userId),
      );
  });
}

/** These teams' names and colours, as one JSON array column of another module's statement. */
export function teamBriefsColumn(orgId: number, ids: readonly number[]) {
  return teamsRepo.teamBriefsColumn(orgId, ids);
}
