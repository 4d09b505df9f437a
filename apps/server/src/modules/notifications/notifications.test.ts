import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXTS } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import type { TestClient } from '../../test/client.js';
import { notify, type Notice } from './service.js';

/** Issue 20 point 7: the notification centre's API, always the signed-in person's own notifications. */
const ctx = useTestApp();
let orgId: number;
let host: string;
let member: { id: number; email: string };
let admin: { id: number; email: string };
let memberClient: TestClient;
let adminClient: TestClient;
let otherHost: string;

const notice = (userId: number, title: string): Notice => ({
  orgId,
  userId,
  kind: 'card_funded',
  title,
  body: `${title}: $25.00 was added to •••• 4242.`,
  link: '/my-cards',
});

beforeAll(async () => {
  const made = await makeOrganization(ctx.db);
  orgId = made.organization.id;
  host = made.host;
  admin = made.admin;
  member = await makeUser(ctx.db, orgId, 'wallet-user');
  memberClient = await ctx.client(host).signIn(member.email, TEST_PASSWORD);
  adminClient = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
  otherHost = (await makeOrganization(ctx.db)).host;
  await notify(
    ctx.db,
    Array.from({ length: 12 }, (_, index) => notice(member.id, `Card funded ${index + 1}`)),
  );
  await notify(ctx.db, [notice(admin.id, "The admin's own")]);
});

const unreadOf = async (client: TestClient) =>
  (await client.get('/api/notifications')).json<{ meta: { unread: number } }>().meta.unread;

describe('GET /api/notifications', () => {
  it("lists the signed-in person's notifications newest first, paged, with the unread count", async () => {
    const response = await memberClient.get('/api/notifications?page[size]=5&page[number]=3');
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      data: Array<{ title: string; read_at: string | null; link: string }>;
      meta: object;
    }>();
    expect(body.data.map((item) => item.title)).toEqual(['Card funded 2', 'Card funded 1']);
    expect(body.data[0]).toMatchObject({ kind: 'card_funded', link: '/my-cards', read_at: null });
    expect(body.meta).toEqual({ total: 12, current_page: 3, per_page: 5, last_page: 3, unread: 12 });
  });

  it("never shows anyone else's: an admin sees only their own", async () => {
    const body = (await adminClient.get('/api/notifications')).json<{ data: Array<{ title: string }> }>();
    expect(body.data.map((item) => item.title)).toEqual(["The admin's own"]);
  });

  it('signed out, or with a session of another organisation: 401', async () => {
    expect((await ctx.client(host).get('/api/notifications')).statusCode).toBe(401);
    const elsewhere = ctx.client(otherHost);
    for (const [name, value] of memberClient.cookies) elsewhere.cookies.set(name, value);
    expect((await elsewhere.get('/api/notifications')).statusCode).toBe(401);
  });
});

describe('POST /api/notifications/read', () => {
  it('marks the given ones read and answers how many stay unread; ids of others are left alone', async () => {
    const mine = (await memberClient.get('/api/notifications?page[size]=2')).json<{ data: Array<{ id: number }> }>();
    const theirs = (await adminClient.get('/api/notifications')).json<{ data: Array<{ id: number }> }>();
    const response = await memberClient.post('/api/notifications/read', {
      ids: [...mine.data.map((item) => item.id), theirs.data[0]!.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { unread: 10 }, message: NOTIFICATION_TEXTS.marked });
    expect(await unreadOf(adminClient)).toBe(1);
    const first = (await memberClient.get('/api/notifications?page[size]=1')).json<{
      data: Array<{ read_at: string | null }>;
    }>();
    expect(first.data[0]!.read_at).toEqual(expect.any(String));
  });

  it('marks all of mine read', async () => {
    const response = await memberClient.post('/api/notifications/read', { all: true });
    expect(response.json()).toMatchObject({ data: { unread: 0 } });
    expect(await unreadOf(adminClient)).toBe(1);
  });

  it('refuses a body that is neither ids nor all with a 422, marking nothing', async () => {
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { all: false }, { ids: [1], all: true }]) {
      const response = await adminClient.post('/api/notifications/read', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await unreadOf(adminClient)).toBe(1);
  });

  it('signed out: 401', async () => {
    expect((await ctx.client(host).post('/api/notifications/read', { all: true })).statusCode).toBe(401);
  });
});
