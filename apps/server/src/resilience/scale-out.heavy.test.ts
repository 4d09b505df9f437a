import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@wallet/contract';
import { useTestApp } from '../test/context.js';
import { makeUser, TEST_PASSWORD } from '../test/factories.js';
import { acceptTermsInDb, activateCard, createCard, fundCard } from '../test/card-factories.js';
import { HttpClient, startServerProcess, type ServerProcess } from '../test/server-process.js';
import { requestBody, requestWorld, type RequestWorld } from '../modules/purchase-requests/test-fixtures.js';
import { ledgerIntegrity, SOUND_LEDGER } from '../modules/ledger/service.js';
import { notExactlyOnce, entryCounts } from './recorded-once.js';

/**
 * ARCHITECTURE.md D12, issue 9 point 1: two real server processes (main.ts) on one PostgreSQL database, addressed on their
 * own ports with nothing in front, share every piece of state: card holds, the organisation's funds, sessions.
 * Each recurring period funded exactly once across processes is proven by modules/recurring/two-processes.test.ts
 * (the schedule's job body, runDueFundings, racing in two node processes on one database).
 */
const ctx = useTestApp();
let world: RequestWorld;
let processes: ServerProcess[] = [];
/** An admin signed in on each process (its own session on each). */
let admins: HttpClient[] = [];

beforeAll(async () => {
  world = await requestWorld(ctx, { funds: 0, path: 'none' });
  const slug = world.host.replace(/\.localhost$/, '');
  // 127.0.0.1 is an IP address, so both processes serve DEFAULT_ORG: this file's organisation.
  const started = await Promise.allSettled(
    [0, 1].map(() => startServerProcess({ DATABASE_URL: ctx.databaseUrl, DEFAULT_ORG: slug }, { timeoutMs: 90_000 })),
  );
  processes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  admins = await Promise.all(
    processes.map((server) => new HttpClient(server.baseUrl).signIn(world.admin.email, TEST_PASSWORD)),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((server) => server.stop()));
});

/** The i-th request goes to process i mod 2. */
const adminFor = (index: number) => admins[index % admins.length]!;

async function memberCard(limit: number) {
  const member = await makeUser(ctx.db, world.organization.id, 'wallet-user');
  await acceptTermsInDb(ctx.db, member.id);
  const card = await createCard(world.adminClient, member.id);
  if (limit > 0) await fundCard(world.adminClient, card.id, limit);
  await activateCard(world.adminClient, card.id);
  return card;
}

async function topUpOverHttp(cents: number) {
  const response = await admins[0]!.post(
    '/api/topups',
    { amount: cents, description: 'Scale-out funds' },
    { 'idempotency-key': randomUUID() },
  );
  expect(response.status, response.text).toBe(201);
}

