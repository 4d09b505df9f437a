import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, REQUEST_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { topUp } from '../../test/card-factories.js';
import { integrityProblems } from '../ledger/service.js';
import {
  cardLimit,
  decide,
  entriesWithReference,
  expectNothingFunded,
  fileRequest,
  mailsOf,
  requestAsAdmin,
  requestWorld,
  signedInUser,
  unallocated,
} from './test-fixtures.js';

/**
 * The workflow matrix of issue 6 along a team's approval path: what each decision does to the request, the card,
 * the ledger and the mail. Force decisions are in force.test.ts.
 */
const ctx = useTestApp();

describe('a two-step approval path', () => {
  it('approve then approve: funds the card once, sets transferred, balances the ledger and tells the requester', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    expect(request).toMatchObject({
      status: 'Pending',
      approvals: [
        { approver_id: world.first.id, approved: 'pending' },
        { approver_id: world.second.id, approved: 'pending' },
      ],
    });
    const [step1, step2] = request.approvals;

    const firstDecision = await decide(world.firstClient, request.id, step1!.id, 'approved', 'Looks fine');
    expect(firstDecision.statusCode, firstDecision.body).toBe(200);
    expect(firstDecision.json().data).toMatchObject({ status: 'Pending', approved_path: 'pending', transferred: null });
    expect(await cardLimit(world)).toBe(0);

    const secondDecision = await decide(world.secondClient, request.id, step2!.id, 'approved');
    expect(secondDecision.statusCode, secondDecision.body).toBe(200);
    expect(secondDecision.json().data).toMatchObject({
      status: 'Approved',
      approved_path: 'approved',
      approved_accounting: 'pending',
    });

    const after = await requestAsAdmin(world, request.id);
    expect(after.transferred).not.toBeNull();
    expect(after.approvals.map((step) => [step.approved, step.notes])).toEqual([
      ['approved', 'Looks fine'],
      ['approved', null],
    ]);
    expect(await cardLimit(world)).toBe(12_345);
    expect(await unallocated(world)).toBe(1_000_000 - 12_345);
    expect(await entriesWithReference(ctx, world.organization.id, `purchase-request:${request.id}`)).toHaveLength(1);
    expect(await integrityProblems(ctx.db, world.organization.id)).toEqual({
      unbalancedEntries: [],
      driftedAccounts: [],
    });

    const outcome = await mailsOf(ctx, world.organization.id, 'request_decided');
    expect(outcome.map((mail) => mail.to_email)).toEqual([world.member.email]);
    expect(outcome[0]!.subject).toContain('approved');
  });

  it('approve then reject: nothing is funded and the request is Rejected with the comment', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    const [step1, step2] = request.approvals;
    expect((await decide(world.firstClient, request.id, step1!.id, 'approved')).statusCode).toBe(200);
    const rejected = await decide(world.secondClient, request.id, step2!.id, 'rejected', 'Not this quarter');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'Rejected', approved_path: 'rejected' });
    await expectNothingFunded(ctx, world, request.id, 1_000_000);
    const after = await requestAsAdmin(world, request.id);
    expect(after.approvals.map((step) => step.approved)).toEqual(['approved', 'rejected']);
    const [mail] = await mailsOf(ctx, world.organization.id, 'request_decided');
    expect(mail).toMatchObject({ to_email: world.member.email });
    expect(mail!.text_body).toContain('Not this quarter');
  });

  it('reject first: the second step never opens and nothing is funded', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    const [step1, step2] = request.approvals;
    expect((await decide(world.firstClient, request.id, step1!.id, 'rejected')).json().data).toMatchObject({
      status: 'Rejected',
    });
    const late = await decide(world.secondClient, request.id, step2!.id, 'approved');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(REQUEST_MESSAGES.alreadyDecided);
    await expectNothingFunded(ctx, world, request.id, 1_000_000);
    expect((await requestAsAdmin(world, request.id)).approvals.map((step) => step.approved)).toEqual([
      'rejected',
      'pending',
    ]);
    // The second approver was never asked.
    expect((await mailsOf(ctx, world.organization.id, 'approval_needed')).map((mail) => mail.to_email)).toEqual([
      world.first.email,
    ]);
  });

  it('refuses a non-approver (403), a wrong status (422), a step not yet current or already decided (409)', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    const [step1, step2] = request.approvals;
    const otherAdmin = await signedInUser(ctx, world, 'wallet-admin');
    for (const client of [world.memberClient, otherAdmin.client, world.secondClient]) {
      const response = await decide(client, request.id, step1!.id, 'approved');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(REQUEST_MESSAGES.notApprover);
    }
    for (const status of ['pending', 'maybe', 'APPROVED', '']) {
      const response = await decide(world.firstClient, request.id, step1!.id, status);
      expect(response.statusCode, status).toBe(422);
      expect(response.json().message).toBe(REQUEST_MESSAGES.incorrectStatus);
    }
    const early = await decide(world.secondClient, request.id, step2!.id, 'approved');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(REQUEST_MESSAGES.notYourTurn);
    expect((await decide(world.firstClient, request.id, step1!.id, 'approved')).statusCode).toBe(200);
    const twice = await decide(world.firstClient, request.id, step1!.id, 'rejected');
    expect(twice.statusCode).toBe(409);
    const after = await requestAsAdmin(world, request.id);
    expect(after.approvals.map((step) => step.approved)).toEqual(['approved', 'pending']);
    expect(after.status).toBe('Pending');
    // An approval id of another request is not this approver's step there.
    const other = await fileRequest(world);
    expect((await decide(world.firstClient, other.id, step1!.id, 'approved')).statusCode).toBe(403);
    expect((await decide(world.firstClient, 999_999, step1!.id, 'approved')).statusCode).toBe(404);
  });

  it('the approval comment: optional, at most 255 characters (422), empty kept as null', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    const [step1, step2] = request.approvals;
    const long = await decide(world.firstClient, request.id, step1!.id, 'approved', 'x'.repeat(256));
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors)).toEqual(['notes']);
    expect((await requestAsAdmin(world, request.id)).approvals[0]!.approved).toBe('pending');
    expect((await decide(world.firstClient, request.id, step1!.id, 'approved', '')).statusCode).toBe(200);
    expect((await decide(world.secondClient, request.id, step2!.id, 'approved', 'y'.repeat(255))).statusCode).toBe(200);
    expect((await requestAsAdmin(world, request.id)).approvals.map((step) => step.notes)).toEqual([
      null,
      'y'.repeat(255),
    ]);
  });

  it('funding the organisation cannot cover is refused with 409 and nothing changes; it works after a top-up', async () => {
    const world = await requestWorld(ctx, { funds: 5_000 });
    const request = await fileRequest(world);
    const [step1, step2] = request.approvals;
    expect((await decide(world.firstClient, request.id, step1!.id, 'approved')).statusCode).toBe(200);
    const refused = await decide(world.secondClient, request.id, step2!.id, 'approved', 'ok');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CARD_MESSAGES.insufficientFunds);
    await expectNothingFunded(ctx, world, request.id, 5_000);
    const after = await requestAsAdmin(world, request.id);
    expect(after).toMatchObject({ status: 'Pending', approved_path: 'pending' });
    expect(after.approvals.map((step) => [step.approved, step.notes])).toEqual([
      ['approved', null],
      ['pending', null],
    ]);
    expect(await mailsOf(ctx, world.organization.id, 'request_decided')).toEqual([]);

    await topUp(world.adminClient, 10_000);
    expect((await decide(world.secondClient, request.id, step2!.id, 'approved')).statusCode).toBe(200);
    expect(await cardLimit(world)).toBe(12_345);
    expect(await unallocated(world)).toBe(15_000 - 12_345);
  });
});
