import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_EVENT_KINDS, LIVE_EVENTS_PATH } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import type { TestClient } from '../../test/client.js';
import { requestWorld, type RequestWorld } from '../purchase-requests/test-fixtures.js';
import { LiveHub, payloadsOf, type LiveEvent } from './hub.js';

/**
 * Issue 20 point 8: GET /api/events streams what changed for the signed-in user, whichever server process published
 * it (a second LiveHub on the same database stands in for another process; the heavy scale-out test uses real ones).
 */
/** Long enough for every test's events, short enough to watch a stream end. */
const STREAM_SECONDS = 8;
const ctx = useTestApp({ LIVE_STREAM_SECONDS: String(STREAM_SECONDS) });
let world: RequestWorld;
let otherAdmin: TestClient;
let otherOrgId: number;
/** Another process's hub on the same database. */
let elsewhere: LiveHub;
let port: number;

beforeAll(async () => {
  world = await requestWorld(ctx, { funds: 0, path: 'none' });
  const other = await makeOrganization(ctx.db);
  otherOrgId = other.organization.id;
  otherAdmin = await ctx.client(other.host).signIn(other.admin.email, TEST_PASSWORD);
  elsewhere = new LiveHub(ctx.db, ctx.databaseUrl);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await elsewhere.close();
});

interface Stream {
  status: number;
  contentType: string;
  /** Resolves with the data of the next event of this kind not yet taken (received already, or to come). */
  next(kind: string, timeoutMs?: number): Promise<unknown>;
  /** Every event received so far. */
  received(): Array<{ kind: string; data: unknown }>;
  ended: Promise<void>;
  close(): void;
}

/** An EventSource stand-in over a real socket (light-my-request cannot stream), with the client's Host and cookies. */
function openStream(client: TestClient, host: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: LIVE_EVENTS_PATH,
        headers: {
          host,
          accept: 'text/event-stream',
          cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        },
      },
      (response) => {
        const events: Array<{ kind: string; data: unknown }> = [];
        const taken = new Set<number>();
        const waiting: Array<{ kind: string; resolve: (data: unknown) => void }> = [];
        let buffer = '';
        let connected!: () => void;
        const ready = new Promise<void>((done) => (connected = done));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          if (buffer.includes(': connected')) connected();
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const kind = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (!kind || data === undefined) continue;
            const event = { kind, data: JSON.parse(data) as unknown };
            events.push(event);
            const index = waiting.findIndex((waiter) => waiter.kind === kind);
            if (index >= 0) {
              taken.add(events.length - 1);
              waiting.splice(index, 1)[0]!.resolve(event.data);
            }
          }
        });
        const ended = new Promise<void>((done) => response.on('end', done));
        const stream: Stream = {
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type']),
          received: () => events,
          ended,
          close: () => request.destroy(),
          next: (kind, timeoutMs = 5_000) =>
            new Promise((resolveEvent, rejectEvent) => {
              const early = events.findIndex((event, index) => event.kind === kind && !taken.has(index));
              if (early >= 0) {
                taken.add(early);
                resolveEvent(events[early]!.data);
                return;
              }
              const timer = setTimeout(
                () => rejectEvent(new Error(`no ${kind} event within ${timeoutMs} ms`)),
                timeoutMs,
              );
              waiting.push({
                kind,
                resolve: (data) => {
                  clearTimeout(timer);
                  resolveEvent(data);
                },
              });
            }),
        };
        if (response.statusCode !== 200) resolve(stream);
        else void ready.then(() => resolve(stream));
      },
    );
    request.on('error', reject);
  });
}

const cardActivity = (orgId: number, audience: LiveEvent['audience'], cardId: number): LiveEvent => ({
  orgId,
  audience,
  kind: LIVE_EVENT_KINDS.cardActivity,
  data: { card_id: cardId },
});

