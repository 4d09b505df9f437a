import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_SWITCH_DEFAULTS, NOTIFICATION_SWITCH_TEXTS } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { countRows, setupOrg } from '../../test/helpers.js';
import { putBalance } from '../../test/card-factories.js';
import { renderMail } from '../mail/service.js';
import { decide, fileRequest, force, linkIn, mailsOf, requestWorld } from '../purchase-requests/test-fixtures.js';
import { mailNotice, notify, type Notice, type NoticeMailJob } from './service.js';
import { notificationMailsTo, waitForNotificationMails } from './test-fixtures.js';

/**
 * Issue 20 point 7: each kind switchable per person in the bell and by mail (GET/PUT
 * /api/users/{id}/notification-preferences), and notify() honouring the switches itself.
 */
const ctx = useTestApp();

const urlOf = (userId: number) => `/api/users/${userId}/notification-preferences`;

describe('GET and PUT /api/users/{id}/notification-preferences', () => {
  it('starts with the defaults: everything in the bell, mail for all but approved purchases', async () => {
    const org = await setupOrg(ctx);
    const response = await org.memberClient.get(urlOf(org.member.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: NOTIFICATION_SWITCH_DEFAULTS });
  });

  it('changes only the kinds and channels named, and keeps them', async () => {
    const org = await setupOrg(ctx);
    const saved = await org.memberClient.put(urlOf(org.member.id), {
      purchase_approved: { mail: true },
      card_funded: { in_app: false, mail: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      ...NOTIFICATION_SWITCH_DEFAULTS,
      purchase_approved: { in_app: true, mail: true },
      card_funded: { in_app: false, mail: false },
    };
    expect(saved.json()).toEqual({ data: expected });
    expect((await org.memberClient.get(urlOf(org.member.id))).json().data).toEqual(expected);
    // An admin reads and changes anyone's in the organisation.
    expect((await org.adminClient.get(urlOf(org.member.id))).json().data).toEqual(expected);
    const byAdmin = await org.adminClient.put(urlOf(org.member.id), { card_funded: { in_app: true } });
    expect(byAdmin.json().data.card_funded).toEqual({ in_app: true, mail: false });
  });

  it('takes the mail preferences of before: a bare boolean is the mail switch of its kind', async () => {
    const org = await setupOrg(ctx);
    const saved = await org.memberClient.put(urlOf(org.member.id), {
      approval_needed: false,
      request_decided: true,
      card_funded: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      approval_needed: { in_app: true, mail: false },
      request_decided: { in_app: true, mail: true },
      card_funded: { in_app: true, mail: false },
    });
  });

  it('refuses a switch that is not true or false (422 on the field) and saves nothing', async () => {
    const org = await setupOrg(ctx);
    for (const body of [{ approval_needed: 'yes' }, { card_low: { mail: 'no' } }, { org_funds_low: null }]) {
      const response = await org.memberClient.put(urlOf(org.member.id), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      const [field] = Object.keys(body);
      expect(Object.keys(response.json().errors).every((key) => key.startsWith(field!))).toBe(true);
      expect(Object.values(response.json().errors).flat()).toContain(NOTIFICATION_SWITCH_TEXTS.mustBeBoolean);
    }
    expect(await countRows(ctx.db, 'notification_switches', org.organization.id)).toBe(0);
  });

  it("is 404 for another person's (member) or another organisation's, and 401 signed out; nothing is saved", async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    const off = { card_funded: false };
    expect((await org.memberClient.get(urlOf(org.admin.id))).statusCode).toBe(404);
    expect((await org.memberClient.put(urlOf(org.admin.id), off)).statusCode).toBe(404);
    expect((await org.adminClient.get(urlOf(other.member.id))).statusCode).toBe(404);
    expect((await org.adminClient.put(urlOf(other.member.id), off)).statusCode).toBe(404);
    expect((await org.anonymous.get(urlOf(org.member.id))).statusCode).toBe(401);
    expect((await org.anonymous.put(urlOf(org.member.id), off)).statusCode).toBe(401);
    expect(await countRows(ctx.db, 'notification_switches', org.organization.id)).toBe(0);
    expect(await countRows(ctx.db, 'notification_switches', other.organization.id)).toBe(0);
  });
});

describe('notify() honours the switches', () => {
  const noticeTo = (orgId: number, userId: number, title: string): Notice => ({
    orgId,
    userId,
    kind: 'purchase_declined',
    title,
    body: 'Your monthly limit of $500.00 on •••• 4242 would be exceeded; $120.50 is left until 1 December.',
    link: '/cards/12',
  });
  const titlesOf = async (orgId: number, userId: number) =>
    (
      await ctx.db
        .selectFrom('notifications')
        .select('title')
        .where('org_id', '=', orgId)
        .where('user_id', '=', userId)
        .execute()
    ).map((row) => row.title);

  it('in the bell and by mail by default: the mail, in the standard layout with a link to the app, is delivered', async () => {
    const org = await setupOrg(ctx);
    const written = await notify(ctx.db, [noticeTo(org.organization.id, org.member.id, 'Purchase declined')]);
    expect(written).toHaveLength(1);
    expect(await titlesOf(org.organization.id, org.member.id)).toEqual(['Purchase declined']);
    const [mail] = await notificationMailsTo(ctx.db, org.member.email, 'purchase_declined');
    expect(mail!.subject).toBe(`Purchase declined · ${org.organization.name}`);
    expect(mail!.text_body).toContain('$120.50 is left until 1 December');
    expect(mail!.text_body).toContain(`http://${org.host.split(':')[0]}`);
    expect(mail!.text_body).toContain('/cards/12');
    // Delivered to the test mailbox (no SMTP in tests: kept for /dev/mailbox).
    await expect
      .poll(async () => (await notificationMailsTo(ctx.db, org.member.email, 'purchase_declined'))[0]!.status, {
        timeout: 15_000,
      })
      .toBe('stored');
  });

  it('the mail job run twice for the same notices (a retry after its commit) queues each mail once', async () => {
    const org = await setupOrg(ctx);
    const job: NoticeMailJob = {
      key: randomUUID(),
      notices: [
        noticeTo(org.organization.id, org.member.id, 'Declined once'),
        noticeTo(org.organization.id, org.member.id, 'Declined twice'),
      ],
    };
    await mailNotice(ctx.deps, job);
    await mailNotice(ctx.deps, job);
    const mails = await notificationMailsTo(ctx.db, org.member.email, 'purchase_declined');
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      `Declined once · ${org.organization.name}`,
      `Declined twice · ${org.organization.name}`,
    ]);
  });

  it('in-app off: no notification row; mail still sent', async () => {
    const org = await setupOrg(ctx);
    await org.memberClient.put(urlOf(org.member.id), { purchase_declined: { in_app: false } });
    expect(await notify(ctx.db, [noticeTo(org.organization.id, org.member.id, 'Quiet')])).toEqual([]);
    expect(await titlesOf(org.organization.id, org.member.id)).toEqual([]);
    expect(await notificationMailsTo(ctx.db, org.member.email, 'purchase_declined')).toHaveLength(1);
  });

  it('mail off: the bell only; another person with the defaults still gets both', async () => {
    const org = await setupOrg(ctx);
    await org.memberClient.put(urlOf(org.member.id), { purchase_declined: { mail: false } });
    await notify(ctx.db, [
      noticeTo(org.organization.id, org.member.id, 'Bell only'),
      noticeTo(org.organization.id, org.admin.id, 'Both'),
    ]);
    expect(await titlesOf(org.organization.id, org.member.id)).toEqual(['Bell only']);
    expect(await notificationMailsTo(ctx.db, org.member.email, 'purchase_declined')).toEqual([]);
    expect(await notificationMailsTo(ctx.db, org.admin.email, 'purchase_declined')).toHaveLength(1);
  });

  it('purchase_approved mails nobody by default', async () => {
    const org = await setupOrg(ctx);
    await notify(ctx.db, [{ ...noticeTo(org.organization.id, org.member.id, 'Approved'), kind: 'purchase_approved' }]);
    expect(await titlesOf(org.organization.id, org.member.id)).toEqual(['Approved']);
    expect(await notificationMailsTo(ctx.db, org.member.email, 'purchase_approved')).toEqual([]);
  });

  it("a producer's own mail is queued as it is, in the same transaction; a rollback leaves neither", async () => {
    const org = await setupOrg(ctx);
    const mail = renderMail({ organisation: org.organization.name, subject: 'Own', greeting: 'Hi', paragraphs: ['x'] });
    await ctx.db
      .transaction()
      .execute((tx) => notify(tx, [{ ...noticeTo(org.organization.id, org.member.id, 'Kept'), mail }]));
    await expect(
      ctx.db.transaction().execute(async (tx) => {
        await notify(tx, [{ ...noticeTo(org.organization.id, org.member.id, 'Rolled back'), mail }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await titlesOf(org.organization.id, org.member.id)).toEqual(['Kept']);
    const mails = await notificationMailsTo(ctx.db, org.member.email, 'purchase_declined');
    expect(mails.map((each) => each.subject)).toEqual([mail.subject]);
  });
});

describe('producers mail once, through notify', () => {
  it('approval_needed and request_decided: one mail each (with the one-click links), and none when switched off', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world);
    const toFirst = (await mailsOf(ctx, world.organization.id, 'approval_needed')).filter(
      (mail) => mail.to_email === world.first.email,
    );
    expect(toFirst).toHaveLength(1);
    expect(linkIn(toFirst[0]!.text_body, 'Approve')).toMatch(/^\/api\/approval-links\//);
    await decide(world.firstClient, request.id, request.approvals[0]!.id, 'approved');
    await decide(world.secondClient, request.id, request.approvals[1]!.id, 'approved');
    await waitForNotificationMails(ctx.db);
    expect(await mailsOf(ctx, world.organization.id, 'request_decided')).toHaveLength(1);
    expect(await mailsOf(ctx, world.organization.id, 'approval_needed')).toHaveLength(2);

    await world.memberClient.put(urlOf(world.member.id), { request_decided: { mail: false } });
    const next = await fileRequest(world);
    await force(world.adminClient, next.id, 'rejected');
    await waitForNotificationMails(ctx.db);
    expect(await mailsOf(ctx, world.organization.id, 'request_decided')).toHaveLength(1);
  });

  it('card_funded: one mail to the holder per funding, in the standard layout', async () => {
    const world = await requestWorld(ctx);
    await putBalance(world.adminClient, world.card.id, 2_500);
    const mails = await notificationMailsTo(ctx.db, world.member.email, 'card_funded');
    expect(mails).toHaveLength(1);
    await world.memberClient.put(urlOf(world.member.id), { card_funded: false });
    await putBalance(world.adminClient, world.card.id, 5_000);
    expect(await notificationMailsTo(ctx.db, world.member.email, 'card_funded')).toHaveLength(1);
  });
});
