import { describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES, CARD_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { acceptTermsInDb, activateCard, createCard, topUp } from '../../test/card-factories.js';
import { integrityProblems } from '../ledger/service.js';

const ctx = useTestApp();

/** An organisation with a team (member + two approvers on its path), the member's active card, and funds. */
async function setup(funds = 1_000_000, path: 'two' | 'none' = 'two') {
  const { organization, admin, host } = await makeOrganization(ctx.db);
  const member = await makeUser(ctx.db, organization.id, 'wallet-user');
  const first = await makeUser(ctx.db, organization.id, 'wallet-admin');
  const second = await makeUser(ctx.db, organization.id, 'wallet-finance');
  await acceptTermsInDb(ctx.db, member.id);
  const adminClient = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
  if (funds) await topUp(adminClient, funds);
  const card = await createCard(adminClient, member.id);
  await activateCard(adminClient, card.id);
  const team = (
    await adminClient.post('/api/teams', {
      name: 'Ops',
      color: '#1677FF',
      team: { users: [member.id] },
      approval_path: path === 'two' ? [first.id, second.id] : [],
    })
  ).json().data;
  const client = async (email: string) => ctx.client(host).signIn(email, TEST_PASSWORD);
  return {
    organization,
    admin,
    adminClient,
    member,
    first,
    second,
    card,
    team,
    host,
    memberClient: await client(member.email),
    firstClient: await client(first.email),
    secondClient: await client(second.email),
  };
}

async function file(s: Awaited<ReturnType<typeof setup>>, body: Record<string, unknown> = {}) {
  const response = await s.memberClient.post(`/api/users/${s.member.id}/purchase-requests`, {
    amount: 12_345,
    card_id: s.card.id,
    team_id: s.team.id,
    notes: 'Conference tickets',
    interval: null,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; approvals: Array<{ id: number; approver_id: number }> };
}

const cardLimit = async (s: Awaited<ReturnType<typeof setup>>) =>
  (await s.adminClient.get(`/api/cards/${s.card.id}`)).json().data.spending_limit as number;

describe('the approval path', () => {
  it('approve then approve funds the card once and marks the request approved', async () => {
    const s = await setup();
    const request = await file(s);
    const [step1, step2] = request.approvals;
    expect(
      (
        await s.secondClient.put(`/api/purchase-requests/${request.id}/approvals/${step2!.id}`, {
          approving: true,
          status: 'approved',
          notes: null,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await s.firstClient.put(`/api/purchase-requests/${request.id}/approvals/${step1!.id}`, {
          approving: true,
          status: 'approved',
          notes: 'ok',
        })
      ).statusCode,
    ).toBe(200);
    expect(await cardLimit(s)).toBe(0);
    const done = await s.secondClient.put(`/api/purchase-requests/${request.id}/approvals/${step2!.id}`, {
      approving: true,
      status: 'approved',
      notes: null,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ approved_path: 'approved', status: 'Approved' });
    expect(await cardLimit(s)).toBe(12_345);
    const again = await s.secondClient.put(`/api/purchase-requests/${request.id}/approvals/${step2!.id}`, {
      approving: true,
      status: 'approved',
      notes: null,
    });
    expect(again.statusCode).toBe(409);
    expect(await cardLimit(s)).toBe(12_345);
    expect(await integrityProblems(ctx.db, s.organization.id)).toEqual({ unbalancedEntries: [], driftedAccounts: [] });
  });

  it('refuses a non-approver (403), a wrong status (422), and funding the organisation cannot cover (409, nothing changes)', async () => {
    const s = await setup(5_000);
    const request = await file(s);
    const [step1, step2] = request.approvals;
    const stranger = await s.memberClient.put(`/api/purchase-requests/${request.id}/approvals/${step1!.id}`, {
      approving: true,
      status: 'approved',
      notes: null,
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(REQUEST_MESSAGES.notApprover);
    const wrong = await s.firstClient.put(`/api/purchase-requests/${request.id}/approvals/${step1!.id}`, {
      approving: true,
      status: 'maybe',
      notes: null,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(REQUEST_MESSAGES.incorrectStatus);
    await s.firstClient.put(`/api/purchase-requests/${request.id}/approvals/${step1!.id}`, {
      approving: true,
      status: 'approved',
      notes: null,
    });
    const refused = await s.secondClient.put(`/api/purchase-requests/${request.id}/approvals/${step2!.id}`, {
      approving: true,
      status: 'approved',
      notes: null,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CARD_MESSAGES.insufficientFunds);
    const after = (await s.adminClient.get(`/api/purchase-requests/${request.id}?include=approvals`)).json().data;
    expect(after).toMatchObject({ approved_path: 'pending', transferred: null });
    expect(after.approvals[1].approved).toBe('pending');
  });

  it('concurrent double approval funds once', async () => {
    const s = await setup();
    const request = await file(s);
    const [step1, step2] = request.approvals;
    await s.firstClient.put(`/api/purchase-requests/${request.id}/approvals/${step1!.id}`, {
      approving: true,
      status: 'approved',
      notes: null,
    });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        s.secondClient.put(`/api/purchase-requests/${request.id}/approvals/${step2!.id}`, {
          approving: true,
          status: 'approved',
          notes: null,
        }),
      ),
    );
    expect(results.filter((result) => result.statusCode === 200)).toHaveLength(1);
    expect(await cardLimit(s)).toBe(12_345);
  });

  it('admins force approve or reject with the force note; not their own request', async () => {
    const s = await setup(1_000_000, 'none');
    const request = await file(s);
    expect(request.approvals).toHaveLength(0);
    const forced = await s.adminClient.put(`/api/purchase-requests/${request.id}/finance-approval`, {
      approving: true,
      status: 'approved',
      notes: null,
    });
    expect(forced.statusCode).toBe(200);
    expect(forced.json().data).toMatchObject({
      approved_accounting: 'approved',
      accounting_notes: 'Force approved by admin from purchase request dashboard.',
      status: 'Approved',
    });
    expect(await cardLimit(s)).toBe(12_345);
    const second = await file(s);
    const rejected = await s.adminClient.put(`/api/purchase-requests/${second.id}/finance-approval`, {
      approving: true,
      status: 'rejected',
      notes: null,
    });
    expect(rejected.json().data).toMatchObject({ approved_accounting: 'rejected', status: 'Rejected' });
  });
});

describe('mail links', () => {
  it('approve from the mail: the link lands on done, a second use on used', async () => {
    const s = await setup(1_000_000);
    const request = await file(s);
    const link = async (index: number, action: 'Approve' | 'Reject') => {
      const mails = await ctx.db
        .selectFrom('mail_messages')
        .select(['text_body'])
        .where('org_id', '=', s.organization.id)
        .where('kind', '=', 'approval_needed')
        .orderBy('id')
        .execute();
      const match = new RegExp(`${action}: (\\S+)`).exec(mails[index]!.text_body);
      return new URL(match![1]!).pathname;
    };
    const first = await ctx.client(s.host).get(await link(0, 'Approve'));
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(
      `/purchase-requests/approvals/done?approval=${request.approvals[0]!.id}&status=approved`,
    );
    const reused = await ctx.client(s.host).get(await link(0, 'Reject'));
    expect(reused.headers.location).toBe(
      `/purchase-requests/approvals/done?approval=${request.approvals[0]!.id}&status=used`,
    );
    const second = await ctx.client(s.host).get(await link(1, 'Approve'));
    expect(second.headers.location).toBe(
      `/purchase-requests/approvals/done?approval=${request.approvals[1]!.id}&status=approved`,
    );
    expect(await cardLimit(s)).toBe(12_345);
  });
});
