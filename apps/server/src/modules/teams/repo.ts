import { sql, type Expression, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { SortTerm } from '../../http/list-query.js';
import { pageWithTotal } from '../../db/page-with-total.js';
import { validationFailed } from '../../http/errors.js';
import { TEAM_MESSAGES } from '@wallet/contract';
import { onPage } from '../../db/paging.js';

export interface TeamRow {
  id: number;
  org_id: number;
  name: string;
  color: string;
  created_at: Date;
}
/** A listed team; with the answer's columns, its approval path (in order) and its members' ids. */
export type ListedTeamRow = TeamRow & {
  members_count: number;
  approval_path?: number[];
  /** Other modules' columns the list was asked for (teamIncludeColumns), as PostgreSQL answered them. */
  included_active_cards?: string;
  included_approved_amount?: string;
};

/** The listed team's members' ids, as an array expression for other modules' columns (teamIncludeColumns). */
export const memberIdsOfListedTeam = sql<
  number[]
>`array(select m.user_id from team_members m where m.team_id = teams.id)`;
export type TeamSort = 'name' | 'created_at' | 'members_count';

const teamColumns = ['teams.id', 'teams.org_id', 'teams.name', 'teams.color', 'teams.created_at'] as const;

/** Two requests for the same new name at once both pass the check; the unique index answers the second with the same 422. */
function nameTakenOnConflict(error: unknown): never {
  if (
    (error as { code?: string; constraint?: string }).code === '23505' &&
    (error as { constraint?: string }).constraint === 'teams_org_name'
  ) {
    throw validationFailed({ name: [TEAM_MESSAGES.nameTaken] });
  }
  throw error;
}

export function insertTeam(db: DbOrTx, values: { org_id: number; name: string; color: string }): Promise<TeamRow> {
  return db
    .insertInto('teams')
    .values(values)
    .returning(['id', 'org_id', 'name', 'color', 'created_at'])
    .executeTakeFirstOrThrow()
    .catch(nameTakenOnConflict);
}

export function findTeam(db: DbOrTx, orgId: number, teamId: number): Promise<TeamRow | undefined> {
  return db
    .selectFrom('teams')
    .select(teamColumns)
    .where('org_id', '=', orgId)
    .where('id', '=', teamId)
    .executeTakeFirst();
}

/** The team row locked, so concurrent edits of its members and path apply one after the other. */
export function lockTeam(db: DbOrTx, orgId: number, teamId: number): Promise<TeamRow | undefined> {
  return db
    .selectFrom('teams')
    .select(teamColumns)
    .where('org_id', '=', orgId)
    .where('id', '=', teamId)
    .forUpdate()
    .executeTakeFirst();
}

export function findTeamByName(db: DbOrTx, orgId: number, name: string) {
  return db
    .selectFrom('teams')
    .select(['id'])
    .where('org_id', '=', orgId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

export async function updateTeam(db: DbOrTx, orgId: number, teamId: number, values: { name?: string; color?: string }) {
  if (Object.keys(values).length === 0) return;
  await db
    .updateTable('teams')
    .set({ ...values, updated_at: new Date() })
    .where('org_id', '=', orgId)
    .where('id', '=', teamId)
    .execute()
    .catch(nameTakenOnConflict);
}

export async function listTeams(
  db: DbOrTx,
  orgId: number,
  filters: { memberId?: number; search?: string },
  sort: SortTerm<TeamSort>[],
  page: { number: number; size: number },
  /** The list's answer columns (its approval path) and these; undefined for the plain rows. */
  answerColumns?: Readonly<Record<string, RawBuilder<unknown>>>,
): Promise<{ rows: ListedTeamRow[]; total: number }> {
  let base = db.selectFrom('teams').where('teams.org_id', '=', orgId);
  if (filters.memberId !== undefined) {
    const memberId = filters.memberId;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('team_members')
          .select(sql`1`.as('one'))
          .whereRef('team_members.team_id', '=', 'teams.id')
          .where('team_members.user_id', '=', memberId),
      ),
    );
  }
  if (filters.search)
    base = base.where('teams.name', 'ilike', `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const count = base.select((eb) => eb.fn.countAll<number>().as('total'));
  let query = base.select([
    ...teamColumns,
    (eb) =>
      eb
        .selectFrom('team_members')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('team_members.team_id', '=', 'teams.id')
        .as('members_count'),
    // The answer's approval path in this statement, not one more.
    sql<string[] | null>`case when ${answerColumns !== undefined} then array(select a.user_id from team_approvers a
      where a.team_id = teams.id order by a.position) end`.as('listed_approval_path'),
    ...Object.entries(answerColumns ?? {}).map(([name, column]) => column.as(name)),
  ]);
  for (const term of sort) {
    if (term.column === 'members_count') query = query.orderBy('members_count', term.direction);
    // As people read names, whatever the database's collation.
    else if (term.column === 'name') query = query.orderBy(sql`lower(teams.name)`, term.direction);
    else query = query.orderBy(`teams.${term.column}`, term.direction);
  }
  const { rows, total } = await pageWithTotal(
    db,
    count,
    query.orderBy('teams.id').$call((query) => onPage(query, page)),
  );
  return {
    rows: rows.map(({ listed_approval_path: path, ...row }) => ({
      ...(row as TeamRow & Partial<ListedTeamRow>),
      members_count: Number(row.members_count),
      ...(path ? { approval_path: (path as string[]).map(Number) } : {}),
    })),
    total,
  };
}

export async function countMembers(db: DbOrTx, orgId: number, teamId: number): Promise<number> {
  const row = await db
    .selectFrom('team_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .where('team_id', '=', teamId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertTeamMembers(
  db: DbOrTx,
  orgId: number,
  teamId: number,
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('team_members')
    .values(userIds.map((userId) => ({ org_id: orgId, team_id: teamId, user_id: userId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function deleteTeamMember(db: DbOrTx, orgId: number, teamId: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('team_members')
    .where('org_id', '=', orgId)
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function memberIdsOfTeam(db: DbOrTx, orgId: number, teamId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('team_members')
    .select('user_id')
    .where('org_id', '=', orgId)
    .where('team_id', '=', teamId)
    .execute();
  return rows.map((row) => row.user_id);
}

/** The member ids of each of `teamIds`, in one statement (the teams list's active card counts). */
export async function memberIdsOfTeams(
  db: DbOrTx,
  orgId: number,
  teamIds: readonly number[],
): Promise<Map<number, number[]>> {
  const members = new Map<number, number[]>(teamIds.map((id) => [id, []]));
  if (teamIds.length === 0) return members;
  const rows = await db
    .selectFrom('team_members')
    .select(['team_id', 'user_id'])
    .where('org_id', '=', orgId)
    .where('team_id', 'in', teamIds)
    .execute();
  for (const row of rows) members.get(row.team_id)?.push(row.user_id);
  return members;
}

/** Replaces the ordered approval path of a team (position 0 decides first). */
export async function replaceApprovalPath(
  db: DbOrTx,
  orgId: number,
  teamId: number,
  userIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('team_approvers').where('org_id', '=', orgId).where('team_id', '=', teamId).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('team_approvers')
    .values(userIds.map((userId, position) => ({ org_id: orgId, team_id: teamId, user_id: userId, position })))
    .execute();
}

export async function approvalPathOf(db: DbOrTx, orgId: number, teamId: number): Promise<number[]> {
  return (await approvalPathsOf(db, orgId, [teamId])).get(teamId) ?? [];
}

export async function approvalPathsOf(
  db: DbOrTx,
  orgId: number,
  teamIds: readonly number[],
): Promise<Map<number, number[]>> {
  const paths = new Map<number, number[]>();
  if (teamIds.length === 0) return paths;
  const rows = await db
    .selectFrom('team_approvers')
    .select(['team_id', 'user_id'])
    .where('org_id', '=', orgId)
    .where('team_id', 'in', teamIds)
    .orderBy('team_id')
    .orderBy('position')
    .execute();
  for (const row of rows) paths.set(row.team_id, [...(paths.get(row.team_id) ?? []), row.user_id]);
  return paths;
}

/** A JSON column of one person's teams in brief, by name (the users list's include=teams), for a list's statement. */
export function teamsOfUserColumn(
  orgId: Expression<number>,
  userId: Expression<number>,
): RawBuilder<Array<{ id: number; name: string; color: string }>> {
  return sql<Array<{ id: number; name: string; color: string }>>`coalesce((select json_agg(json_build_object('id', t.id,
    'name', t.name, 'color', t.color) order by t.name) from team_members m join teams t on t.id = m.team_id
    where m.org_id = ${orgId} and m.user_id = ${userId}), '[]'::json)`;
}

export async function teamsOfUsers(db: DbOrTx, orgId: number, userIds: readonly number[]) {
  const teams = new Map<number, Array<{ id: number; name: string; color: string }>>();
  if (userIds.length === 0) return teams;
  const rows = await db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(['team_members.user_id', 'teams.id', 'teams.name', 'teams.color'])
    .where('team_members.org_id', '=', orgId)
    .where('team_members.user_id', 'in', userIds)
    .orderBy('teams.name')
    .execute();
  for (const row of rows)
    teams.set(row.user_id, [...(teams.get(row.user_id) ?? []), { id: row.id, name: row.name, color: row.color }]);
  return teams;
}

export function findTeamsByIds(db: DbOrTx, orgId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('teams')
    .select(['id', 'name', 'color'])
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .execute();
}

/** A team in brief as read by another module's statement (teamBriefColumn). */
export interface TeamBriefRow {
  id: number;
  name: string;
  color: string;
}

/** A JSON column naming one team of the organisation (null when there is none), for a list's own statement. */
export function teamBriefColumn(
  orgId: Expression<number>,
  teamId: Expression<number>,
): RawBuilder<TeamBriefRow | null> {
  return sql<TeamBriefRow | null>`(select json_build_object('id', t.id, 'name', t.name, 'color', t.color)
    from teams t where t.org_id = ${orgId} and t.id = ${teamId})`;
}

/** These teams' names and colours as a JSON array column, for a statement reading several modules' names at once. */
export function teamBriefsColumn(orgId: number, ids: readonly number[]): RawBuilder<TeamBriefRow[]> {
  return sql`(select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color)), '[]')
    from teams t where t.org_id = ${orgId} and t.id = any(${ids}::bigint[]))`;
}
