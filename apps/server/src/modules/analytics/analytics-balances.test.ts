import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestApp } from '../../test/context.js';
import type { TestClient } from '../../test/client.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { acceptTermsInDb, activateCard, createCard, fundCard, topUp } from '../../test/card-factories.js';
import { amounts, backdateEntries, type Row } from './test-fixtures.js';

/**
 * docs/API.md, analytics: top-ups (flows by settlement or creation), the organisation's available balance (a level,
 * carried forward), card fundings (flows from the ledger) and approved requests, against figures worked out by hand.
 *   2025-01-31 23:59:59  top-up 1,000,000 (asked for on 2025-01-15)
 *   2025-02-01 00:00:00  top-up    50,000 (asked for on 2025-01-20)
 *   2025-02-10 12:00:00  Mia's card funded 100,000
 *   2025-04-05 12:00:00  Ned's card funded  20,000
 * Available: Jan 1,000,000; Feb 1,050,000 then 950,000; Mar 950,000; Apr 930,000 from the 5th; May on 930,000.
 */
const ctx = useTestApp();
let admin: TestClient;
let mia: { id: number; client: TestClient };
let ned: { id: number };

async function topUpOn(client: TestClient, cents: number, settled: string, created: string) {
  const topup = await topUp(client, cents);
  await sql`UPDATE topups SET settled_at = ${settled}::timestamptz, created_at = ${created}::timestamptz WHERE id = ${topup.id}`.execute(
    ctx.db,
  );
  await backdateEntries(ctx.db, { reference: `topup:${topup.id}` }, settled);
}

beforeAll(async () => {
  const { organization, admin: adminUser, host } = await makeOrganization(ctx.db);
  const miaUser = await makeUser(ctx.db, organization.id, 'wallet-user', { first_name: 'Mia', last_name: 'Member' });
  const nedUser = await makeUser(ctx.db, organization.id, 'wallet-user', { first_name: 'Ned', last_name: 'Nobody' });
  admin = await ctx.client(host).signIn(adminUser.email, TEST_PASSWORD);
  await topUpOn(admin, 1_000_000, '2025-01-31T23:59:59Z', '2025-01-15T10:00:00Z');
  await topUpOn(admin, 50_000, '2025-02-01T00:00:00Z', '2025-01-20T10:00:00Z');
  const miaCard = await createCard(admin, miaUser.id);
  await fundCard(admin, miaCard.id, 100_000);
  await backdateEntries(ctx.db, { kind: 'card_funding', cardId: miaCard.id }, '2025-02-10T12:00:00Z');
  const nedCard = await createCard(admin, nedUser.id);
  await fundCard(admin, nedCard.id, 20_000);
  await backdateEntries(ctx.db, { kind: 'card_funding', cardId: nedCard.id }, '2025-04-05T12:00:00Z');
  mia = { id: miaUser.id, client: await ctx.client(host).signIn(miaUser.email, TEST_PASSWORD) };
  ned = { id: nedUser.id };
}, 60_000);

const get = async (path: string, client = admin) => {
  const response = await client.get(path);
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return response.json().data as Row[];
};

describe('/api/wallet-balances/analytics: the unallocated balance, a level', () => {
  it('sum_over_months is each month-end balance, carried through months without movement', async () => {
    expect(
      amounts(
        await get('/api/wallet-balances/analytics?filter[sum_over_months]=5&filter[between]=2025-01-01,2025-05-31'),
      ),
    ).toEqual([1_000_000, 950_000, 950_000, 930_000, 930_000]);
  });

  it('max_over_months is the highest day-end balance of the month', async () => {
    expect(
      amounts(
        await get('/api/wallet-balances/analytics?filter[max_over_months]=5&filter[between]=2025-01-01,2025-05-31'),
      ),
    ).toEqual([1_000_000, 1_050_000, 950_000, 950_000, 930_000]);
  });

  it('sum_over_days: 0 before the first top-up, then each day-end balance across midnight', async () => {
    expect(
      await get('/api/wallet-balances/analytics?filter[sum_over_days]=4&filter[between]=2025-01-30,2025-02-02'),
    ).toEqual([
      { date: '2025-01-30', amount: 0 },
      { date: '2025-01-31', amount: 1_000_000 },
      { date: '2025-02-01', amount: 1_050_000 },
      { date: '2025-02-02', amount: 1_050_000 },
    ]);
  });

  it('group_single is the balance at the end of the range; today it is the balance the API reports', async () => {
    expect(
      amounts(await get('/api/wallet-balances/analytics?filter[group_single]=1&filter[between]=2025-01-01,2025-01-31')),
    ).toEqual([1_000_000]);
    const balance = (await admin.get('/api/balance')).json().data.available;
    expect(balance).toBe(930_000);
    expect(amounts(await get('/api/wallet-balances/analytics?filter[group_single]=1'))).toEqual([930_000]);
    // Nothing moved these last months: the balance is carried up to today, not 0.
    expect(amounts(await get('/api/wallet-balances/analytics?filter[sum_over_months]=2'))).toEqual([930_000, 930_000]);
  });
});

