import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { acceptTermsInDb, activateCard, createCard, fundCard, topUp } from '../../test/card-factories.js';
import { HttpClient, startServerProcess, type ServerProcess } from '../../test/server-process.js';
import type { TestClient } from '../../test/client.js';
import { ledgerIntegrity, SOUND_LEDGER } from '../ledger/service.js';

/**
 * ARCHITECTURE.md D12: two server processes on one database. This file's app runs in-process (inject); a second, real
 * server process (main.ts) shares its database and serves the same organisation over HTTP.
 */
const ctx = useTestApp();
const slug = `org-${randomBytes(4).toString('hex')}`;
let second: ServerProcess;
let org: Awaited<ReturnType<typeof makeOrganization>>;
let admin: TestClient;

beforeAll(async () => {
  org = await makeOrganization(ctx.db, slug);
  admin = await ctx.client(org.host).signIn(org.admin.email, TEST_PASSWORD);
  await topUp(admin, 10_000_000);
  // 127.0.0.1 is an IP address, so the second process serves DEFAULT_ORG: this file's organisation.
  second = await startServerProcess({ DATABASE_URL: ctx.databaseUrl, DEFAULT_ORG: slug });
}, 60_000);

afterAll(async () => {
  await second?.stop();
});

async function fundedCard(limit: number) {
  const member = await makeUser(ctx.db, org.organization.id, 'wallet-user');
  await acceptTermsInDb(ctx.db, member.id);
  const card = await createCard(admin, member.id);
  await fundCard(admin, card.id, limit);
  await activateCard(admin, card.id);
  return card;
}

describe('two server processes on one database', () => {
  it('approve exactly 100 of 200 parallel $10 purchases against $1,000, spread across both', async () => {
    const card = await fundedCard(100_000);
    const remote = await new HttpClient(second.baseUrl).signIn(org.admin.email, TEST_PASSWORD);
    const body = { card_id: card.id, amount: 1_000, capture: 'later' };
    const results = await Promise.all(
      Array.from({ length: 200 }, async (_, index) => {
        if (index % 2 === 0) {
          const response = await admin.post('/api/simulator/purchases', body);
          return {
            where: 'in-process',
            status: response.statusCode,
            data: response.json().data as { approved: boolean; decline_reason: string | null },
          };
        }
        const response = await remote.post('/api/simulator/purchases', body);
        return {
          where: 'second',
          status: response.status,
          data: (response.json() as { data: { approved: boolean; decline_reason: string | null } }).data,
        };
      }),
    );
    expect(results.filter((result) => result.status !== 201)).toEqual([]);
    const approved = results.filter((result) => result.data.approved);
    expect(approved).toHaveLength(100);
    expect(
      new Set(results.filter((result) => !result.data.approved).map((result) => result.data.decline_reason)),
    ).toEqual(new Set(['insufficient_funds']));
    expect(results.filter((result) => result.where === 'second')).toHaveLength(100);

    const row = await ctx.db
      .selectFrom('cards')
      .select(['spending_limit', 'holds_amount'])
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ spending_limit: 100_000, holds_amount: 100_000 });
    const pending = await ctx.db
      .selectFrom('authorization_holds')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('card_id', '=', card.id)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(Number(pending.total)).toBe(100_000);
    expect(await ledgerIntegrity(ctx.db, org.organization.id)).toEqual(SOUND_LEDGER);
  }, 30_000);

  it('a session made on one process is valid on the other, and ends on both', async () => {
    const remote = await new HttpClient(second.baseUrl).signIn(org.admin.email, TEST_PASSWORD);
    const token = remote.cookies.get(SESSION_COOKIE);
    expect(token).toBeTruthy();
    const local = ctx.client(org.host);
    for (const [name, value] of remote.cookies) local.cookies.set(name, value);
    expect((await local.get('/api/me')).statusCode).toBe(200);

    // The other way round: signed in in-process, used over HTTP on the second process.
    const inProcess = await ctx.client(org.host).signIn(org.admin.email, TEST_PASSWORD);
    const over = new HttpClient(second.baseUrl);
    for (const [name, value] of inProcess.cookies) over.cookies.set(name, value);
    expect((await over.get('/api/me')).status).toBe(200);

    // Signing out on the second process ends the session for the first too.
    expect((await remote.post('/logout')).status).toBeLessThan(300);
    expect((await local.get('/api/me')).statusCode).toBe(401);
  });
});
