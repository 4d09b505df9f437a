import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, TEAM_COLORS } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { addUser, setupOrg, uniqueEmail } from '../../test/helpers.js';
import { createPersonWithoutRole } from './service.js';
import { createTeam } from '../teams/service.js';

const ctx = useTestApp();

/** An organisation with people of every kind: admins, a finance admin, two wallet-users and two people without a role. */
async function populatedOrg() {
  const setup = await setupOrg(ctx);
  const orgId = setup.organization.id;
  const finance = await addUser(ctx.db, orgId, 'wallet-finance', {
    first_name: 'Fred',
    last_name: 'Finance',
    email: uniqueEmail('fred'),
  });
  const zoe = await addUser(ctx.db, orgId, 'wallet-user', {
    first_name: 'Zoe',
    last_name: 'Zimmer',
    email: uniqueEmail('zoe'),
  });
  const outsider = await createPersonWithoutRole(ctx.db, orgId, {
    first_name: 'Oscar',
    last_name: 'Outside',
    email: uniqueEmail('oscar'),
  });
  const otherOutsider = await createPersonWithoutRole(ctx.db, orgId, {
    first_name: 'Olga',
    last_name: 'Other',
    email: uniqueEmail('olga'),
  });
  return { ...setup, finance, zoe, outsider, otherOutsider };
}

const ids = (body: { data: Array<{ id: number }> }) => body.data.map((user) => user.id).sort((a, b) => a - b);
const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

