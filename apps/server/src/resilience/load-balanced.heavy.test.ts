import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/context.js';
import { makeUser, TEST_PASSWORD } from '../test/factories.js';
import { acceptTermsInDb, activateCard, createCard, fundCard } from '../test/card-factories.js';
import { HttpClient, startServerProcess, type ServerProcess } from '../test/server-process.js';
import { requestWorld, type RequestWorld } from '../modules/purchase-requests/test-fixtures.js';
import { ledgerIntegrity, SOUND_LEDGER } from '../modules/ledger/service.js';
import { startHaproxy, startPgBouncer, type Haproxy, type PgBouncer, type ServerState } from './load-balancer.js';

/**
 * Issue 19 points 5 and 6, OPERATIONS.md "Scaling out": three server processes behind HAProxy (deploy/haproxy.cfg),
 * each with DATABASE_URL through PgBouncer in transaction pooling mode (deploy/pgbouncer.ini) and
 * DATABASE_DIRECT_URL to PostgreSQL for migrations and the job queue. Sessions hold on every process, concurrent
 * purchases never overspend, and a process restarted under load costs no request.
 */
const ctx = useTestApp();
let world: RequestWorld;
let pgbouncer: PgBouncer;
let haproxy: Haproxy;
const processes: ServerProcess[] = [];
let admin: HttpClient;
let environment: { DATABASE_URL: string } & Record<string, string>;

const hostPort = (server: ServerProcess) => new URL(server.baseUrl).host;

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const serverState = async (name: string): Promise<ServerState> =>
  (await haproxy.servers()).find((server) => server.name === name)!;

beforeAll(async () => {
  world = await requestWorld(ctx, { funds: 0, path: 'none' });
  pgbouncer = await startPgBouncer(ctx.databaseUrl);
  environment = {
    DATABASE_URL: pgbouncer.url,
    DATABASE_DIRECT_URL: ctx.databaseUrl,
    // 127.0.0.1 is an IP address, so every process serves DEFAULT_ORG: this file's organisation.
    DEFAULT_ORG: world.host.replace(/\.localhost$/, ''),
    TRUST_PROXY: '1',
    SHUTDOWN_DRAIN_SECONDS: '3',
  };
  for (let index = 0; index < 3; index++) processes.push(await startServerProcess(environment, { timeoutMs: 90_000 }));
  haproxy = await startHaproxy(processes.map(hostPort));
  await until(
    async () => (await haproxy.servers()).every((server) => server.status === 'UP'),
    'HAProxy sees all three processes up',
  );
  admin = await new HttpClient(haproxy.baseUrl).signIn(world.admin.email, TEST_PASSWORD);
}, 150_000);

afterAll(async () => {
  await haproxy?.stop();
  await Promise.all(processes.map((server) => server.stop()));
  await pgbouncer?.stop();
});

async function memberCard(limitCents: number) {
  const member = await makeUser(ctx.db, world.organization.id, 'wallet-user');
  await acceptTermsInDb(ctx.db, member.id);
  const card = await createCard(world.adminClient, member.id);
  await fundCard(world.adminClient, card.id, limitCents);
  await activateCard(world.adminClient, card.id);
  return card;
}