describe('GET /api/events', () => {
  it('signed out: 401, no stream', async () => {
    const response = await ctx.client(world.host).get(LIVE_EVENTS_PATH);
    expect(response.statusCode).toBe(401);
  });

  it("delivers another process's events to the admins and the users they name, in their organisation only", async () => {
    const [admin, member, otherOrgAdmin] = await Promise.all([
      openStream(world.adminClient, world.host),
      openStream(world.memberClient, world.host),
      openStream(otherAdmin, `${otherAdmin.host}`),
    ]);
    expect(admin.status).toBe(200);
    expect(admin.contentType).toBe('text/event-stream; charset=utf-8');
    const orgId = world.organization.id;

    // For the admins only: the member hears nothing of it.
    elsewhere.publish(cardActivity(orgId, { userIds: [], admins: true }, 11));
    expect(await admin.next(LIVE_EVENT_KINDS.cardActivity)).toEqual({ card_id: 11 });
    // For the cardholder and the admins.
    elsewhere.publish(cardActivity(orgId, { userIds: [world.member.id], admins: true }, 12));
    expect(await member.next(LIVE_EVENT_KINDS.cardActivity)).toEqual({ card_id: 12 });
    expect(await admin.next(LIVE_EVENT_KINDS.cardActivity)).toEqual({ card_id: 12 });
    expect(member.received()).toEqual([{ kind: LIVE_EVENT_KINDS.cardActivity, data: { card_id: 12 } }]);
    // The other organisation's admin heard none of it, and hears its own.
    elsewhere.publish(cardActivity(otherOrgId, { userIds: [], admins: true }, 13));
    expect(await otherOrgAdmin.next(LIVE_EVENT_KINDS.cardActivity)).toEqual({ card_id: 13 });
    expect(otherOrgAdmin.received()).toHaveLength(1);
    for (const stream of [admin, member, otherOrgAdmin]) stream.close();
  });

  it("a top-up reaches the admins' open apps at once, not the members'", async () => {
    const [admin, member] = await Promise.all([
      openStream(world.adminClient, world.host),
      openStream(world.memberClient, world.host),
    ]);
    const funded = admin.next(LIVE_EVENT_KINDS.balanceChanged, 2_000);
    const response = await world.adminClient.post(
      '/api/topups',
      { amount: 5_000, description: 'Live' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(await funded).toEqual({});
    expect(member.received()).toEqual([]);
    admin.close();
    member.close();
  });

  it("a purchase on a member's card reaches that member and the admins, no other member", async () => {
    const otherMember = await makeUser(ctx.db, world.organization.id, 'wallet-user');
    const otherClient = await ctx.client(world.host).signIn(otherMember.email, TEST_PASSWORD);
    const [admin, holder, other] = await Promise.all([
      openStream(world.adminClient, world.host),
      openStream(world.memberClient, world.host),
      openStream(otherClient, world.host),
    ]);
    const heardByHolder = holder.next(LIVE_EVENT_KINDS.cardActivity, 2_000);
    const heardByAdmin = admin.next(LIVE_EVENT_KINDS.cardActivity, 2_000);
    const response = await world.adminClient.post('/api/simulator/purchases', {
      card_id: world.card.id,
      amount: 1_000,
      capture: 'later',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await heardByHolder).toEqual({ card_id: world.card.id });
    expect(await heardByAdmin).toEqual({ card_id: world.card.id });
    expect(other.received()).toEqual([]);
    for (const stream of [admin, holder, other]) stream.close();
  });

  it("funding a card notifies its holder (the bell and the stream) and refreshes the admins' funds", async () => {
    await world.adminClient.post(
      '/api/topups',
      { amount: 10_000, description: 'For the card' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    const [admin, holder] = await Promise.all([
      openStream(world.adminClient, world.host),
      openStream(world.memberClient, world.host),
    ]);
    const notified = holder.next(LIVE_EVENT_KINDS.notificationCreated, 2_000);
    const cardSeen = holder.next(LIVE_EVENT_KINDS.cardActivity, 2_000);
    const fundsSeen = admin.next(LIVE_EVENT_KINDS.balanceChanged, 2_000);
    const response = await world.adminClient.put(
      `/api/cards/${world.card.id}/balance`,
      { amount: 2_500, description: 'Books' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { notification_id } = (await notified) as { notification_id: number };
    expect(await cardSeen).toEqual({ card_id: world.card.id });
    expect(await fundsSeen).toEqual({});
    const bell = (await world.memberClient.get('/api/notifications')).json<{
      data: Array<{ id: number; kind: string; title: string; body: string; link: string }>;
      meta: { unread: number };
    }>();
    expect(bell.data[0]).toMatchObject({
      id: notification_id,
      kind: 'card_funded',
      title: 'Card funded',
      body: expect.stringMatching(/^\$25\.00 was added to your card •••• \d{4}; its limit is now \$25\.00\.$/),
      link: `/cards/${world.card.id}`,
    });
    expect(bell.meta.unread).toBe(1);
    // Nothing for the admin who did it: the notification is the holder's.
    expect(admin.received().map((event) => event.kind)).not.toContain(LIVE_EVENT_KINDS.notificationCreated);
    admin.close();
    holder.close();
  });

  it('a burst of events goes out as few notifications and all arrive in order', async () => {
    const admin = await openStream(world.adminClient, world.host);
    for (let card = 1; card <= 300; card++)
      elsewhere.publish(cardActivity(world.organization.id, { userIds: [], admins: true }, card));
    await expect.poll(() => admin.received().length, { timeout: 6_000 }).toBe(300);
    expect(admin.received().map((event) => (event.data as { card_id: number }).card_id)).toEqual(
      Array.from({ length: 300 }, (_, index) => index + 1),
    );
    admin.close();
  });

  it(
    'a stream ends after LIVE_STREAM_SECONDS, so the browser reconnects and its session is checked again',
    { timeout: 20_000 },
    async () => {
      const started = Date.now();
      const admin = await openStream(world.adminClient, world.host);
      await admin.ended;
      expect(Date.now() - started).toBeGreaterThanOrEqual(STREAM_SECONDS * 1000 - 100);
    },
  );
});

describe('payloadsOf', () => {
  it('splits events into NOTIFY payloads under 8,000 bytes, each a JSON array, none lost', () => {
    const events = Array.from({ length: 500 }, (_, index) =>
      cardActivity(1, { userIds: [index], admins: true }, index),
    );
    const payloads = payloadsOf(events);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    expect(payloads.flatMap((payload) => JSON.parse(payload) as LiveEvent[])).toEqual(events);
  });
});
