import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { createDb, type Db } from '../../db/database.js';
import { useTestApp } from '../../test/context.js';
import { TestClient } from '../../test/client.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { acceptTermsInDb, activateCard, createCard, fundCard, topUp } from '../../test/card-factories.js';
import { amounts, backdateEntries, type Row } from './test-fixtures.js';

/**
 * Days and months of the analytics are UTC (docs/API.md) even when the database's default time zone and the server
 * process's are not: the topups, ledger and purchase-request queries compare a DATE with a timestamptz, which
 * PostgreSQL does at midnight of the session's time zone, so every session of the pool is set to UTC.
 * Everything below happens a few hours after a UTC midnight, which is still the evening before in New York:
 *   2025-02-01 02:00 UTC  top-up 70,000 settles
 *   2025-03-01 03:00 UTC  Kim's card funded 20,000
 *   2025-04-01 01:00 UTC  Kim's request of 1,500 is funded
 */
process.env.TZ = 'America/New_York';
const ZONE = 'America/New_York';

const ctx = useTestApp();
let db: Db;
let app: FastifyInstance;
let admin: TestClient;
let kim: { id: number; client: TestClient };

beforeAll(async () => {
  const { organization, admin: adminUser, host } = await makeOrganization(ctx.db);
  const member = await makeUser(ctx.db, organization.id, 'wallet-user', { first_name: 'Kim', last_name: 'Night' });
  await acceptTermsInDb(ctx.db, member.id);
  const setup = await ctx.client(host).signIn(adminUser.email, TEST_PASSWORD);
  const topup = await topUp(setup, 70_000);
  await sql`UPDATE topups SET settled_at = '2025-02-01T02:00:00Z', created_at = '2025-02-01T02:00:00Z' WHERE id = ${topup.id}`.execute(
    ctx.db,
  );
  await backdateEntries(ctx.db, { reference: `topup:${topup.id}` }, '2025-02-01T02:00:00Z');
  const card = await createCard(setup, member.id);
  await fundCard(setup, card.id, 20_000);
  await backdateEntries(ctx.db, { kind: 'card_funding', cardId: card.id }, '2025-03-01T03:00:00Z');
  await activateCard(setup, card.id);
  const team = (
    await setup.post('/api/teams', {
      name: 'Nights',
      color: '#1677FF',
      team: { users: [member.id] },
      approval_path: [],
    })
  ).json().data;
  const memberSetup = await ctx.client(host).signIn(member.email, TEST_PASSWORD);
  const filed = await memberSetup.post(`/api/users/${member.id}/purchase-requests`, {
    amount: 1_500,
    card_id: card.id,
    team_id: team.id,
    wallet_category_id: null,
    notes: 'Late train',
    interval: null,
    start_date: null,
    end_date: null,
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const requestId = filed.json().data.id as number;
  const decision = await setup.put(`/api/purchase-requests/${requestId}/finance-approval`, {
    approving: true,
    status: 'approved',
    notes: 'Force approved by admin from purchase request dashboard.',
  });
  expect(decision.statusCode, decision.body).toBe(200);
  await sql`UPDATE purchase_requests SET transferred = '2025-04-01T01:00:00Z' WHERE id = ${requestId}`.execute(ctx.db);

  // The database's default time zone becomes New York; new sessions start in it unless they say otherwise.
  const databaseName = new URL(ctx.databaseUrl).pathname.slice(1);
  await sql`ALTER DATABASE ${sql.id(databaseName)} SET timezone = ${sql.lit(ZONE)}`.execute(ctx.db);
  // A second app on a new pool (the first pool's sessions started before the change).
  db = createDb(ctx.databaseUrl, 3);
  app = await buildApp({ ...ctx.deps, db });
  admin = await new TestClient(app, host).signIn(adminUser.email, TEST_PASSWORD);
  kim = { id: member.id, client: await new TestClient(app, host).signIn(member.email, TEST_PASSWORD) };
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.destroy();
});

const get = async (path: string, client = admin) => {
  const response = await client.get(path);
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return response.json().data as Row[];
};

describe('analytics days are UTC whatever the time zones around them', () => {
  it('the setting is real: a plain session is in New York, where a day starts five hours later; the pool is UTC', async () => {
    expect(new Date('2025-02-01T02:00:00Z').getDate()).toBe(31); // this process: still January 31st
    const plain = new pg.Client({ connectionString: ctx.databaseUrl });
    await plain.connect();
    try {
      const { rows } = await plain.query<{ zone: string; midnight: string }>(
        `SELECT current_setting('TimeZone') AS zone, to_char('2025-02-01'::date::timestamptz AT TIME ZONE 'UTC', 'HH24:MI') AS midnight`,
      );
      expect(rows[0]).toEqual({ zone: ZONE, midnight: '05:00' });
    } finally {
      await plain.end();
    }
    const { rows } = await sql<{ zone: string }>`SELECT current_setting('TimeZone') AS zone`.execute(db);
    expect(rows[0]!.zone).toBe('UTC');
  });

  it('top-ups: 02:00 UTC on February 1st is February 1st, not January 31st', async () => {
    expect(
      amounts(await get('/api/topups/analytics?filter[group_single]=1&filter[between]=2025-02-01,2025-02-01')),
    ).toEqual([70_000]);
    expect(
      amounts(await get('/api/topups/analytics?filter[group_single]=1&filter[between]=2025-01-31,2025-01-31')),
    ).toEqual([0]);
    expect(
      amounts(await get('/api/topups/analytics?filter[sum_over_months]=2&filter[between]=2025-01-01,2025-02-28')),
    ).toEqual([0, 70_000]);
    expect(
      amounts(await get('/api/topups/analytics?filter[group_single]=1&filter[between_created]=2025-02-01,2025-02-01')),
    ).toEqual([70_000]);
  });

  it('the available balance and card fundings (the ledger) turn at UTC midnight', async () => {
    expect(
      await get('/api/wallet-balances/analytics?filter[sum_over_days]=2&filter[between]=2025-01-31,2025-02-01'),
    ).toEqual([
      { date: '2025-01-31', amount: 0 },
      { date: '2025-02-01', amount: 70_000 },
    ]);
    expect(
      amounts(
        await get('/api/wallet-balances/analytics?filter[sum_over_days]=2&filter[between]=2025-02-28,2025-03-01'),
      ),
    ).toEqual([70_000, 50_000]);
    expect(
      amounts(
        await get('/api/journal-entries/analytics?filter[sum_over_days]=2&filter[between]=2025-02-28,2025-03-01'),
      ),
    ).toEqual([0, 20_000]);
    expect(
      amounts(
        await get(
          `/api/users/${kim.id}/journal-entries/analytics?filter[group_single]=1&filter[between]=2025-03-01,2025-03-01`,
          kim.client,
        ),
      ),
    ).toEqual([20_000]);
  });

  it('a funded request counts on the UTC day it was funded', async () => {
    const path = `/api/users/${kim.id}/purchase-requests/analytics?where_not_null=transferred`;
    expect(
      amounts(await get(`${path}&filter[sum_over_months]=2&filter[between]=2025-03-01,2025-04-30`, kim.client)),
    ).toEqual([0, 1_500]);
    expect(
      amounts(await get(`${path}&filter[group_single]=1&filter[between]=2025-03-31,2025-03-31`, kim.client)),
    ).toEqual([0]);
  });
});
