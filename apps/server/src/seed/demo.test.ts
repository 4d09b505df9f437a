import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/context.js';
import { approvalPathOf } from '../modules/teams/service.js';
import { DEMO_PASSWORD, DEMO_PEOPLE_WITHOUT_ROLE, DEMO_USERS, seedDemoOrganisation } from './demo.js';

const ctx = useTestApp();

describe('the demo organisation', () => {
  it('is created once with its six people and two teams with approval paths; a second run changes nothing', async () => {
    expect(await seedDemoOrganisation(ctx.db)).toBe(true);
    expect(await seedDemoOrganisation(ctx.db)).toBe(false);
    const org = await ctx.db.selectFrom('organizations').selectAll().where('slug', '=', 'demo').executeTakeFirstOrThrow();
    expect(org.name).toBe('Demo Organisation');
    const users = await ctx.db.selectFrom('users').select('email').where('org_id', '=', org.id).execute();
    expect(users.map((user) => user.email).sort()).toEqual([...DEMO_USERS, ...DEMO_PEOPLE_WITHOUT_ROLE].map((user) => user.email).sort());
    const teams = await ctx.db.selectFrom('teams').selectAll().where('org_id', '=', org.id).orderBy('name').execute();
    expect(teams.map((team) => team.name)).toEqual(['Engineering', 'Marketing']);
    for (const team of teams) expect((await approvalPathOf(ctx.db, org.id, team.id)).length).toBeGreaterThan(0);
  });

  it('lets every demo person sign in with the demo password and the role the README lists', async () => {
    await seedDemoOrganisation(ctx.db);
    for (const person of DEMO_USERS) {
      const client = await ctx.client('localhost').signIn(person.email, DEMO_PASSWORD);
      expect((await client.get('/api/me')).json().data.roles).toEqual([person.role]);
    }
  });
});