describe('GET /api/users', () => {
  it('lists every person of the organisation for an admin, with list meta, and nobody from another organisation', async () => {
    const org = await populatedOrg();
    await setupOrg(ctx); // another organisation's people must not appear
    const response = await org.adminClient.get('/api/users');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(ids(body)).toEqual(
      sorted(org.admin.id, org.member.id, org.finance.id, org.zoe.id, org.outsider.id, org.otherOutsider.id),
    );
    expect(body.meta).toEqual({ total: 6, current_page: 1, per_page: 10, last_page: 1 });
    expect(body.data[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), email: expect.any(String) });
    expect(body.data[0]).not.toHaveProperty('roles');
  });

  it('filters wallet=true (any wallet role), wallet=users (wallet-users only) and role', async () => {
    const org = await populatedOrg();
    const wallet = await org.adminClient.get('/api/users?filter[wallet]=true');
    expect(ids(wallet.json())).toEqual(sorted(org.admin.id, org.member.id, org.finance.id, org.zoe.id));
    expect(wallet.json().meta.total).toBe(4);
    const walletUsers = await org.adminClient.get('/api/users?filter[wallet]=users');
    expect(ids(walletUsers.json())).toEqual(sorted(org.member.id, org.zoe.id));
    const finance = await org.adminClient.get('/api/users?filter[role]=wallet-finance,super-admin');
    expect(ids(finance.json())).toEqual(sorted(org.admin.id, org.finance.id));
  });

  it('custom_search_not_wallet finds people without a wallet role by name or email', async () => {
    const org = await populatedOrg();
    const byName = await org.adminClient.get('/api/users?filter[custom_search_not_wallet]=oscar');
    expect(ids(byName.json())).toEqual([org.outsider.id]);
    const byEmail = await org.adminClient.get(
      `/api/users?filter[custom_search_not_wallet]=${encodeURIComponent(org.otherOutsider.email)}`,
    );
    expect(ids(byEmail.json())).toEqual([org.otherOutsider.id]);
    const fullName = await org.adminClient.get('/api/users?filter[custom_search_not_wallet]=Olga%20Other');
    expect(ids(fullName.json())).toEqual([org.otherOutsider.id]);
    // Wallet holders never appear, however well they match.
    const walletPerson = await org.adminClient.get('/api/users?filter[custom_search_not_wallet]=Zoe');
    expect(walletPerson.json().data).toEqual([]);
    const everyone = await org.adminClient.get('/api/users?filter[custom_search_not_wallet]=');
    expect(ids(everyone.json())).toEqual(sorted(org.outsider.id, org.otherOutsider.id));
  });

  it('search matches name or email; LIKE wildcards are taken literally', async () => {
    const org = await populatedOrg();
    expect(ids((await org.adminClient.get('/api/users?filter[search]=zimm')).json())).toEqual([org.zoe.id]);
    expect(
      ids((await org.adminClient.get(`/api/users?filter[search]=${org.finance.email.slice(0, 9)}`)).json()),
    ).toEqual([org.finance.id]);
    expect((await org.adminClient.get('/api/users?filter[search]=%25')).json().data).toEqual([]);
  });

  it("members_of_team lists that team's members; another organisation's team yields nobody", async () => {
    const org = await populatedOrg();
    const team = await createTeam(ctx.db, org.organization.id, {
      name: 'Ops',
      color: TEAM_COLORS[0],
      team: { users: [org.member.id, org.zoe.id] },
      approval_path: [],
    });
    const members = await org.adminClient.get(`/api/users?filter[members_of_team]=${team.id}`);
    expect(ids(members.json())).toEqual(sorted(org.member.id, org.zoe.id));
    const other = await setupOrg(ctx);
    const foreignTeam = await createTeam(ctx.db, other.organization.id, {
      name: 'Ops',
      color: TEAM_COLORS[0],
      team: { users: [other.member.id] },
      approval_path: [],
    });
    const foreign = await org.adminClient.get(`/api/users?filter[members_of_team]=${foreignTeam.id}`);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().data).toEqual([]);
  });

  it('includes teams, roles and cards when asked', async () => {
    const org = await populatedOrg();
    const team = await createTeam(ctx.db, org.organization.id, {
      name: 'Design',
      color: TEAM_COLORS[2],
      team: { users: [org.zoe.id] },
      approval_path: [],
    });
    const response = await org.adminClient.get(`/api/users?include=teams,roles,cards&filter[search]=${org.zoe.email}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      expect.objectContaining({
        id: org.zoe.id,
        roles: ['wallet-user'],
        teams: [{ id: team.id, name: 'Design', color: TEAM_COLORS[2] }],
        cards: [],
      }),
    ]);
  });

  it('answers only the fields asked for with fields[users]', async () => {
    const org = await populatedOrg();
    const response = await org.adminClient.get('/api/users?fields[users]=id,name&filter[wallet]=users&include=roles');
    expect(response.statusCode).toBe(200);
    for (const user of response.json().data) expect(Object.keys(user).sort()).toEqual(['id', 'name']);
    const unknown = await org.adminClient.get('/api/users?fields[users]=id,password_hash');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('password_hash');
  });

  it('sorts by name, -name, email and created_at', async () => {
    const org = await populatedOrg();
    const names = async (sort: string) =>
      (await org.adminClient.get(`/api/users?sort=${sort}&fields[users]=name`))
        .json()
        .data.map((user: { name: string }) => user.name);
    await addUser(ctx.db, org.organization.id, 'wallet-user', {
      first_name: 'bea',
      last_name: 'lowercase',
      email: uniqueEmail('Bea'),
    });
    const byName = await names('name');
    // Case doesn't decide the order: 'bea' sits between 'Ada' and 'Fred'.
    expect(byName).toEqual([
      'Ada Admin',
      'bea lowercase',
      'Fred Finance',
      'Mia Member',
      'Olga Other',
      'Oscar Outside',
      'Zoe Zimmer',
    ]);
    expect(await names('-name')).toEqual([...byName].reverse());
    const emails = (await org.adminClient.get('/api/users?sort=email'))
      .json()
      .data.map((user: { email: string }) => user.email);
    expect(emails).toEqual([...emails].sort((a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    const created = (await org.adminClient.get('/api/users?sort=-created_at'))
      .json()
      .data.map((user: { created_at: string }) => user.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('pages with page[number] and page[size] and reports total and last page', async () => {
    const org = await populatedOrg();
    const first = (await org.adminClient.get('/api/users?page[size]=4&page[number]=1&sort=name')).json();
    const second = (await org.adminClient.get('/api/users?page[size]=4&page[number]=2&sort=name')).json();
    expect(first.data).toHaveLength(4);
    expect(second.data).toHaveLength(2);
    expect(first.meta).toEqual({ total: 6, current_page: 1, per_page: 4, last_page: 2 });
    expect(second.meta).toEqual({ total: 6, current_page: 2, per_page: 4, last_page: 2 });
    expect(new Set([...first.data, ...second.data].map((user: { id: number }) => user.id)).size).toBe(6);
    const largest = await org.adminClient.get(`/api/users?page[size]=${MAX_PAGE_SIZE}`);
    expect(largest.statusCode).toBe(200);
  });

  it('answers 422 per parameter for a page size above 200, a bad page number or a bad filter value', async () => {
    const org = await populatedOrg();
    const tooLarge = await org.adminClient.get(`/api/users?page[size]=${MAX_PAGE_SIZE + 1}`);
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().errors).toEqual({ 'page.size': ['The page size may not be greater than 200.'] });
    const bad = await org.adminClient.get('/api/users?page[number]=0&filter[wallet]=maybe&filter[members_of_team]=abc');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['filter.members_of_team', 'filter.wallet', 'page.number']);
    expect(bad.json().errors['filter.wallet']).toEqual(["The wallet filter must be 'true' or 'users'."]);
  });

  it('answers 400 naming an unknown filter, sort or include', async () => {
    const org = await populatedOrg();
    for (const [query, name] of [
      ['filter[colour]=red', 'colour'],
      ['sort=-password_hash', 'password_hash'],
      ['include=teams,secrets', 'secrets'],
      ['shoe=1', 'shoe'],
    ]) {
      const response = await org.adminClient.get(`/api/users?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toContain(name);
    }
  });

  it('shows a member only themselves, whatever the filter', async () => {
    const org = await populatedOrg();
    const all = await org.memberClient.get('/api/users?include=roles');
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toEqual([expect.objectContaining({ id: org.member.id, roles: ['wallet-user'] })]);
    expect(all.json().meta.total).toBe(1);
    expect((await org.memberClient.get('/api/users?filter[custom_search_not_wallet]=o')).json().data).toEqual([]);
    expect((await org.memberClient.get('/api/users?filter[search]=zoe')).json().data).toEqual([]);
  });

  it('answers 401 when signed out and 404 on an unknown organisation', async () => {
    const org = await populatedOrg();
    const response = await org.anonymous.get('/api/users');
    expect(response.statusCode).toBe(401);
    expect((await ctx.client('no-such-org.localhost').get('/api/users')).statusCode).toBe(404);
  });
});
