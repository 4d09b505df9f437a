import { describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { acceptTermsInDb, activateCard, createCard } from '../../test/card-factories.js';
import { integrityProblems } from '../ledger/service.js';
import {
  cardLimit,
  decide,
  entriesWithReference,
  expectNothingFunded,
  fileRequest,
  force,
  mailsOf,
  requestAsAdmin,
  requestWorld,
  signedInUser,
} from './test-fixtures.js';

/** Force Approve and Force Reject (admins, not on their own request): the accounting state of PRODUCT.md §4. */
const ctx = useTestApp();

describe('admin force decisions', () => {
  it('force approve funds the card, records the note, and closes the path', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    const forced = await force(world.adminClient, request.id, 'approved');
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().data).toMatchObject({
      status: 'Approved',
      approved_accounting: 'approved',
      approved_path: 'pending',
      accounting_notes: 'Force approved by admin from purchase request dashboard.',
    });
    expect(await cardLimit(world)).toBe(12_345);
    expect((await requestAsAdmin(world, request.id)).transferred).not.toBeNull();
    // The approvers can no longer decide, and forcing again is a conflict.
    expect((await decide(world.firstClient, request.id, request.approvals[0]!.id, 'approved')).statusCode).toBe(409);
    expect((await force(world.adminClient, request.id, 'rejected')).statusCode).toBe(409);
    expect(await cardLimit(world)).toBe(12_345);
    expect(await integrityProblems(ctx.db, world.organization.id)).toEqual({
      unbalancedEntries: [],
      driftedAccounts: [],
    });
  });

  it('force reject funds nothing and records the note; members may not force (403)', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    expect((await force(world.memberClient, request.id, 'approved')).statusCode).toBe(403);
    const wrong = await force(world.adminClient, request.id, 'pending');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(REQUEST_MESSAGES.incorrectStatus);
    const forced = await force(world.adminClient, request.id, 'rejected');
    expect(forced.statusCode).toBe(200);
    expect(forced.json().data).toMatchObject({
      status: 'Rejected',
      approved_accounting: 'rejected',
      accounting_notes: 'Force rejected by admin from purchase request dashboard.',
    });
    await expectNothingFunded(ctx, world, request.id, 1_000_000);
    expect((await mailsOf(ctx, world.organization.id, 'request_decided')).map((mail) => mail.to_email)).toEqual([
      world.member.email,
    ]);
  });

  it('the note names where it was forced: the requests page is recorded and mailed as such', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    const fromRequestsPage = 'Force approved by admin from the purchase requests page.';
    const forced = await force(world.adminClient, request.id, 'approved', fromRequestsPage);
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().data).toMatchObject({ status: 'Approved', accounting_notes: fromRequestsPage });
    expect((await requestAsAdmin(world, request.id)).accounting_notes).toBe(fromRequestsPage);
    const [mail] = await mailsOf(ctx, world.organization.id, 'request_decided');
    expect(mail!.text_body).toContain(fromRequestsPage);
  });

  it('a note that is no known force notice for the status is a 422 on notes, and nothing is written', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    const unknownNotes = [
      'Approved because I said so.',
      'Force rejected by admin from purchase request dashboard.', // the other status's notice
      'Force approved by admin from the purchase requests page', // not the exact notice
    ];
    for (const notes of unknownNotes) {
      const refused = await force(world.adminClient, request.id, 'approved', notes);
      expect(refused.statusCode, notes).toBe(422);
      expect(refused.json().errors).toEqual({ notes: [REQUEST_MESSAGES.forceNoteUnknown] });
    }
    expect(await requestAsAdmin(world, request.id)).toMatchObject({
      status: 'Pending',
      approved_accounting: 'pending',
      accounting_notes: null,
    });
    await expectNothingFunded(ctx, world, request.id, 1_000_000);
    expect(await mailsOf(ctx, world.organization.id, 'request_decided')).toEqual([]);
  });

  it('an admin may not decide their own request (403)', async () => {
    const world = await requestWorld(ctx);
    // Cards go to wallet users: the requester files as a member and is promoted to admin afterwards.
    const requester = await signedInUser(ctx, world, 'wallet-user');
    await acceptTermsInDb(ctx.db, requester.user.id);
    const card = await createCard(world.adminClient, requester.user.id);
    await activateCard(world.adminClient, card.id);
    expect(
      (await world.adminClient.put(`/api/teams/${world.team.id}/users/${requester.user.id}`)).statusCode,
    ).toBeLessThan(300);
    const filed = await requester.client.post(`/api/users/${requester.user.id}/purchase-requests`, {
      amount: 500,
      card_id: card.id,
      team_id: world.team.id,
      notes: 'Own',
      interval: null,
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const promoted = await world.adminClient.put(`/api/users/${requester.user.id}/roles`, { roles: ['wallet-admin'] });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const own = await force(requester.client, filed.json().data.id, 'approved');
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json().message).toBe(REQUEST_MESSAGES.ownRequest);
    expect((await requestAsAdmin(world, filed.json().data.id)).status).toBe('Pending');
    // Another admin may.
    expect((await force(world.adminClient, filed.json().data.id, 'rejected')).statusCode).toBe(200);
  });

  it("a team with an empty path: no approvals, no approver mailed, it waits in the admins' Pending Request list until a force decides", async () => {
    const world = await requestWorld(ctx, { path: 'none' });
    const request = await fileRequest(world);
    expect(request.approvals).toEqual([]);
    expect(await mailsOf(ctx, world.organization.id, 'approval_needed')).toEqual([]);
    const pendingForAdmin = await world.adminClient.get(
      `/api/purchase-requests?filter[pending_approval_by]=${world.admin.id}`,
    );
    expect(pendingForAdmin.json().data.map((row: { id: number }) => row.id)).toEqual([request.id]);
    const pendingForMember = await world.memberClient.get(
      `/api/purchase-requests?filter[pending_approval_by]=${world.member.id}`,
    );
    expect(pendingForMember.json().meta.total).toBe(0);
    expect((await requestAsAdmin(world, request.id)).status).toBe('Pending');
    expect((await force(world.adminClient, request.id, 'approved')).json().data).toMatchObject({ status: 'Approved' });
    expect(await cardLimit(world)).toBe(12_345);
    const afterForce = await world.adminClient.get(
      `/api/purchase-requests?filter[pending_approval_by]=${world.admin.id}`,
    );
    expect(afterForce.json().meta.total).toBe(0);
  });

  it('a force approve racing the last approver funds once', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    const [step1, step2] = request.approvals;
    await decide(world.firstClient, request.id, step1!.id, 'approved');
    const results = await Promise.all([
      force(world.adminClient, request.id, 'approved'),
      decide(world.secondClient, request.id, step2!.id, 'approved'),
      force(world.adminClient, request.id, 'approved'),
      decide(world.secondClient, request.id, step2!.id, 'approved'),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await cardLimit(world)).toBe(12_345);
    expect(await entriesWithReference(ctx, world.organization.id, `purchase-request:${request.id}`)).toHaveLength(1);
    expect(await integrityProblems(ctx.db, world.organization.id)).toEqual({
      unbalancedEntries: [],
      driftedAccounts: [],
    });
  });
});