async function topUp(cents: number) {
  const response = await admin.post(
    '/api/topups',
    { amount: cents, description: 'Load-balanced funds' },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(response.status, response.text).toBe(201);
}

const purchase = (cardId: number, cents: number) =>
  admin.post('/api/simulator/purchases', { card_id: cardId, amount: cents, capture: 'later' });

const holdsOf = async (cardId: number) =>
  (await ctx.db.selectFrom('cards').select('holds_amount').where('id', '=', cardId).executeTakeFirstOrThrow())
    .holds_amount;

describe('three processes behind HAProxy, PgBouncer in transaction pooling mode', () => {
  it('a session made through the load balancer is valid on every process', async () => {
    const mine = await admin.get('/api/me');
    expect(mine.status).toBe(200);
    for (const server of processes) {
      const direct = new HttpClient(server.baseUrl);
      for (const [name, value] of admin.cookies) direct.cookies.set(name, value);
      const response = await direct.get('/api/me');
      expect(response.status, `${server.baseUrl}: ${response.text}`).toBe(200);
      expect(response.json()).toEqual(mine.json());
    }
  });

  it("a client's own X-Forwarded-Host and X-Forwarded-Proto never reach the processes", async () => {
    // Another organisation's slug as the forwarded host: were it believed, the session would be of the wrong one.
    const response = await fetch(`${haproxy.baseUrl}/api/me`, {
      headers: {
        accept: 'application/json',
        cookie: [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-forwarded-host': 'someone-else.localhost',
        'x-forwarded-proto': 'https',
      },
    });
    expect(response.status).toBe(200);
    // Plain HTTP all the way: the session cookie set on this answer (if any) is not marked Secure by a claimed https.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('200 concurrent $10 purchases against $1,000: exactly 100 approved, spread over all three, through PgBouncer', async () => {
    await topUp(100_000);
    const card = await memberCard(100_000);
    const before = await haproxy.servers();
    const results = await Promise.all(Array.from({ length: 200 }, () => purchase(card.id, 1_000)));
    expect(results.filter((result) => result.status !== 201).map((result) => result.text)).toEqual([]);
    const approved = results.filter((result) => (result.json() as { data: { approved: boolean } }).data.approved);
    expect(approved).toHaveLength(100);
    expect(await holdsOf(card.id)).toBe(100_000);
    expect(await ledgerIntegrity(ctx.db, world.organization.id)).toEqual(SOUND_LEDGER);

    const after = await haproxy.servers();
    for (const server of after) {
      const sent = server.sent - before.find((earlier) => earlier.name === server.name)!.sent;
      expect(sent, `${server.name} got its share`).toBeGreaterThan(20);
    }
    // 3 processes x a pool of 20 share PgBouncer's 20 server connections, one transaction at a time.
    const pool = await pgbouncer.pool();
    expect(pool.pool_mode).toBe('transaction');
    expect(pool.sv_active + pool.sv_idle).toBeGreaterThan(0);
    expect(pool.sv_active + pool.sv_idle).toBeLessThanOrEqual(20);
  }, 90_000);

  it('a process restarted under load (SIGTERM, drain, start again): no request fails, no purchase is lost', async () => {
    await topUp(1_000_000);
    const card = await memberCard(1_000_000);
    let loading = true;
    const failures: string[] = [];
    let answered = 0;
    let approvedCents = 0;
    const worker = async (index: number) => {
      for (let round = 0; loading; round++) {
        try {
          if ((index + round) % 2 === 0) {
            const response = await admin.get('/api/cards?page[size]=10');
            if (response.status !== 200) failures.push(`GET ${response.status} ${response.text.slice(0, 200)}`);
          } else {
            const response = await purchase(card.id, 100);
            if (response.status !== 201) failures.push(`POST ${response.status} ${response.text.slice(0, 200)}`);
            else if ((response.json() as { data: { approved: boolean } }).data.approved) approvedCents += 100;
          }
          answered += 1;
        } catch (error) {
          failures.push(`network: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, index) => worker(index)));
    try {
      await until(async () => answered >= 50, 'the load runs');
      const leaving = processes[1]!;
      const port = Number(new URL(leaving.baseUrl).port);
      await leaving.stop();
      expect(leaving.output()).toContain('not ready, still serving for 3 s');
      await until(async () => (await serverState('app2')).status.startsWith('DOWN'), 'HAProxy sees app2 down');
      const answeredWhileDown = answered;
      processes[1] = await startServerProcess(environment, { timeoutMs: 90_000, port });
      await until(async () => (await serverState('app2')).status === 'UP', 'HAProxy sees app2 up again');
      const sentToNew = (await serverState('app2')).sent;
      await until(async () => (await serverState('app2')).sent > sentToNew + 10, 'the new app2 gets requests');
      expect(answered).toBeGreaterThan(answeredWhileDown);
    } finally {
      loading = false;
      await load;
    }
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(100);
    expect(await holdsOf(card.id)).toBe(approvedCents);
    expect(await ledgerIntegrity(ctx.db, world.organization.id)).toEqual(SOUND_LEDGER);
  }, 150_000);
});