async function unallocated(): Promise<number> {
  const row = await ctx.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('org_id', '=', world.organization.id)
    .where('kind', '=', 'issuer_funds')
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

describe('two server processes on one database', () => {
  it('approve exactly 100 of 200 concurrent $10 authorisations against $1,000, spread across both', async () => {
    await topUpOverHttp(100_000);
    const card = await memberCard(100_000);
    const results = await Promise.all(
      Array.from({ length: 200 }, async (_, index) => {
        const response = await adminFor(index).post('/api/simulator/purchases', {
          card_id: card.id,
          amount: 1_000,
          capture: 'later',
        });
        return {
          status: response.status,
          process: index % 2,
          data: (response.json() as { data: { approved: boolean; decline_reason: string | null } }).data,
        };
      }),
    );
    expect(results.filter((result) => result.status !== 201)).toEqual([]);
    const approved = results.filter((result) => result.data.approved);
    expect(approved).toHaveLength(100);
    // Each process decided its half (which of them approved how many depends on timing).
    expect(results.filter((result) => result.process === 1)).toHaveLength(100);
    expect(
      new Set(results.filter((result) => !result.data.approved).map((result) => result.data.decline_reason)),
    ).toEqual(new Set(['insufficient_funds']));
    const row = await ctx.db
      .selectFrom('cards')
      .select(['spending_limit', 'holds_amount'])
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ spending_limit: 100_000, holds_amount: 100_000 });
    expect(await ledgerIntegrity(ctx.db, world.organization.id)).toEqual(SOUND_LEDGER);
  }, 60_000);

  it('card fundings and purchase-request approvals racing for limited funds never overdraw them, each acknowledged one recorded once', async () => {
    const funds = 300_000;
    await topUpOverHttp(funds);
    const fundingCards = await Promise.all(Array.from({ length: 12 }, () => memberCard(0)));
    const requestIds: number[] = [];
    for (let index = 0; index < 12; index++) {
      const response = await world.memberClient.post(
        `/api/users/${world.member.id}/purchase-requests`,
        requestBody(world, { amount: 20_000 }),
      );
      expect(response.statusCode, response.body).toBe(201);
      requestIds.push((response.json() as { data: { id: number } }).data.id);
    }
    // Demand: 12 x $250 + 12 x $200 = $5,400 against $3,000 unallocated.
    const operations = [
      ...fundingCards.map((card) => ({ kind: 'funding' as const, id: card.id, amount: 25_000, key: randomUUID() })),
      ...requestIds.map((id) => ({ kind: 'approval' as const, id, amount: 20_000, key: '' })),
    ].sort(() => Math.random() - 0.5);

    // Watch the balance on both processes while they race: it must never read below zero.
    let racing = true;
    const seen: number[] = [];
    const watcher = (async () => {
      for (let index = 0; racing; index++) {
        const response = await adminFor(index).get('/api/balance');
        if (response.status === 200) seen.push((response.json() as { data: { available: number } }).data.available);
      }
    })();
    const results = await Promise.all(
      operations.map(async (operation, index) => {
        const client = adminFor(index);
        const response =
          operation.kind === 'funding'
            ? await client.put(
                `/api/cards/${operation.id}/balance`,
                { amount: operation.amount, description: 'Race' },
                { 'idempotency-key': operation.key },
              )
            : await client.put(`/api/purchase-requests/${operation.id}/finance-approval`, {
                approving: true,
                status: 'approved',
                notes: 'Force approved by admin from purchase request dashboard.',
              });
        return {
          ...operation,
          status: response.status,
          reference:
            operation.kind === 'funding'
              ? `card-balance:${operation.id}:${operation.key}`
              : `purchase-request:${operation.id}`,
        };
      }),
    );
    racing = false;
    await watcher;

    expect(results.filter((result) => result.status !== 200 && result.status !== 409)).toEqual([]);
    const acknowledged = results.filter((result) => result.status === 200);
    const refused = results.filter((result) => result.status === 409);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((balance) => balance < 0)).toEqual([]);

    const orgId = world.organization.id;
    expect(
      await notExactlyOnce(
        ctx.db,
        orgId,
        acknowledged.map((result) => result.reference),
      ),
    ).toEqual([]);
    const refusedCounts = await entryCounts(
      ctx.db,
      orgId,
      refused.map((result) => result.reference),
    );
    expect([...refusedCounts.values()].every((count) => count === 0)).toBe(true);
    const left = await unallocated();
    expect(left).toBe(funds - acknowledged.reduce((sum, result) => sum + result.amount, 0));
    expect(left).toBeGreaterThanOrEqual(0);
    // Nothing was refused while the funds could have covered it: they only went down during the race.
    expect(refused.filter((result) => result.amount <= left)).toEqual([]);
    // The approved requests are the acknowledged ones; the refused stay pending, unfunded.
    const approvedRequests = await ctx.db
      .selectFrom('purchase_requests')
      .select('id')
      .where('id', 'in', requestIds)
      .where('transferred', 'is not', null)
      .execute();
    expect(approvedRequests.map((row) => row.id).sort()).toEqual(
      acknowledged
        .filter((result) => result.kind === 'approval')
        .map((result) => result.id)
        .sort(),
    );
    expect(await ledgerIntegrity(ctx.db, orgId)).toEqual(SOUND_LEDGER);
  }, 60_000);

  it('a session made on one process is valid on the other, and signing out on either ends it on both', async () => {
    const onA = await new HttpClient(processes[0]!.baseUrl).signIn(world.member.email, TEST_PASSWORD);
    expect(onA.cookies.get(SESSION_COOKIE)).toBeTruthy();
    const onB = new HttpClient(processes[1]!.baseUrl);
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    const me = await onB.get('/api/me');
    expect(me.status, me.text).toBe(200);
    expect((me.json() as { data: { email: string } }).data.email).toBe(world.member.email);
    // The CSRF token made on A is accepted on B (a state-changing request): sign out there.
    expect((await onB.post('/logout')).status).toBeLessThan(300);
    expect((await onA.get('/api/me')).status).toBe(401);
  }, 30_000);
});
