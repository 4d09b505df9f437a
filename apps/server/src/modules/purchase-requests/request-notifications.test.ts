import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import type { TestClient } from '../../test/client.js';
import { decide, fileRequest, requestWorld, type RequestWorld } from './test-fixtures.js';

/** Issue 20 point 7: the bell tells the next approver a request waits for them, and the requester the outcome. */
const ctx = useTestApp();
let world: RequestWorld;

beforeAll(async () => {
  world = await requestWorld(ctx, { path: 'two' });
});

const bellOf = async (client: TestClient) =>
  (await client.get('/api/notifications')).json<{
    data: Array<{ kind: string; title: string; body: string; link: string | null }>;
    meta: { unread: number };
  }>();

describe('purchase request notifications', () => {
  it('the first approver, then the second, then the requester hear of it in their bell', async () => {
    const request = await fileRequest(world, { amount: 12_345, notes: 'Conference tickets' });
    const first = await bellOf(world.firstClient);
    expect(first.data[0]).toEqual({
      id: expect.any(Number),
      kind: 'approval_needed',
      title: 'A request waits for your approval',
      body: expect.stringMatching(/ asks for \$123\.45: Conference tickets$/),
      link: '/requests',
      created_at: expect.any(String),
      read_at: null,
    });
    expect((await bellOf(world.secondClient)).data).toEqual([]);

    const [step1, step2] = request.approvals;
    expect((await decide(world.firstClient, request.id, step1!.id, 'approved')).statusCode).toBe(200);
    expect((await bellOf(world.secondClient)).data.map((item) => item.kind)).toEqual(['approval_needed']);
    expect((await bellOf(world.memberClient)).data).toEqual([]);

    expect((await decide(world.secondClient, request.id, step2!.id, 'approved')).statusCode).toBe(200);
    const requester = await bellOf(world.memberClient);
    expect(requester.data[0]).toMatchObject({
      kind: 'request_decided',
      title: 'Request approved',
      body: 'Your request for $123.45 was approved and the money is on your card.',
      link: '/requests?tab=myRequest',
    });
    expect(requester.meta.unread).toBe(1);
  });

  it('a rejection tells the requester, with the comment', async () => {
    const request = await fileRequest(world, { amount: 500, notes: 'Snacks' });
    const response = await decide(
      world.firstClient,
      request.id,
      request.approvals[0]!.id,
      'rejected',
      'Not this month',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await bellOf(world.memberClient)).data[0]).toMatchObject({
      kind: 'request_decided',
      title: 'Request rejected',
      body: 'Your request for $5.00 was rejected. Comment: Not this month',
    });
  });
});
