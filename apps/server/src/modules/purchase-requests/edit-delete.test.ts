import { beforeAll, describe, expect, it } from 'vitest';
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
  requestBody,
  requestWorld,
  signedInUser,
  type RequestWorld,
} from './test-fixtures.js';

/** Edit Request while nobody has decided, Delete and Discard within what each role may remove (ARCHITECTURE.md D8). */
const ctx = useTestApp();
let world: RequestWorld;

beforeAll(async () => {
  world = await requestWorld(ctx);
});

const edit = (id: number, overrides: Record<string, unknown>) =>
  world.memberClient.put(`/api/purchase-requests/${id}`, requestBody(world, overrides));

describe('Edit Request', () => {
  it('while undecided: the request changes and its approval chain starts again (old mail links die)', async () => {
    const request = await fileRequest(world);
    const [oldMail] = (await mailsOf(ctx, world.organization.id, 'approval_needed')).slice(-1);
    const edited = await edit(request.id, {
      amount: 9_900,
      notes: 'Cheaper tickets',
      interval: 'weekly',
      start_date: '2099-01-01',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      id: request.id,
      amount: 9_900,
      notes: 'Cheaper tickets',
      interval: 'weekly',
      start_date: '2099-01-01',
      status: 'Pending',
    });
    const approvals = edited.json().data.approvals as Array<{ id: number; approver_id: number; approved: string }>;
    expect(approvals.map((step) => [step.approver_id, step.approved])).toEqual([
      [world.first.id, 'pending'],
      [world.second.id, 'pending'],
    ]);
    expect(approvals.map((step) => step.id)).not.toContain(request.approvals[0]!.id);

    // The first approver is asked again, about the new amount; the old link no longer decides anything.
    const [newMail] = (await mailsOf(ctx, world.organization.id, 'approval_needed')).slice(-1);
    expect(newMail!.id).not.toBe(oldMail!.id);
    expect(newMail).toMatchObject({ to_email: world.first.email });
    expect(newMail!.text_body).toContain('$99.00');
    const stale = await ctx.client(world.host).get(linkIn(oldMail!.text_body, 'Approve'));
    expect(stale.headers.location).toBe('/purchase-requests/approvals/error?status=not-found');
    expect((await decide(world.firstClient, request.id, request.approvals[0]!.id, 'approved')).statusCode).toBe(403);
    expect((await decide(world.firstClient, request.id, approvals[0]!.id, 'approved')).statusCode).toBe(200);
  });

  it('after a step is decided: 409, nothing changes', async () => {
    const request = await fileRequest(world);
    await decide(world.firstClient, request.id, request.approvals[0]!.id, 'approved');
    const refused = await edit(request.id, { amount: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REQUEST_MESSAGES.notEditable);
    const after = await requestAsAdmin(world, request.id);
    expect(after.approvals.map((step) => step.approved)).toEqual(['approved', 'pending']);
    expect((await world.adminClient.get(`/api/purchase-requests/${request.id}`)).json().data.amount).toBe(12_345);

    const forced = await fileRequest(world);
    await force(world.adminClient, forced.id, 'rejected');
    expect((await edit(forced.id, { amount: 1 })).statusCode).toBe(409);
  });

  it("another member's request is 404; invalid edits are 422 and change nothing", async () => {
    const request = await fileRequest(world);
    const other = await signedInUser(ctx, world, 'wallet-user');
    expect(
      (await other.client.put(`/api/purchase-requests/${request.id}`, requestBody(world, { amount: 1 }))).statusCode,
    ).toBe(404);
    const invalid = await edit(request.id, { amount: 0, notes: '' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toMatchObject({ amount: [REQUEST_MESSAGES.amountInvalid] });
    expect((await edit(request.id, { card_id: 999_999 })).json().errors).toMatchObject({
      card_id: [REQUEST_MESSAGES.cardNotYours],
    });
    const after = await requestAsAdmin(world, request.id);
    expect(after.approvals.map((step) => step.id)).toEqual(request.approvals.map((step) => step.id));
    expect((await world.adminClient.get(`/api/purchase-requests/${request.id}`)).json().data).toMatchObject({
      amount: 12_345,
      notes: 'Conference tickets',
    });
  });
});

describe('Delete', () => {
  it('the requester deletes their own undecided request (204); it is gone and its mail link says not-found', async () => {
    const request = await fileRequest(world);
    const [mail] = (await mailsOf(ctx, world.organization.id, 'approval_needed')).slice(-1);
    const deleted = await world.memberClient.delete(`/api/purchase-requests/${request.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await world.memberClient.get(`/api/purchase-requests/${request.id}`)).statusCode).toBe(404);
    expect((await world.memberClient.delete(`/api/purchase-requests/${request.id}`)).statusCode).toBe(404);
    expect((await decide(world.firstClient, request.id, request.approvals[0]!.id, 'approved')).statusCode).toBe(404);
    const link = await ctx.client(world.host).get(linkIn(mail!.text_body, 'Approve'));
    expect(link.headers.location).toBe('/purchase-requests/approvals/error?status=not-found');
    expect(await cardLimit(world)).toBe(0);
  });

  it("another member's request is 404 and stays", async () => {
    const request = await fileRequest(world);
    const other = await signedInUser(ctx, world, 'wallet-user');
    expect((await other.client.delete(`/api/purchase-requests/${request.id}`)).statusCode).toBe(404);
    // An approver who is not an admin is not the owner either.
    expect((await requestAsAdmin(world, request.id)).status).toBe('Pending');
  });

  it('a decided request cannot be deleted by its requester (409), but an admin may delete any', async () => {
    const partly = await fileRequest(world);
    await decide(world.firstClient, partly.id, partly.approvals[0]!.id, 'approved');
    const rejected = await fileRequest(world);
    await decide(world.firstClient, rejected.id, rejected.approvals[0]!.id, 'rejected');
    const approved = await fileRequest(world, { amount: 500 });
    await force(world.adminClient, approved.id, 'approved');

    for (const request of [rejected, approved]) {
      const refused = await world.memberClient.delete(`/api/purchase-requests/${request.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(REQUEST_MESSAGES.notEditable);
    }
    for (const request of [partly, rejected, approved]) {
      expect((await world.adminClient.delete(`/api/purchase-requests/${request.id}`)).statusCode).toBe(204);
      expect((await world.adminClient.get(`/api/purchase-requests/${request.id}`)).statusCode).toBe(404);
    }
    // Deleting the record does not take back money already on the card.
    expect(await cardLimit(world)).toBe(500);
  });
});
