import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { requestWorld, type RequestWorld } from '../purchase-requests/test-fixtures.js';

/**
 * The users list reads each person's roles and teams in its page's statement (issue 19.9); a person's own answer
 * reads them apart. Both must say the same, teams by name.
 */
const ctx = useTestApp();
let world: RequestWorld;

beforeAll(async () => {
  world = await requestWorld(ctx);
  const orgId = world.organization.id;
  const another = await ctx.db
    .insertInto('teams')
    .values({ org_id: orgId, name: 'Aardvarks', color: '#112233' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('team_members')
    .values({ org_id: orgId, team_id: another.id, user_id: world.member.id })
    .execute();
});

describe('GET /api/users', () => {
  it("answers each person's roles and teams as their own answer does", async () => {
    const include = 'include=teams,roles';
    const listed = (await world.adminClient.get(`/api/users?filter[wallet]=true&${include}`)).json().data as Array<{
      id: number;
      teams: Array<{ name: string }>;
    }>;
    const member = listed.find((user) => user.id === world.member.id);
    expect(member?.teams.map((team) => team.name)[0]).toBe('Aardvarks');
    expect(member?.teams).toHaveLength(2);
    for (const user of listed) {
      const own = (await world.adminClient.get(`/api/users/${user.id}?${include}`)).json().data;
      expect(user).toEqual(own);
    }
  });
});
