import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { fileRequest, force, requestWorld, type RequestWorld } from '../purchase-requests/test-fixtures.js';

/**
 * The teams list reads each team's approval path, its members' active cards and its funded requests' total in its
 * page's statement (issue 19.9); a team's own answer reads them apart. Both must say the same.
 */
const ctx = useTestApp();
let world: RequestWorld;
let funded: number;

beforeAll(async () => {
  world = await requestWorld(ctx);
  const request = await fileRequest(world, { amount: 4_200 });
  expect((await force(world.adminClient, request.id, 'approved')).statusCode).toBe(200);
  funded = 4_200;
});

describe('GET /api/teams', () => {
  it("counts each team's active cards and funded total as the team's own answer does", async () => {
    const include = 'include=usersCount,activeCardsCount,approvedPurchaseRequestsAmount';
    const listed = (await world.adminClient.get(`/api/teams?${include}`)).json().data as Array<{
      id: number;
      approval_path: number[];
    }>;
    const team = listed.find((row) => row.id === world.team.id);
    expect(team).toMatchObject({ active_cards_count: 1, approved_request_amount: funded });
    expect(team?.approval_path).toHaveLength(2);
    for (const row of listed) {
      const own = (await world.adminClient.get(`/api/teams/${row.id}?${include}`)).json().data;
      expect(row).toEqual(own);
    }
  });
});
