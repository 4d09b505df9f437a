import { describe, expect, it } from 'vitest';
import { TEAM_COLORS, TEAM_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { addUser, countRows, setupOrg, uniqueEmail } from '../../test/helpers.js';
import { createPersonWithoutRole } from '../users/service.js';
import { createTeam } from './service.js';

const ctx = useTestApp();

async function orgWithPeople() {
  const org = await setupOrg(ctx);
  const orgId = org.organization.id;
  const [alice, bob, carol] = await Promise.all(
    ['Alice', 'Bob', 'Carol'].map((first_name) =>
      addUser(ctx.db, orgId, 'wallet-user', { first_name, last_name: 'Smith', email: uniqueEmail(first_name) }),
    ),
  );
  const finance = await addUser(ctx.db, orgId, 'wallet-finance', { first_name: 'Fin', last_name: 'Ance' });
  return { ...org, alice: alice!, bob: bob!, carol: carol!, finance };
}

function makeTeam(
  orgId: number,
  name: string,
  users: number[] = [],
  path: number[] = [],
  color: string = TEAM_COLORS[0],
) {
  return createTeam(ctx.db, orgId, { name, color, team: { users }, approval_path: path });
}

describe('GET /api/teams', () => {
  it("lists the organisation's teams with the counts asked for, sorted and paged", async () => {
    const org = await orgWithPeople();
    const id = org.organization.id;
    const alpha = await makeTeam(id, 'Alpha', [org.alice.id, org.bob.id, org.carol.id]);
    const beta = await makeTeam(id, 'Beta', [org.alice.id]);
    const gamma = await makeTeam(id, 'Gamma', []);
    const other = await setupOrg(ctx);
    await makeTeam(other.organization.id, 'Alpha Elsewhere');

    const response = await org.adminClient.get(
      '/api/teams?include=usersCount,activeCardsCount,approvedPurchaseRequestsAmount&sort=name',
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((team: { id: number }) => team.id)).toEqual([alpha.id, beta.id, gamma.id]);
    expect(body.data[0]).toMatchObject({
      name: 'Alpha',
      color: TEAM_COLORS[0],
      members_count: 3,
      active_cards_count: 0,
      approved_request_amount: 0,
      approval_path: [],
    });
    expect(body.meta).toEqual({ total: 3, current_page: 1, per_page: 10, last_page: 1 });

    const plain = (await org.adminClient.get('/api/teams')).json().data[0];
    expect(plain).not.toHaveProperty('members_count');

    await makeTeam(id, 'bravo');
    const byName = (await org.adminClient.get('/api/teams?sort=-name'))
      .json()
      .data.map((team: { name: string }) => team.name);
    expect(byName).toEqual(['Gamma', 'bravo', 'Beta', 'Alpha']);
    const byMembers = (await org.adminClient.get('/api/teams?sort=-members_count&include=usersCount'))
      .json()
      .data.map((team: { members_count: number }) => team.members_count);
    expect(byMembers).toEqual([3, 1, 0, 0]);

    const page2 = (await org.adminClient.get('/api/teams?page[size]=3&page[number]=2&sort=name')).json();
    expect(page2.data.map((team: { name: string }) => team.name)).toEqual(['Gamma']);
    expect(page2.meta).toEqual({ total: 4, current_page: 2, per_page: 3, last_page: 2 });
  });

  it('shows a member only the teams they belong to', async () => {
    const org = await orgWithPeople();
    const mine = await makeTeam(org.organization.id, 'Mine', [org.member.id]);
    await makeTeam(org.organization.id, 'Not mine', [org.alice.id]);
    const response = await org.memberClient.get('/api/teams');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((team: { id: number }) => team.id)).toEqual([mine.id]);
    expect(response.json().meta.total).toBe(1);
  });

  it('answers 422 for a bad page, 400 naming an unknown sort, include or filter, and 401 signed out', async () => {
    const org = await orgWithPeople();
    const bad = await org.adminClient.get('/api/teams?page[size]=500');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty(['page.size']);
    for (const [query, name] of [
      ['sort=budget', 'budget'],
      ['include=cards', 'cards'],
      ['filter[owner]=1', 'owner'],
      ['append=secrets', 'secrets'],
    ]) {
      const response = await org.adminClient.get(`/api/teams?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toContain(name);
    }
    expect((await org.anonymous.get('/api/teams')).statusCode).toBe(401);
  });
});

describe('GET /api/teams/{id}', () => {
  it('shows a team with its member count and the approval path users in order', async () => {
    const org = await orgWithPeople();
    const team = await makeTeam(
      org.organization.id,
      'Path',
      [org.alice.id, org.bob.id],
      [org.carol.id, org.finance.id, org.alice.id],
    );
    const response = await org.adminClient.get(`/api/teams/${team.id}?include=usersCount&append=approval_path_users`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      id: team.id,
      name: 'Path',
      members_count: 2,
      approval_path: [org.carol.id, org.finance.id, org.alice.id],
    });
    expect(data.approval_path_users.map((user: { id: number; name: string }) => [user.id, user.name])).toEqual([
      [org.carol.id, 'Carol Smith'],
      [org.finance.id, 'Fin Ance'],
      [org.alice.id, 'Alice Smith'],
    ]);
  });

  it('lets a member see their own team only (404 otherwise); other organisations 404; signed out 401', async () => {
    const org = await orgWithPeople();
    const mine = await makeTeam(org.organization.id, 'Mine', [org.member.id]);
    const notMine = await makeTeam(org.organization.id, 'Theirs', [org.alice.id]);
    const other = await setupOrg(ctx);
    const foreign = await makeTeam(other.organization.id, 'Foreign');
    expect((await org.memberClient.get(`/api/teams/${mine.id}`)).statusCode).toBe(200);
    expect((await org.memberClient.get(`/api/teams/${notMine.id}`)).statusCode).toBe(404);
    expect((await org.adminClient.get(`/api/teams/${foreign.id}`)).statusCode).toBe(404);
    expect((await org.anonymous.get(`/api/teams/${mine.id}`)).statusCode).toBe(401);
    expect((await org.adminClient.get('/api/teams/abc')).statusCode).toBe(422);
  });
});

describe('POST /api/teams', () => {
  it('creates a team with members and an ordered approval path; then POST /api/teams/{id}/users adds more', async () => {
    const org = await orgWithPeople();
    const response = await org.adminClient.post('/api/teams', {
      name: 'Marketing',
      color: TEAM_COLORS[4].toLowerCase(),
      team: { users: [org.alice.id, org.bob.id] },
      approval_path: [org.finance.id, org.bob.id],
    });
    expect(response.statusCode).toBe(201);
    const team = response.json().data;
    expect(team).toMatchObject({
      name: 'Marketing',
      color: TEAM_COLORS[4],
      members_count: 2,
      approval_path: [org.finance.id, org.bob.id],
    });

    const added = await org.adminClient.post(`/api/teams/${team.id}/users`, { users: [org.carol.id, org.alice.id] });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.members_count).toBe(3);
    const members = await org.adminClient.get(`/api/users?filter[members_of_team]=${team.id}`);
    expect(
      members
        .json()
        .data.map((user: { id: number }) => user.id)
        .sort(),
    ).toEqual([org.alice.id, org.bob.id, org.carol.id].sort());
  });

  it('refuses a taken name (any case), an off-palette colour, and bad approvers with 422; nothing is written', async () => {
    const org = await orgWithPeople();
    const other = await setupOrg(ctx);
    await makeTeam(org.organization.id, 'Sales');
    const outsider = await createPersonWithoutRole(ctx.db, org.organization.id, {
      email: uniqueEmail('out'),
      first_name: 'Out',
      last_name: 'Sider',
    });
    const teams = await countRows(ctx.db, 'teams', org.organization.id);
    const members = await countRows(ctx.db, 'team_members', org.organization.id);
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ name: ' sales ', color: TEAM_COLORS[1] }, { name: [TEAM_MESSAGES.nameTaken] }],
      [{ name: 'New', color: '#123456' }, { color: [TEAM_MESSAGES.colorInvalid] }],
      [
        { name: '', color: 'red' },
        { name: [TEAM_MESSAGES.nameRequired], color: [TEAM_MESSAGES.colorInvalid] },
      ],
      [
        { name: 'New', color: TEAM_COLORS[1], approval_path: [outsider.id] },
        { approval_path: [TEAM_MESSAGES.approverNotEligible] },
      ],
      [
        { name: 'New', color: TEAM_COLORS[1], approval_path: [other.admin.id] },
        { approval_path: [TEAM_MESSAGES.approverNotEligible] },
      ],
      [
        { name: 'New', color: TEAM_COLORS[1], approval_path: [org.alice.id, org.bob.id, org.alice.id] },
        { approval_path: [TEAM_MESSAGES.approverDuplicate] },
      ],
      [
        { name: 'New', color: TEAM_COLORS[1], team: { users: [org.alice.id, other.member.id] } },
        { 'team.users': [TEAM_MESSAGES.memberNotEligible] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await org.adminClient.post('/api/teams', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    expect(await countRows(ctx.db, 'teams', org.organization.id)).toBe(teams);
    expect(await countRows(ctx.db, 'team_members', org.organization.id)).toBe(members);
    // The same name is free in another organisation.
    expect((await other.adminClient.post('/api/teams', { name: 'Sales', color: TEAM_COLORS[1] })).statusCode).toBe(201);
  });

  it('answers a double-submitted form once: the second request gets the same 422 on name, not a server error', async () => {
    const org = await orgWithPeople();
    const body = { name: 'Twice', color: TEAM_COLORS[2] };
    const responses = await Promise.all([
      org.adminClient.post('/api/teams', body),
      org.adminClient.post('/api/teams', body),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 422]);
    expect(responses.find((response) => response.statusCode === 422)!.json().errors).toEqual({
      name: [TEAM_MESSAGES.nameTaken],
    });
  });

  it('is admin-only (403) and needs a session (401)', async () => {
    const org = await orgWithPeople();
    const teams = await countRows(ctx.db, 'teams', org.organization.id);
    expect((await org.memberClient.post('/api/teams', { name: 'Rogue', color: TEAM_COLORS[0] })).statusCode).toBe(403);
    expect((await org.anonymous.post('/api/teams', { name: 'Rogue', color: TEAM_COLORS[0] })).statusCode).toBe(401);
    expect(await countRows(ctx.db, 'teams', org.organization.id)).toBe(teams);
  });
});

describe('POST /api/teams/{id}/users', () => {
  it('validates the users (422), is admin-only (403), hides other organisations (404) and needs a session (401)', async () => {
    const org = await orgWithPeople();
    const other = await setupOrg(ctx);
    const team = await makeTeam(org.organization.id, 'Team');
    const foreign = await makeTeam(other.organization.id, 'Foreign');
    const empty = await org.adminClient.post(`/api/teams/${team.id}/users`, { users: [] });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['users']);
    const foreigner = await org.adminClient.post(`/api/teams/${team.id}/users`, {
      users: [org.alice.id, other.member.id],
    });
    expect(foreigner.statusCode).toBe(422);
    expect(foreigner.json().errors).toEqual({ users: [TEAM_MESSAGES.memberNotEligible] });
    expect((await org.memberClient.post(`/api/teams/${team.id}/users`, { users: [org.member.id] })).statusCode).toBe(
      403,
    );
    expect((await org.adminClient.post(`/api/teams/${foreign.id}/users`, { users: [org.alice.id] })).statusCode).toBe(
      404,
    );
    expect((await org.anonymous.post(`/api/teams/${team.id}/users`, { users: [org.alice.id] })).statusCode).toBe(401);
    expect(await countRows(ctx.db, 'team_members', org.organization.id)).toBe(0);
    expect(await countRows(ctx.db, 'team_members', other.organization.id)).toBe(0);
  });
});
