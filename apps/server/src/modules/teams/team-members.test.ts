import { describe, expect, it } from 'vitest';
import { TEAM_COLORS, TEAM_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { addUser, setupOrg, uniqueEmail } from '../../test/helpers.js';
import { createPersonWithoutRole } from '../users/service.js';
import { approvalPathOf, createTeam, memberIdsOfTeam } from './service.js';

const ctx = useTestApp();

/** A team of three with all three on its approval path, plus a foreign organisation with a team of its own. */
async function teamWithPath() {
  const org = await setupOrg(ctx);
  const orgId = org.organization.id;
  const [a, b, c] = await Promise.all(
    ['Ann', 'Ben', 'Cat'].map((first_name) =>
      addUser(ctx.db, orgId, 'wallet-user', { first_name, email: uniqueEmail(first_name) }),
    ),
  );
  const team = await createTeam(ctx.db, orgId, {
    name: 'Crew',
    color: TEAM_COLORS[5],
    team: { users: [a!.id, b!.id, c!.id] },
    approval_path: [a!.id, b!.id, c!.id],
  });
  const other = await setupOrg(ctx);
  const foreign = await createTeam(ctx.db, other.organization.id, {
    name: 'Foreign',
    color: TEAM_COLORS[0],
    team: { users: [other.member.id] },
    approval_path: [other.member.id],
  });
  return { ...org, a: a!, b: b!, c: c!, team, other, foreign };
}

const pathUsers = async (
  client: { get(url: string): Promise<{ json(): { data: { approval_path_users: Array<{ id: number }> } } }> },
  teamId: number,
) =>
  (await client.get(`/api/teams/${teamId}?include=usersCount&append=approval_path_users`))
    .json()
    .data.approval_path_users.map((user) => user.id);

describe('PUT /api/teams/{id}', () => {
  it('reorders the approval path and the new order persists', async () => {
    const org = await teamWithPath();
    const response = await org.adminClient.put(`/api/teams/${org.team.id}`, {
      approval_path: [org.c.id, org.a.id, org.b.id],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.approval_path).toEqual([org.c.id, org.a.id, org.b.id]);
    expect(await pathUsers(org.adminClient, org.team.id)).toEqual([org.c.id, org.a.id, org.b.id]);
    // Shorten it, then add an admin who is not a member.
    await org.adminClient.put(`/api/teams/${org.team.id}`, { approval_path: [org.b.id] });
    expect(await pathUsers(org.adminClient, org.team.id)).toEqual([org.b.id]);
    await org.adminClient.put(`/api/teams/${org.team.id}`, { approval_path: [org.admin.id, org.b.id] });
    expect(await approvalPathOf(ctx.db, org.organization.id, org.team.id)).toEqual([org.admin.id, org.b.id]);
    await org.adminClient.put(`/api/teams/${org.team.id}`, { approval_path: [] });
    expect(await approvalPathOf(ctx.db, org.organization.id, org.team.id)).toEqual([]);
  });

  it('renames and recolours; a taken name or an off-palette colour is 422', async () => {
    const org = await teamWithPath();
    await createTeam(ctx.db, org.organization.id, {
      name: 'Taken',
      color: TEAM_COLORS[0],
      team: { users: [] },
      approval_path: [],
    });
    const renamed = await org.adminClient.put(`/api/teams/${org.team.id}`, { name: 'Crew Two', color: TEAM_COLORS[7] });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Crew Two', color: TEAM_COLORS[7] });
    const taken = await org.adminClient.put(`/api/teams/${org.team.id}`, { name: 'TAKEN' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: [TEAM_MESSAGES.nameTaken] });
    // Its own name in another case is fine.
    expect((await org.adminClient.put(`/api/teams/${org.team.id}`, { name: 'crew two' })).statusCode).toBe(200);
    const colour = await org.adminClient.put(`/api/teams/${org.team.id}`, { color: '#000000' });
    expect(colour.json().errors).toEqual({ color: [TEAM_MESSAGES.colorInvalid] });
  });

  it("refuses duplicates, people without a wallet role and other organisations' people; the path is unchanged", async () => {
    const org = await teamWithPath();
    const outsider = await createPersonWithoutRole(ctx.db, org.organization.id, {
      email: uniqueEmail('o'),
      first_name: 'O',
      last_name: 'S',
    });
    const cases: Array<[unknown, string]> = [
      [[org.a.id, org.a.id], TEAM_MESSAGES.approverDuplicate],
      [[org.b.id, outsider.id], TEAM_MESSAGES.approverNotEligible],
      [[org.b.id, org.other.admin.id], TEAM_MESSAGES.approverNotEligible],
      ['first', TEAM_MESSAGES.approverNotEligible],
    ];
    for (const [approval_path, message] of cases) {
      const response = await org.adminClient.put(`/api/teams/${org.team.id}`, { approval_path });
      expect(response.statusCode, JSON.stringify(approval_path)).toBe(422);
      expect(response.json().errors.approval_path ?? Object.values(response.json().errors)[0]).toEqual([message]);
    }
    const ids = await org.adminClient.put(`/api/teams/${org.team.id}`, { approval_path: [0, -1] });
    expect(ids.statusCode).toBe(422);
    expect(await approvalPathOf(ctx.db, org.organization.id, org.team.id)).toEqual([org.a.id, org.b.id, org.c.id]);
  });

  it('is admin-only (403), hides other organisations (404) and needs a session (401)', async () => {
    const org = await teamWithPath();
    expect((await org.memberClient.put(`/api/teams/${org.team.id}`, { approval_path: [org.c.id] })).statusCode).toBe(
      403,
    );
    expect((await org.adminClient.put(`/api/teams/${org.foreign.id}`, { approval_path: [] })).statusCode).toBe(404);
    expect((await org.anonymous.put(`/api/teams/${org.team.id}`, { approval_path: [] })).statusCode).toBe(401);
    expect(await approvalPathOf(ctx.db, org.organization.id, org.team.id)).toEqual([org.a.id, org.b.id, org.c.id]);
    expect(await approvalPathOf(ctx.db, org.other.organization.id, org.foreign.id)).toEqual([org.other.member.id]);
  });
});

describe('PUT /api/teams/{id}/users/{userId}', () => {
  it('adds a member (idempotently)', async () => {
    const org = await teamWithPath();
    const response = await org.adminClient.put(`/api/teams/${org.team.id}/users/${org.member.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.members_count).toBe(4);
    expect(
      (await org.adminClient.put(`/api/teams/${org.team.id}/users/${org.member.id}`)).json().data.members_count,
    ).toBe(4);
    expect((await memberIdsOfTeam(ctx.db, org.organization.id, org.team.id)).includes(org.member.id)).toBe(true);
  });

  it("refuses a person without a wallet role (422), other organisations' people and teams (404), members (403) and signed-out (401)", async () => {
    const org = await teamWithPath();
    const outsider = await createPersonWithoutRole(ctx.db, org.organization.id, {
      email: uniqueEmail('o'),
      first_name: 'O',
      last_name: 'S',
    });
    const noRole = await org.adminClient.put(`/api/teams/${org.team.id}/users/${outsider.id}`);
    expect(noRole.statusCode).toBe(422);
    expect(Object.values(noRole.json().errors)).toEqual([[TEAM_MESSAGES.memberNotEligible]]);
    expect((await org.adminClient.put(`/api/teams/${org.team.id}/users/${org.other.member.id}`)).statusCode).toBe(404);
    expect((await org.adminClient.put(`/api/teams/${org.foreign.id}/users/${org.member.id}`)).statusCode).toBe(404);
    expect((await org.memberClient.put(`/api/teams/${org.team.id}/users/${org.member.id}`)).statusCode).toBe(403);
    expect((await org.anonymous.put(`/api/teams/${org.team.id}/users/${org.member.id}`)).statusCode).toBe(401);
    expect((await org.adminClient.put(`/api/teams/${org.team.id}/users/abc`)).statusCode).toBe(422);
    expect(await memberIdsOfTeam(ctx.db, org.organization.id, org.team.id)).toHaveLength(3);
  });
});

describe('DELETE /api/teams/{id}/users/{userId}', () => {
  it('removes the member and takes them off the approval path; the others keep their order', async () => {
    const org = await teamWithPath();
    const response = await org.adminClient.delete(`/api/teams/${org.team.id}/users/${org.b.id}`);
    expect(response.statusCode).toBe(204);
    expect((await memberIdsOfTeam(ctx.db, org.organization.id, org.team.id)).sort()).toEqual(
      [org.a.id, org.c.id].sort(),
    );
    expect(await pathUsers(org.adminClient, org.team.id)).toEqual([org.a.id, org.c.id]);
    const team = (await org.adminClient.get(`/api/teams/${org.team.id}?include=usersCount`)).json().data;
    expect(team.members_count).toBe(2);
    // Removing someone not on the path leaves the path alone.
    await org.adminClient.put(`/api/teams/${org.team.id}`, { approval_path: [org.c.id] });
    expect((await org.adminClient.delete(`/api/teams/${org.team.id}/users/${org.a.id}`)).statusCode).toBe(204);
    expect(await approvalPathOf(ctx.db, org.organization.id, org.team.id)).toEqual([org.c.id]);
  });

  it("answers 404 for someone who is not a member, another organisation's team; 403 for members; 401 signed out", async () => {
    const org = await teamWithPath();
    expect((await org.adminClient.delete(`/api/teams/${org.team.id}/users/${org.member.id}`)).statusCode).toBe(404);
    expect((await org.adminClient.delete(`/api/teams/${org.foreign.id}/users/${org.other.member.id}`)).statusCode).toBe(
      404,
    );
    expect((await org.memberClient.delete(`/api/teams/${org.team.id}/users/${org.a.id}`)).statusCode).toBe(403);
    expect((await org.anonymous.delete(`/api/teams/${org.team.id}/users/${org.a.id}`)).statusCode).toBe(401);
    expect(await memberIdsOfTeam(ctx.db, org.organization.id, org.team.id)).toHaveLength(3);
    expect(await approvalPathOf(ctx.db, org.organization.id, org.team.id)).toEqual([org.a.id, org.b.id, org.c.id]);
    expect(await memberIdsOfTeam(ctx.db, org.other.organization.id, org.foreign.id)).toEqual([org.other.member.id]);
  });
});