describe('/api/topups/analytics: money added, a flow', () => {
  it('by when it settled (between) or when it was asked for (between_created)', async () => {
    expect(
      amounts(await get('/api/topups/analytics?filter[sum_over_months]=3&filter[between]=2025-01-01,2025-03-31')),
    ).toEqual([1_000_000, 50_000, 0]);
    expect(
      amounts(await get('/api/topups/analytics?filter[group_single]=1&filter[between]=2025-01-01,2025-01-31')),
    ).toEqual([1_000_000]);
    expect(
      amounts(await get('/api/topups/analytics?filter[group_single]=1&filter[between_created]=2025-01-01,2025-01-31')),
    ).toEqual([1_050_000]);
    expect(
      amounts(await get('/api/topups/analytics?filter[sum_over_days]=2&filter[between]=2025-01-31,2025-02-01')),
    ).toEqual([1_000_000, 50_000]);
  });
});

describe('/api/journal-entries/analytics: money allocated to cards, a flow', () => {
  it('for the organisation, and for each holder on /api/users/{id}/journal-entries/analytics', async () => {
    const range = 'filter[sum_over_months]=5&filter[between]=2025-01-01,2025-05-31';
    expect(amounts(await get(`/api/journal-entries/analytics?${range}`))).toEqual([0, 100_000, 0, 20_000, 0]);
    expect(amounts(await get(`/api/users/${mia.id}/journal-entries/analytics?${range}`, mia.client))).toEqual([
      0, 100_000, 0, 0, 0,
    ]);
    expect(amounts(await get(`/api/users/${ned.id}/journal-entries/analytics?${range}`))).toEqual([0, 0, 0, 20_000, 0]);
    expect((await mia.client.get(`/api/users/${ned.id}/journal-entries/analytics`)).statusCode).toBe(404);
  });
});

describe('/api/users/{id}/purchase-requests/analytics?where_not_null=transferred', () => {
  it('sums approved requests by the day they were funded; pending ones never count', async () => {
    const { organization, admin: adminUser, host } = await makeOrganization(ctx.db);
    const member = await makeUser(ctx.db, organization.id, 'wallet-user', {
      first_name: 'Pat',
      last_name: 'Requester',
    });
    await acceptTermsInDb(ctx.db, member.id);
    const adminClient = await ctx.client(host).signIn(adminUser.email, TEST_PASSWORD);
    await topUp(adminClient, 100_000);
    const card = await createCard(adminClient, member.id);
    await activateCard(adminClient, card.id);
    const team = (
      await adminClient.post('/api/teams', {
        name: 'Ops',
        color: '#1677FF',
        team: { users: [member.id] },
        approval_path: [],
      })
    ).json().data;
    const memberClient = await ctx.client(host).signIn(member.email, TEST_PASSWORD);
    const file = async (amount: number) => {
      const response = await memberClient.post(`/api/users/${member.id}/purchase-requests`, {
        amount,
        card_id: card.id,
        team_id: team.id,
        wallet_category_id: null,
        notes: 'Tickets',
        interval: null,
        start_date: null,
        end_date: null,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.id as number;
    };
    const approved = await file(12_345);
    await file(500);
    const decision = await adminClient.put(`/api/purchase-requests/${approved}/finance-approval`, {
      approving: true,
      status: 'approved',
      notes: 'Force approved by admin from purchase request dashboard.',
    });
    expect(decision.statusCode, decision.body).toBe(200);
    await sql`UPDATE purchase_requests SET transferred = '2025-02-01T00:00:00Z' WHERE id = ${approved}`.execute(ctx.db);
    const path = `/api/users/${member.id}/purchase-requests/analytics?where_not_null=transferred`;
    expect(amounts(await get(`${path}&filter[group_single]=1`, memberClient))).toEqual([12_345]);
    expect(
      amounts(await get(`${path}&filter[sum_over_months]=3&filter[between]=2025-01-01,2025-03-31`, memberClient)),
    ).toEqual([0, 12_345, 0]);
    expect(
      amounts(await get(`${path}&filter[sum_over_days]=2&filter[between]=2025-01-31,2025-02-01`, adminClient)),
    ).toEqual([0, 12_345]);
  });
});
