import { beforeAll, describe, expect, it } from 'vitest';
import { MONTH_CLOSE_TEXTS, monthLabel, type MonthCloseResource } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import type { TestClient } from '../../test/client.js';
import { setupOrg } from '../../test/helpers.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';

/** Issue 21.6: GET, POST /api/month-closes and DELETE /api/month-closes/{month}. */
const ctx = useTestApp();
let org: Awaited<ReturnType<typeof setupOrg>>;
let walletAdmin: TestClient;

/** The UTC month `offset` months from this one, YYYY-MM. */
function monthFromNow(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
}
const LAST_MONTH = monthFromNow(-1);
const THIS_MONTH = monthFromNow(0);

const closedMonths = async (client: TestClient) => {
  const response = await client.get('/api/month-closes');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: MonthCloseResource[]; meta: { total: number } }>();
};
const close = (client: TestClient, body: unknown) => client.post('/api/month-closes', body);
const reopen = (client: TestClient, month: string) => client.request('DELETE', `/api/month-closes/${month}`);
const auditEntries = async (action: string) =>
  (await org.adminClient.get(`/api/audit-log?filter[action]=${action}`)).json<{
    data: Array<{ action: string; subject_type: string; subject_label: string; details: Record<string, unknown> }>;
  }>().data;
const rowCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('month_closes')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

beforeAll(async () => {
  org = await setupOrg(ctx);
  const admin = await makeUser(ctx.db, org.organization.id, 'wallet-admin', { first_name: 'Wes', last_name: 'Admin' });
  walletAdmin = await ctx.client(org.host).signIn(admin.email, TEST_PASSWORD);
});

describe('POST /api/month-closes', () => {
  it('closes a month that has ended, answers it with the message, lists it, and audits it', async () => {
    expect(await closedMonths(org.adminClient)).toEqual({
      data: [],
      meta: { total: 0, current_page: 1, per_page: 12, last_page: 1 },
    });
    const response = await close(org.adminClient, { month: LAST_MONTH });
    expect(response.statusCode, response.body).toBe(201);
    const closed = {
      month: LAST_MONTH,
      label: monthLabel(LAST_MONTH),
      closed_at: expect.any(String),
      closed_by: { id: org.admin.id, name: 'Ada Admin' },
    };
    expect(response.json()).toEqual({ data: closed, message: MONTH_CLOSE_TEXTS.closed(LAST_MONTH) });
    expect((await closedMonths(walletAdmin)).data).toEqual([closed]);
    expect(await auditEntries('month.closed')).toEqual([
      expect.objectContaining({
        subject_type: 'month',
        subject_label: monthLabel(LAST_MONTH),
        details: { month: LAST_MONTH },
      }),
    ]);
  });

  it('a month closed already is a 409 and records nothing', async () => {
    const response = await close(walletAdmin, { month: LAST_MONTH });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MONTH_CLOSE_TEXTS.alreadyClosed(LAST_MONTH));
    expect(await auditEntries('month.closed')).toHaveLength(1);
  });

  it('refuses a month that has not ended, and anything not a month, with a 422 on `month`, writing nothing', async () => {
    const before = await rowCount();
    const cases: Array<[unknown, string]> = [
      [{ month: THIS_MONTH }, MONTH_CLOSE_TEXTS.notEnded(THIS_MONTH)],
      [{ month: monthFromNow(2) }, MONTH_CLOSE_TEXTS.notEnded(monthFromNow(2))],
      [{ month: '2025-13' }, MONTH_CLOSE_TEXTS.monthInvalid],
      [{ month: 'March 2025' }, MONTH_CLOSE_TEXTS.monthInvalid],
      [{ month: 202503 }, MONTH_CLOSE_TEXTS.monthInvalid],
      [{}, MONTH_CLOSE_TEXTS.monthInvalid],
    ];
    for (const [body, message] of cases) {
      const response = await close(org.adminClient, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors).toEqual({ month: [message] });
    }
    expect(await rowCount()).toBe(before);
    expect(await auditEntries('month.closed')).toHaveLength(1);
  });

  it('is for admins: a member is 403, signed out 401, and nothing is written', async () => {
    const before = await rowCount();
    expect((await close(org.memberClient, { month: '2025-01' })).statusCode).toBe(403);
    expect((await org.memberClient.get('/api/month-closes')).statusCode).toBe(403);
    expect((await close(org.anonymous, { month: '2025-01' })).statusCode).toBe(401);
    expect((await org.anonymous.get('/api/month-closes')).statusCode).toBe(401);
    expect(await rowCount()).toBe(before);
  });
});

describe('DELETE /api/month-closes/{month}', () => {
  it('is for a super-admin: another admin is 403 and the month stays closed; a member 403, signed out 401', async () => {
    const refused = await reopen(walletAdmin, LAST_MONTH);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MONTH_CLOSE_TEXTS.superAdminOnly);
    expect((await reopen(org.memberClient, LAST_MONTH)).statusCode).toBe(403);
    expect((await reopen(org.anonymous, LAST_MONTH)).statusCode).toBe(401);
    expect((await closedMonths(org.adminClient)).data.map((row) => row.month)).toEqual([LAST_MONTH]);
    expect(await auditEntries('month.reopened')).toEqual([]);
  });

  it('a month that is not closed is a 404 (for any admin); a path that is not a month a 422', async () => {
    for (const client of [org.adminClient, walletAdmin]) {
      const response = await reopen(client, '2020-01');
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MONTH_CLOSE_TEXTS.notClosed('2020-01'));
    }
    const invalid = await reopen(org.adminClient, '2020-1');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ month: [MONTH_CLOSE_TEXTS.monthInvalid] });
  });

  it("another organisation neither sees nor reopens this one's months; closing its own changes nothing here", async () => {
    const other = await makeOrganization(ctx.db);
    const otherAdmin = await ctx.client(other.host).signIn(other.admin.email, TEST_PASSWORD);
    expect((await closedMonths(otherAdmin)).data).toEqual([]);
    expect((await reopen(otherAdmin, LAST_MONTH)).statusCode).toBe(404);
    expect((await close(otherAdmin, { month: LAST_MONTH })).statusCode).toBe(201);
    expect((await reopen(otherAdmin, LAST_MONTH)).statusCode).toBe(200);
    expect((await closedMonths(org.adminClient)).data.map((row) => row.month)).toEqual([LAST_MONTH]);
    // This organisation's session is no session on the other's host.
    const borrowed = ctx.client(other.host);
    for (const [name, value] of org.adminClient.cookies) borrowed.cookies.set(name, value);
    expect((await borrowed.get('/api/month-closes')).statusCode).toBe(401);
  });

  it('a super-admin reopens it: answered with the message, no longer listed, audited; newest first when several', async () => {
    expect((await close(org.adminClient, { month: '2025-02' })).statusCode).toBe(201);
    expect((await closedMonths(org.adminClient)).data.map((row) => row.month)).toEqual([LAST_MONTH, '2025-02']);
    const response = await reopen(org.adminClient, LAST_MONTH);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: MONTH_CLOSE_TEXTS.reopened(LAST_MONTH) });
    expect((await closedMonths(org.adminClient)).data.map((row) => row.month)).toEqual(['2025-02']);
    expect(await auditEntries('month.reopened')).toEqual([
      expect.objectContaining({
        subject_type: 'month',
        subject_label: monthLabel(LAST_MONTH),
        details: expect.objectContaining({ month: LAST_MONTH, closed_by: org.admin.id }),
      }),
    ]);
    expect((await reopen(org.adminClient, LAST_MONTH)).statusCode).toBe(404);
  });
});
