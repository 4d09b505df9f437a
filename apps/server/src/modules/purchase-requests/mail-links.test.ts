import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { makeOrganization } from '../../test/factories.js';
import { topUp } from '../../test/card-factories.js';
import {
  cardLimit,
  decide,
  fileRequest,
  force,
  linkIn,
  mailsOf,
  requestAsAdmin,
  requestWorld,
  type RequestWorld,
} from './test-fixtures.js';

/** One-click Approve and Reject links in the approver's mail (issue 6 point 3, ARCHITECTURE.md D8). */
const ctx = useTestApp();

const done = (approvalId: number, status: string) =>
  `/purchase-requests/approvals/done?approval=${approvalId}&status=${status}`;

/** The newest approval mail to this address, and a signed-out browser to click its links. */
async function latestApprovalMail(world: RequestWorld, email: string) {
  const mails = (await mailsOf(ctx, world.organization.id, 'approval_needed')).filter(
    (mail) => mail.to_email === email,
  );
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no approval mail to ${email}`);
  return mail;
}

async function click(world: RequestWorld, path: string) {
  const response = await ctx.client(world.host).get(path);
  expect(response.statusCode, response.body).toBe(302);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.headers.location;
}

describe('mail links', () => {
  it('the current approver is mailed Approve and Reject links; approving asks the next one, who approves too', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    const [step1, step2] = request.approvals;
    const firstMail = await latestApprovalMail(world, world.first.email);
    expect(firstMail.text_body).toMatch(/Approve: https?:\/\/\S+/);
    expect(firstMail.text_body).toMatch(/Reject: https?:\/\/\S+/);
    expect(firstMail.subject).toContain('$123.45');
    // Only the current step's approver is asked.
    expect((await mailsOf(ctx, world.organization.id, 'approval_needed')).map((mail) => mail.to_email)).toEqual([
      world.first.email,
    ]);

    expect(await click(world, linkIn(firstMail.text_body, 'Approve'))).toBe(done(step1!.id, 'approved'));
    expect((await requestAsAdmin(world, request.id)).approvals.map((step) => step.approved)).toEqual([
      'approved',
      'pending',
    ]);
    // The other link of the answered step, and the same link again, say it was used.
    expect(await click(world, linkIn(firstMail.text_body, 'Reject'))).toBe(done(step1!.id, 'used'));
    expect(await click(world, linkIn(firstMail.text_body, 'Approve'))).toBe(done(step1!.id, 'used'));

    const secondMail = await latestApprovalMail(world, world.second.email);
    expect(await click(world, linkIn(secondMail.text_body, 'Approve'))).toBe(done(step2!.id, 'approved'));
    expect(await requestAsAdmin(world, request.id)).toMatchObject({ status: 'Approved' });
    expect(await cardLimit(world)).toBe(12_345);
    expect(await click(world, linkIn(secondMail.text_body, 'Approve'))).toBe(done(step2!.id, 'used'));
    expect(await cardLimit(world)).toBe(12_345);

    const outcome = await mailsOf(ctx, world.organization.id, 'request_decided');
    expect(outcome.map((mail) => mail.to_email)).toEqual([world.member.email]);
    expect(outcome[0]!.subject).toContain('approved');
  });

  it('reject from the mail: the request is Rejected, the requester is told, the next approver is not asked', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    const mail = await latestApprovalMail(world, world.first.email);
    expect(await click(world, linkIn(mail.text_body, 'Reject'))).toBe(done(request.approvals[0]!.id, 'rejected'));
    expect(await requestAsAdmin(world, request.id)).toMatchObject({
      status: 'Rejected',
      approved_path: 'rejected',
      transferred: null,
    });
    expect(await click(world, linkIn(mail.text_body, 'Approve'))).toBe(done(request.approvals[0]!.id, 'used'));
    expect(await cardLimit(world)).toBe(0);
    const outcome = await mailsOf(ctx, world.organization.id, 'request_decided');
    expect(outcome.map((item) => [item.to_email, item.subject.includes('rejected')])).toEqual([
      [world.member.email, true],
    ]);
    expect((await mailsOf(ctx, world.organization.id, 'approval_needed')).map((item) => item.to_email)).toEqual([
      world.first.email,
    ]);
  });

  it('a decision made in the app, or a force, uses up the links', async () => {
    const world = await requestWorld(ctx);
    const inApp = await fileRequest(world);
    const inAppMail = await latestApprovalMail(world, world.first.email);
    await decide(world.firstClient, inApp.id, inApp.approvals[0]!.id, 'approved');
    expect(await click(world, linkIn(inAppMail.text_body, 'Reject'))).toBe(done(inApp.approvals[0]!.id, 'used'));

    const forced = await fileRequest(world);
    const forcedMail = await latestApprovalMail(world, world.first.email);
    await force(world.adminClient, forced.id, 'rejected');
    expect(await click(world, linkIn(forcedMail.text_body, 'Approve'))).toBe(done(forced.approvals[0]!.id, 'used'));
    expect(await requestAsAdmin(world, forced.id)).toMatchObject({ status: 'Rejected', transferred: null });
  });

  it('an expired link lands on the expired page and decides nothing', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    const mail = await latestApprovalMail(world, world.first.email);
    await ctx.db
      .updateTable('approval_links')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('purchase_request_id', '=', request.id)
      .execute();
    expect(await click(world, linkIn(mail.text_body, 'Approve'))).toBe('/purchase-request/approvals/expired');
    expect(await click(world, linkIn(mail.text_body, 'Reject'))).toBe('/purchase-request/approvals/expired');
    expect((await requestAsAdmin(world, request.id)).approvals.map((step) => step.approved)).toEqual([
      'pending',
      'pending',
    ]);
    // The approver can still decide in the app.
    expect((await decide(world.firstClient, request.id, request.approvals[0]!.id, 'approved')).statusCode).toBe(200);
  });

  it('links expire after 7 days', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    const links = await ctx.db
      .selectFrom('approval_links')
      .select(['expires_at', 'used_at'])
      .where('purchase_request_id', '=', request.id)
      .execute();
    expect(links).toHaveLength(2);
    for (const link of links) {
      const days = (link.expires_at.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);
      expect(link.used_at).toBeNull();
    }
  });

  it('a deleted request, an unknown token, or another organisation lands on error?status=not-found', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    const mail = await latestApprovalMail(world, world.first.email);
    const other = await makeOrganization(ctx.db);
    const foreign = await ctx.client(other.host).get(linkIn(mail.text_body, 'Approve'));
    expect(foreign.headers.location).toBe('/purchase-requests/approvals/error?status=not-found');
    expect((await requestAsAdmin(world, request.id)).status).toBe('Pending');
    expect(await click(world, `/api/approval-links/${'x'.repeat(43)}`)).toBe(
      '/purchase-requests/approvals/error?status=not-found',
    );

    expect((await world.memberClient.delete(`/api/purchase-requests/${request.id}`)).statusCode).toBe(204);
    expect(await click(world, linkIn(mail.text_body, 'Approve'))).toBe(
      '/purchase-requests/approvals/error?status=not-found',
    );
    expect(await click(world, linkIn(mail.text_body, 'Reject'))).toBe(
      '/purchase-requests/approvals/error?status=not-found',
    );
  });

  it('funding refused lands on error?status=funding, changes nothing, and the link still works after a top-up', async () => {
    const world = await requestWorld(ctx, { funds: 10_000 });
    const request = await fileRequest(world);
    await decide(world.firstClient, request.id, request.approvals[0]!.id, 'approved');
    const mail = await latestApprovalMail(world, world.second.email);
    expect(await click(world, linkIn(mail.text_body, 'Approve'))).toBe(
      '/purchase-requests/approvals/error?status=funding',
    );
    expect(await requestAsAdmin(world, request.id)).toMatchObject({ status: 'Pending', transferred: null });
    expect(await cardLimit(world)).toBe(0);
    expect(await mailsOf(ctx, world.organization.id, 'request_decided')).toEqual([]);

    await topUp(world.adminClient, 5_000);
    expect(await click(world, linkIn(mail.text_body, 'Approve'))).toBe(done(request.approvals[1]!.id, 'approved'));
    expect(await cardLimit(world)).toBe(12_345);
    expect(await click(world, linkIn(mail.text_body, 'Approve'))).toBe(done(request.approvals[1]!.id, 'used'));
  });
});

describe('notification preferences', () => {
  it('a requester with request_decided off gets no outcome mail; an approver with approval_needed off gets no link', async () => {
    const world = await requestWorld(ctx);
    const off = { approval_needed: true, request_decided: false, card_funded: true };
    expect(
      (await world.memberClient.put(`/api/users/${world.member.id}/notification-preferences`, off)).statusCode,
    ).toBe(200);
    const request = await fileRequest(world);
    await force(world.adminClient, request.id, 'approved');
    expect(await mailsOf(ctx, world.organization.id, 'request_decided')).toEqual([]);

    const quiet = { approval_needed: false, request_decided: true, card_funded: true };
    expect(
      (await world.firstClient.put(`/api/users/${world.first.id}/notification-preferences`, quiet)).statusCode,
    ).toBe(200);
    const before = (await mailsOf(ctx, world.organization.id, 'approval_needed')).length;
    const next = await fileRequest(world);
    expect(await mailsOf(ctx, world.organization.id, 'approval_needed')).toHaveLength(before);
    // The second approver still hears when their step opens.
    await decide(world.firstClient, next.id, next.approvals[0]!.id, 'approved');
    expect((await mailsOf(ctx, world.organization.id, 'approval_needed')).at(-1)!.to_email).toBe(world.second.email);
  });
});
