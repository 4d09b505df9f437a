import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { fileRequest, requestWorld, type RequestWorld } from './test-fixtures.js';

/**
 * The requests list reads each request's requester, card and team in brief in its page's statement (issue 19.9); a
 * request's own answer reads them apart. Both must say the same, the requester's avatar URL included.
 */
const ctx = useTestApp();
let world: RequestWorld;

beforeAll(async () => {
  world = await requestWorld(ctx);
  await ctx.db
    .updateTable('users')
    .set({ avatar_path: 'avatars/member.png', updated_at: new Date('2026-05-04T03:02:01.123Z') })
    .where('id', '=', world.member.id)
    .execute();
  await fileRequest(world, { notes: 'First' });
  await fileRequest(world, { notes: 'Second' });
});

describe('GET /api/purchase-requests', () => {
  it("names each request's requester, card and team as the request's own answer does", async () => {
    const include = 'include=user,card,team,walletCategory,recurringPurchaseRequest';
    const listed = (await world.adminClient.get(`/api/purchase-requests?${include}`)).json().data as Array<{
      id: number;
    }>;
    expect(listed).toHaveLength(2);
    for (const request of listed) {
      const own = (await world.adminClient.get(`/api/purchase-requests/${request.id}?${include}`)).json().data;
      expect(request).toEqual(own);
      expect(own).toMatchObject({
        user: {
          id: world.member.id,
          name: 'Mia Member',
          avatar_url: `/users/${world.member.id}/avatar?v=1777863721123`,
        },
        card: { id: world.card.id },
        team: { id: world.team.id },
      });
    }
  });
});
