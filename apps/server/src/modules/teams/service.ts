import type { Tx } from '../../db/database.js';
import { approvalPathOf, insertTeam, insertTeamMembers, replaceApprovalPath } from './repo.js';

export { approvalPathOf };

export interface NewTeam { name: string; color: string; members: number[]; approvalPath: number[] }

/** A team with its members and ordered approval path, inside the caller's transaction. */
export async function createTeamInTransaction(tx: Tx, orgId: number, input: NewTeam) {
  const team = await insertTeam(tx, { org_id: orgId, name: input.name, color: input.color });
  await insertTeamMembers(tx, orgId, team.id, input.members);
  await replaceApprovalPath(tx, orgId, team.id, input.approvalPath);
  return team;
}
