import { describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import {
  cardLimit,
  decide,
  fileRequest,
  force,
  linkIn,
  mailsOf,
  requestAsAdmin,
  requestWorld,
  signedInUser,
  type RequestWorld,
} from './test-fixtures.js';

/**
 * Issue 15 point 3: pending requests follow their team's current approval path. An approver taken off the path
 * (or out of the team) can no longer decide, by mail link or in the app; the request moves on to the next
 * approver on the path (who is mailed), or to the admins when nobody is left (ARCHITECTURE.md D8).
 */
const ctx = useTestApp();

const NOT_NEEDED = '/purchase-requests/approvals/done?status=not-needed';

async function approvalMailsTo(world: RequestWorld, email: string) {
  return (await mailsOf(ctx, world.organization.id, 'approval_needed')).filter((mail) => mail.to_email === email);
}

async function latestApprovalMail(world: RequestWorld, email: string) {
  const mail = (await approvalMailsTo(world, email)).at(-1);
  if (!mail) throw new Error(`no approval mail to ${email}`);
  return mail;
}

async function click(world: RequestWorld, path: string) {
  const response = await ctx.client(world.host).get(path);
  expect(response.statusCode, response.body).toBe(302);
  return response.headers.location;
}

async function setPath(world: RequestWorld, path: number[]) {
  const response = await world.adminClient.put(`/api/teams/${world.team.id}`, { approval_path: path });
  expect(response.statusCode, response.body).toBe(200);
}

/** The ids of the requests waiting for this user's decision (their Pending Request tab). */
async function pendingFor(client: RequestWorld['adminClient'], userId: number): Promise<number[]> {
  const response = await client.get(`/api/purchase-requests?filter[pending_approval_by]=${userId}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Array<{ id: number }>).map((request) => request.id);
}

async function expectUnfundedAndPending(world: RequestWorld, requestId: number) {
  expect(await requestAsAdmin(world, requestId)).toMatchObject({
    status: 'Pending',
    approved_path: 'pending',
    approved_accounting: 'pending',
    transferred: null,
  });
  expect(await cardLimit(world)).toBe(0);
}

/** The removed first approver can't decide; the second approver is current, was mailed, and their link funds the card. */
async function expectSecondTookOver(
  world: RequestWorld,
  request: { id: number; approvals: Array<{ id: number }> },
  firstMail: { text_body: string },
) {
  expect(await click(world, linkIn(firstMail.text_body, 'Approve'))).toBe(NOT_NEEDED);
  expect(await click(world, linkIn(firstMail.text_body, 'Reject'))).toBe(NOT_NEEDED);
  await expectUnfundedAndPending(world, request.id);

  const inApp = await decide(world.firstClient, request.id, request.approvals[0]!.id, 'approved');
  expect(inApp.statusCode, inApp.body).toBe(403);
  await expectUnfundedAndPending(world, request.id);
  expect(await pendingFor(world.firstClient, world.first.id)).not.toContain(request.id);

  expect(await pendingFor(world.secondClient, world.second.id)).toEqual([request.id]);
  const secondMails = await approvalMailsTo(world, world.second.email);
  expect(secondMails).toHaveLength(1);
  const [secondStep] = (await requestAsAdmin(world, request.id)).approvals;
  expect(await click(world, linkIn(secondMails[0]!.text_body, 'Approve'))).toBe(
    `/purchase-requests/approvals/done?approval=${secondStep!.id}&status=approved`,
  );
  expect(await requestAsAdmin(world, request.id)).toMatchObject({ status: 'Approved', approved_path: 'approved' });
  expect(await cardLimit(world)).toBe(12_345);
}

describe('an approver taken off the approval path', () => {
  it('their mail link is no longer needed, their in-app decision is refused, and the next approver is asked', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    const firstMail = await latestApprovalMail(world, world.first.email);
    expect(await approvalMailsTo(world, world.second.email)).toEqual([]);

    await setPath(world, [world.second.id]);

    expect((await requestAsAdmin(world, request.id)).approvals).toEqual([
      expect.objectContaining({ approved: 'pending' }),
    ]);
    await expectSecondTookOver(world, request, firstMail);
  });

  it('removing the approver from the team (not only from the path) does the same', async () => {
    const world = await requestWorld(ctx);
    expect((await world.adminClient.put(`/api/teams/${world.team.id}/users/${world.first.id}`, {})).statusCode).toBe(
      200,
    );
    const request = await fileRequest(world);
    const firstMail = await latestApprovalMail(world, world.first.email);

    const removed = await world.adminClient.delete(`/api/teams/${world.team.id}/users/${world.first.id}`);
    expect(removed.statusCode, removed.body).toBe(204);

    await expectSecondTookOver(world, request, firstMail);
  });

  it('when nobody is left on the path the request goes to the admins, as with an empty path', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    expect((await decide(world.firstClient, request.id, request.approvals[0]!.id, 'approved')).statusCode).toBe(200);
    const secondMail = await latestApprovalMail(world, world.second.email);
    expect(await pendingFor(world.adminClient, world.admin.id)).toEqual([]);

    await setPath(world, [world.first.id]);

    expect(await click(world, linkIn(secondMail.text_body, 'Approve'))).toBe(NOT_NEEDED);
    expect((await decide(world.secondClient, request.id, request.approvals[1]!.id, 'approved')).statusCode).toBe(403);
    await expectUnfundedAndPending(world, request.id);
    // The first approver's approval stands; nobody else is asked by mail.
    expect((await requestAsAdmin(world, request.id)).approvals.map((step) => step.approved)).toEqual(['approved']);
    expect(await approvalMailsTo(world, world.first.email)).toHaveLength(1);
    // Every admin but the requester may now decide it (a force), as with an empty path.
    expect(await pendingFor(world.adminClient, world.admin.id)).toEqual([request.id]);

    const forced = await force(world.adminClient, request.id, 'approved');
    expect(forced.statusCode, forced.body).toBe(200);
    expect(await cardLimit(world)).toBe(12_345);
  });

  it('an emptied path sends the untouched request to the admins', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    const firstMail = await latestApprovalMail(world, world.first.email);
    await setPath(world, []);
    expect(await click(world, linkIn(firstMail.text_body, 'Approve'))).toBe(NOT_NEEDED);
    expect((await requestAsAdmin(world, request.id)).approvals).toEqual([]);
    expect(await pendingFor(world.adminClient, world.admin.id)).toEqual([request.id]);
    expect(await mailsOf(ctx, world.organization.id, 'approval_needed')).toHaveLength(1);
    await expectUnfundedAndPending(world, request.id);
  });
});

describe('pending requests follow the current path', () => {
  it('a reordered path asks its new first approver; the old one is asked again in their turn', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    const firstMail = await latestApprovalMail(world, world.first.email);

    await setPath(world, [world.second.id, world.first.id]);

    expect(await click(world, linkIn(firstMail.text_body, 'Approve'))).toBe(NOT_NEEDED);
    expect((await decide(world.firstClient, request.id, request.approvals[0]!.id, 'approved')).statusCode).toBe(409);
    expect(await pendingFor(world.secondClient, world.second.id)).toEqual([request.id]);
    expect(await pendingFor(world.firstClient, world.first.id)).toEqual([]);
    const secondMail = await latestApprovalMail(world, world.second.email);
    expect(await click(world, linkIn(secondMail.text_body, 'Approve'))).toMatch(/status=approved$/);
    await expectUnfundedAndPending(world, request.id);

    const firstAgain = await approvalMailsTo(world, world.first.email);
    expect(firstAgain).toHaveLength(2);
    expect(await click(world, linkIn(firstAgain[1]!.text_body, 'Approve'))).toMatch(/status=approved$/);
    expect(await requestAsAdmin(world, request.id)).toMatchObject({ status: 'Approved' });
    expect(await cardLimit(world)).toBe(12_345);
  });

  it('an approver added to the path is asked in turn; the current approver is not asked twice', async () => {
    const world = await requestWorld(ctx);
    const third = await signedInUser(ctx, world, 'wallet-finance');
    const request = await fileRequest(world);
    const firstMail = await latestApprovalMail(world, world.first.email);

    // The requester on the path is never their own approver.
    await setPath(world, [world.first.id, world.second.id, world.member.id, third.user.id]);

    expect(await approvalMailsTo(world, world.first.email)).toHaveLength(1);
    expect(await click(world, linkIn(firstMail.text_body, 'Approve'))).toMatch(/status=approved$/);
    const secondMail = await latestApprovalMail(world, world.second.email);
    expect(await click(world, linkIn(secondMail.text_body, 'Approve'))).toMatch(/status=approved$/);
    await expectUnfundedAndPending(world, request.id);
    const thirdMail = (await mailsOf(ctx, world.organization.id, 'approval_needed')).filter(
      (mail) => mail.to_email === third.user.email,
    );
    expect(thirdMail).toHaveLength(1);
    expect(await click(world, linkIn(thirdMail[0]!.text_body, 'Approve'))).toMatch(/status=approved$/);
    expect(await requestAsAdmin(world, request.id)).toMatchObject({ status: 'Approved' });
    expect((await requestAsAdmin(world, request.id)).approvals.map((step) => step.approved)).toEqual([
      'approved',
      'approved',
      'approved',
    ]);
  });

  it('decided requests keep their steps whatever the path becomes', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    expect((await decide(world.firstClient, request.id, request.approvals[0]!.id, 'rejected')).statusCode).toBe(200);
    await setPath(world, [world.second.id]);
    expect((await requestAsAdmin(world, request.id)).approvals.map((step) => step.approved)).toEqual([
      'rejected',
      'pending',
    ]);
    expect(await approvalMailsTo(world, world.second.email)).toEqual([]);
  });
});

describe('a decision re-checks the current path', () => {
  it('an approver no longer on the path cannot decide, even if their step was left behind', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    const firstMail = await latestApprovalMail(world, world.first.email);
    // The path as it stands in the database, whatever route changed it.
    await ctx.db
      .deleteFrom('team_approvers')
      .where('team_id', '=', world.team.id)
      .where('user_id', '=', world.first.id)
      .execute();

    const inApp = await decide(world.firstClient, request.id, request.approvals[0]!.id, 'approved');
    expect(inApp.statusCode, inApp.body).toBe(403);
    expect(inApp.json().message).toBe(REQUEST_MESSAGES.approvalNoLongerNeeded);
    expect(await click(world, linkIn(firstMail.text_body, 'Approve'))).toBe(NOT_NEEDED);
    await expectUnfundedAndPending(world, request.id);
  });
});
