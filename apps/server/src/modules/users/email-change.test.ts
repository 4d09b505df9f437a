import { describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_RATE_LIMIT, EMAIL_CHANGE_TTL_MINUTES, USER_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { addUser, countRows, latestMailTo, setupOrg, uniqueEmail } from '../../test/helpers.js';
import { TEST_PASSWORD } from '../../test/factories.js';

const ctx = useTestApp();

const profileOf = (
  user: { first_name: string; last_name: string; email: string },
  overrides: Record<string, unknown> = {},
) => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  ...overrides,
});

function userRow(id: number) {
  return ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function mailsTo(email: string) {
  return ctx.db.selectFrom('mail_messages').selectAll().where('to_email', '=', email).orderBy('id').execute();
}

/** The confirmation link in a mail's text body, as a path and query to open on the organisation's host. */
function confirmationLinkIn(text: string): string {
  const match = /(https?:\/\/\S+\/api\/email-changes\/confirm\?token=\S+)/.exec(text);
  if (!match) throw new Error(`no confirmation link in: ${text}`);
  return new URL(match[1]!).pathname + new URL(match[1]!).search;
}

function originOfLinkIn(text: string): URL {
  return new URL(/(https?:\/\/\S+\/api\/email-changes\/confirm\?token=\S+)/.exec(text)![1]!);
}

describe("a super-admin's profile (issue 15 point 7)", () => {
  it('is refused to a wallet-admin with 403 and its message; nothing is written or mailed', async () => {
    const org = await setupOrg(ctx);
    const walletAdmin = await addUser(ctx.db, org.organization.id, 'wallet-admin');
    const client = await ctx.client(org.host).signIn(walletAdmin.email, TEST_PASSWORD);
    const before = await userRow(org.admin.id);
    const mails = await countRows(ctx.db, 'mail_messages');
    for (const body of [
      profileOf(org.admin, { email: uniqueEmail('takeover') }),
      profileOf(org.admin, { first_name: 'Eve' }),
      profileOf(org.admin, { role: 'wallet-admin' }),
    ]) {
      const response = await client.put(`/api/users/${org.admin.id}`, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(USER_MESSAGES.superAdminProfileLocked);
    }
    expect(await userRow(org.admin.id)).toEqual(before);
    expect(await countRows(ctx.db, 'mail_messages')).toBe(mails);
    // The wallet-admin still edits other people.
    expect(
      (await client.put(`/api/users/${org.member.id}`, profileOf(org.member, { first_name: 'Mina' }))).statusCode,
    ).toBe(200);
  });

  it('is open to another super-admin, who may change it at once (the old address is told)', async () => {
    const org = await setupOrg(ctx);
    const second = await addUser(ctx.db, org.organization.id, 'super-admin', {
      first_name: 'Sam',
      last_name: 'Second',
    });
    const email = uniqueEmail('sam-new');
    const response = await org.adminClient.put(`/api/users/${second.id}`, profileOf(second, { email, city: 'Denver' }));
    expect(response.statusCode).toBe(200);
    expect(await userRow(second.id)).toMatchObject({ email, city: 'Denver' });
    expect((await latestMailTo(ctx.db, second.email))?.kind).toBe('email-changed');
  });
});

describe('an email changed by an admin', () => {
  it('applies at once and mails a notice to the old address naming the new one', async () => {
    const org = await setupOrg(ctx);
    const email = uniqueEmail('mia-new');
    const response = await org.adminClient.put(`/api/users/${org.member.id}`, profileOf(org.member, { email }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.email).toBe(email);
    expect(response.json().message).toBeUndefined();
    expect((await userRow(org.member.id)).email).toBe(email);
    const notices = await mailsTo(org.member.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ org_id: org.organization.id, kind: 'email-changed', to_name: 'Mia Member' });
    expect(notices[0]!.text_body).toContain(email);
    expect(notices[0]!.text_body).toMatch(/contact an admin/i);
    expect(notices[0]!.html_body).toContain(email);
    // Nothing is mailed to the new address, and saving without a new email mails nothing.
    expect(await mailsTo(email)).toHaveLength(0);
    const mails = await countRows(ctx.db, 'mail_messages');
    expect(
      (
        await org.adminClient.put(
          `/api/users/${org.member.id}`,
          profileOf({ ...org.member, email: email.toUpperCase() }, { city: 'Reno' }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await countRows(ctx.db, 'mail_messages')).toBe(mails);
  });
});

describe('an email changed by the user themself (issue 15 point 11)', () => {
  it('answers a member the same for a taken and a free address, and changes nothing yet', async () => {
    const org = await setupOrg(ctx);
    const before = await userRow(org.member.id);
    const free = uniqueEmail('free');
    const takenResponse = await org.memberClient.put(
      `/api/users/${org.member.id}`,
      profileOf(org.member, { email: org.admin.email.toUpperCase() }),
    );
    const freeResponse = await org.memberClient.put(
      `/api/users/${org.member.id}`,
      profileOf(org.member, { email: free }),
    );
    expect(takenResponse.statusCode).toBe(200);
    expect(freeResponse.statusCode).toBe(200);
    expect(takenResponse.json()).toEqual(freeResponse.json());
    expect(freeResponse.json().message).toBe(USER_MESSAGES.emailChangeSent);
    expect(freeResponse.json().data.email).toBe(org.member.email);
    expect((await userRow(org.member.id)).email).toBe(before.email);
    // The free address gets a link; the taken one's owner is told someone tried, with no link.
    expect(originOfLinkIn((await latestMailTo(ctx.db, free))!.text_body).hostname).toBe(
      new URL(`http://${org.host}`).hostname,
    );
    const toOwner = await latestMailTo(ctx.db, org.admin.email);
    expect(toOwner?.kind).toBe('email-change-refused');
    expect(toOwner!.text_body).not.toMatch(/api\/email-changes/);
    expect(toOwner!.text_body).not.toContain(org.member.email);

    // Admins can list everyone anyway: they keep the precise message, on their own profile and on others'.
    const own = await org.adminClient.put(
      `/api/users/${org.admin.id}`,
      profileOf(org.admin, { email: org.member.email }),
    );
    expect(own.statusCode).toBe(422);
    expect(own.json().errors).toEqual({ email: [USER_MESSAGES.emailTaken] });
    const others = await org.adminClient.put(
      `/api/users/${org.member.id}`,
      profileOf(org.member, { email: org.admin.email }),
    );
    expect(others.json().errors).toEqual({ email: [USER_MESSAGES.emailTaken] });
  });

  it('applies the other fields at once and the email only when the link is opened, once', async () => {
    const org = await setupOrg(ctx);
    const email = uniqueEmail('confirmed');
    const response = await org.memberClient.put(
      `/api/users/${org.member.id}`,
      profileOf(org.member, { email, city: 'Austin' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ email: org.member.email, city: 'Austin' });
    const mail = (await latestMailTo(ctx.db, email))!;
    expect(mail).toMatchObject({ kind: 'email-change', to_name: 'Mia Member' });
    const link = confirmationLinkIn(mail.text_body);
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    // Only the token's digest is stored, and the link expires.
    const pending = await ctx.db
      .selectFrom('email_changes')
      .selectAll()
      .where('user_id', '=', org.member.id)
      .executeTakeFirstOrThrow();
    expect(pending.token_hash).not.toContain(token);
    expect(pending.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(EMAIL_CHANGE_TTL_MINUTES * 60_000);
    expect(pending.expires_at.getTime() - Date.now()).toBeGreaterThan((EMAIL_CHANGE_TTL_MINUTES - 5) * 60_000);
    expect((await userRow(org.member.id)).email).toBe(org.member.email);

    const opened = await org.anonymous.get(link);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/email-change?status=changed');
    expect((await userRow(org.member.id)).email).toBe(email);
    const notice = (await latestMailTo(ctx.db, org.member.email))!;
    expect(notice.kind).toBe('email-changed');
    expect(notice.text_body).toContain(email);

    const again = await org.anonymous.get(link);
    expect(again.headers.location).toBe('/email-change?status=used');
    // The new address signs in (signIn throws when it can't).
    await ctx.client(org.host).signIn(email, TEST_PASSWORD);
  });

  it('sends only the newest link working, refuses an expired or unknown link, and one whose address was taken meanwhile', async () => {
    const org = await setupOrg(ctx);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await org.memberClient.put(`/api/users/${org.member.id}`, profileOf(org.member, { email: first }));
    await org.memberClient.put(`/api/users/${org.member.id}`, profileOf(org.member, { email: second }));
    const firstLink = confirmationLinkIn((await latestMailTo(ctx.db, first))!.text_body);
    const secondLink = confirmationLinkIn((await latestMailTo(ctx.db, second))!.text_body);
    expect((await org.anonymous.get(firstLink)).headers.location).toBe('/email-change?status=used');
    expect((await org.anonymous.get(`/api/email-changes/confirm?token=${'x'.repeat(43)}`)).headers.location).toBe(
      '/email-change?status=invalid',
    );

    // Someone else takes the second address before the link is opened.
    await addUser(ctx.db, org.organization.id, 'wallet-user', { email: second });
    expect((await org.anonymous.get(secondLink)).headers.location).toBe('/email-change?status=taken');
    expect((await userRow(org.member.id)).email).toBe(org.member.email);

    const third = uniqueEmail('third');
    await org.memberClient.put(`/api/users/${org.member.id}`, profileOf(org.member, { email: third }));
    await ctx.db
      .updateTable('email_changes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('new_email', '=', third)
      .execute();
    expect(
      (await org.anonymous.get(confirmationLinkIn((await latestMailTo(ctx.db, third))!.text_body))).headers.location,
    ).toBe('/email-change?status=expired');
    expect((await userRow(org.member.id)).email).toBe(org.member.email);
  });

  it("lets a link work only on its own organisation's host", async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    const email = uniqueEmail('tenant');
    await org.memberClient.put(`/api/users/${org.member.id}`, profileOf(org.member, { email }));
    const link = confirmationLinkIn((await latestMailTo(ctx.db, email))!.text_body);
    expect((await other.anonymous.get(link)).headers.location).toBe('/email-change?status=invalid');
    expect((await org.anonymous.get(link)).headers.location).toBe('/email-change?status=changed');
  });

  it('limits how many confirmation mails one person may ask for (429 past the limit)', async () => {
    const org = await setupOrg(ctx);
    for (let i = 0; i < EMAIL_CHANGE_RATE_LIMIT.max; i++) {
      expect(
        (
          await org.memberClient.put(
            `/api/users/${org.member.id}`,
            profileOf(org.member, { email: uniqueEmail('many') }),
          )
        ).statusCode,
      ).toBe(200);
    }
    const mails = await countRows(ctx.db, 'mail_messages');
    const refused = await org.memberClient.put(
      `/api/users/${org.member.id}`,
      profileOf(org.member, { email: uniqueEmail('many') }),
    );
    expect(refused.statusCode).toBe(429);
    expect(await countRows(ctx.db, 'mail_messages')).toBe(mails);
    // Saving without a new email is not limited.
    expect(
      (await org.memberClient.put(`/api/users/${org.member.id}`, profileOf(org.member, { city: 'Provo' }))).statusCode,
    ).toBe(200);
  });
});
