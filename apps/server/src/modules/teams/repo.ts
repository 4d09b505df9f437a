import type { DbOrTx } from '../../db/database.js';

export interface TeamRow { id: number; org_id: number; name: string; color: string }

export function insertTeam(db: DbOrTx, values: { org_id: number; name: string; color: string }): Promise<TeamRow> {
  return db.insertInto('teams').values(values).returning(['id', 'org_id', 'name', 'color']).executeTakeFirstOrThrow();
}

export async function insertTeamMembers(db: DbOrTx, orgId: number, teamId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('team_members')
    .values(userIds.map((userId) => ({ org_id: orgId, team_id: teamId, user_id: userId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Replaces the ordered approval path of a team. */
export async function replaceApprovalPath(db: DbOrTx, orgId: number, teamId: number, userIds: readonly number[]): Promise<void> {
  await db.deleteFrom('team_approvers').where('org_id', '=', orgId).where('team_id', '=', teamId).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('team_approvers')
    .values(userIds.map((userId, position) => ({ org_id: orgId, team_id: teamId, user_id: userId, position })))
    .execute();
}

export async function approvalPathOf(db: DbOrTx, orgId: number, teamId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('team_approvers')
    .select('user_id')
    .where('org_id', '=', orgId)
    .where('team_id', '=', teamId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.user_id);
}
