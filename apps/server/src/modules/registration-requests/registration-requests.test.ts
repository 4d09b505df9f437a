import { describe, expect, it } from 'vitest';
import { TestClient } from '../../test/client.js';
import { makeUser } from '../../test/factories.js';
import { countRows, latestMailTo, registrationLinkIn, uniqueEmail } from '../../test/helpers.js';
import { googleSignIn, useGoogleTestApp } from '../oidc/test-fixtures.js';
import { requestRegistration } from './service.js';

/** Registration requests answered from the admins' mail (issue 8 point 2, PRODUCT.md §4 outcomes). */
const { ctx, organization } = useGoogleTestApp();

type Org = Awaited<ReturnType<typeof organization>>;

async function mailsTo(orgId: number, email: string) {
  return ctx.db
    .selectFrom('mail_messages')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('to_email', '=', email)
    .orderBy('id')
    .execute();
}

/** The Approve or Block link of the newest registration mail to this admin, as a path on the org's host. */
async function linkFor(orgId: number, adminEmail: string, action: 'Approve' | 'Block'): Promise<string> {
  const mail = (await mailsTo(orgId, adminEmail)).filter((each) => each.kind === 'registration_request').at(-1);
  if (!mail) throw new Error(`no registration mail to ${adminEmail}`);
  const match = new RegExp(`${action}: (\\S+)`).exec(mail.text_body);
  if (!match) throw new Error(`no ${action} link in: ${mail.text_body}`);
  const url = new URL(match[1]!);
  return url.pathname + url.search;
}

async function click(host: string, path: string): Promise<URL> {
  const response = await new TestClient(ctx.app, host).get(path);
  expect(response.statusCode, response.body).toBe(302);
  expect(response.headers['cache-control']).toBe('no-store');
  return new URL(response.headers.location!, 'http://x');
}

function statusOf(target: URL) {
  expect(target.pathname).toBe('/registration-approval-status');
  return Object.fromEntries(target.searchParams);
}

/** A person unknown to the organisation asks for access (what a Google sign-in of an unknown email does). */
async function newRequest(org: Org, email = uniqueEmail('new.person')) {
  const outcome = await requestRegistration(ctx.deps, org.organization, `http://${org.host}`, {
    email,
    first_name: 'New',
    last_name: 'Person',
  });
  expect(outcome).toBe('requested');
  return email;
}

const requestOf = (orgId: number, email: string) =>
  ctx.db
    .selectFrom('registration_requests')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

describe('registration requests', { timeout: 30_000 }, () => {
  it('end to end: an unknown Google sign-in, an admin approves by mail, the person is invited, registers and signs in with Google', async () => {
    const org = await organization();
    const email = `jo.doe@${org.organization.slug}.test`;
    expect((await googleSignIn(ctx.client(org.host), email)).headers.location).toBe('/registration-requested');

    const before = Date.now();
    const target = await click(org.host, await linkFor(org.organization.id, org.admin.email, 'Approve'));
    const query = statusOf(target);
    expect(query).toMatchObject({ status: 'approve', responder_email: org.admin.email, responder_name: 'Ada Admin' });
    expect(new Date(query.responded_on!).getTime()).toBeGreaterThanOrEqual(before - 1000);

    // The person is now a member, invited by mail with the usual registration link.
    const request = await requestOf(org.organization.id, email);
    expect(request).toMatchObject({ status: 'approved', responder_id: org.admin.id, responder_email: org.admin.email });
    const invitation = await latestMailTo(ctx.db, email);
    expect(invitation).toMatchObject({ kind: 'invitation' });
    expect(invitation!.text_body).toContain('Ada Admin invited you');
    const link = registrationLinkIn(invitation!.text_body);
    expect(link.host).toBe(org.host);
    const person = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('org_id', '=', org.organization.id)
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(person).toMatchObject({ first_name: 'Jo', last_name: 'Doe', password_hash: null });

    const registered = await ctx.client(org.host).post('/api/auth/register', {
      token: link.searchParams.get('token'),
      email,
      password: 'new-password',
      password_confirmation: 'new-password',
    });
    expect(registered.statusCode, registered.body).toBe(200);

    const signedIn = ctx.client(org.host);
    expect((await googleSignIn(signedIn, email)).headers.location).toBe('/dashboard');
    expect((await signedIn.get('/api/me')).json().data).toMatchObject({ email, roles: ['wallet-user'] });
  });

  it('reusing a link, or another admin answering later, shows the first answer and changes nothing', async () => {
    const org = await organization();
    const other = await makeUser(ctx.db, org.organization.id, 'wallet-admin', {
      first_name: 'Olu',
      last_name: 'Other',
    });
    const email = await newRequest(org);
    const approve = await linkFor(org.organization.id, org.admin.email, 'Approve');
    const first = statusOf(await click(org.host, approve));
    expect(first.status).toBe('approve');
    const users = await countRows(ctx.db, 'users', org.organization.id);
    const mails = await countRows(ctx.db, 'mail_messages', org.organization.id);

    const again = statusOf(await click(org.host, approve));
    expect(again).toEqual({ ...first, status: 'already_approved' });
    const otherBlocks = statusOf(await click(org.host, await linkFor(org.organization.id, other.email, 'Block')));
    expect(otherBlocks).toEqual({ ...first, status: 'already_approved' });

    expect((await requestOf(org.organization.id, email)).status).toBe('approved');
    expect(await countRows(ctx.db, 'users', org.organization.id)).toBe(users);
    expect(await countRows(ctx.db, 'mail_messages', org.organization.id)).toBe(mails);
  });

  it('blocking: no user, no invitation; later answers say already_blocked; the person still sees access pending', async () => {
    const org = await organization();
    const email = uniqueEmail('blocked.person');
    await googleSignIn(ctx.client(org.host), email);
    const blocked = statusOf(await click(org.host, await linkFor(org.organization.id, org.admin.email, 'Block')));
    expect(blocked).toMatchObject({ status: 'block', responder_email: org.admin.email, responder_name: 'Ada Admin' });
    expect(statusOf(await click(org.host, await linkFor(org.organization.id, org.admin.email, 'Approve')))).toEqual({
      ...blocked,
      status: 'already_blocked',
    });

    expect(
      await ctx.db
        .selectFrom('users')
        .select('id')
        .where('org_id', '=', org.organization.id)
        .where('email', '=', email)
        .execute(),
    ).toEqual([]);
    expect(await mailsTo(org.organization.id, email)).toEqual([]);
    expect((await googleSignIn(ctx.client(org.host), email)).headers.location).toBe('/access-pending');
  });

  it('an expired link changes nothing and says it expired', async () => {
    const org = await organization();
    const email = await newRequest(org);
    const approve = await linkFor(org.organization.id, org.admin.email, 'Approve');
    await ctx.db
      .updateTable('registration_request_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('org_id', '=', org.organization.id)
      .execute();

    expect(statusOf(await click(org.host, approve))).toEqual({ status: 'expired' });
    expect(statusOf(await click(org.host, await linkFor(org.organization.id, org.admin.email, 'Block')))).toEqual({
      status: 'expired',
    });
    expect((await requestOf(org.organization.id, email)).status).toBe('pending');
    expect(await mailsTo(org.organization.id, email)).toEqual([]);
  });

  it("a made-up token, or another organisation's link on this host, is not valid", async () => {
    const org = await organization();
    const elsewhere = await organization();
    await newRequest(elsewhere);
    const foreign = await linkFor(elsewhere.organization.id, elsewhere.admin.email, 'Approve');

    expect(statusOf(await click(org.host, `/api/registration-requests/links/${'x'.repeat(43)}`))).toEqual({
      status: 'invalid',
    });
    expect(statusOf(await click(org.host, foreign))).toEqual({ status: 'invalid' });
    expect(
      (
        await ctx.db
          .selectFrom('registration_requests')
          .select('status')
          .where('org_id', '=', elsewhere.organization.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('pending');
  });

  it("an admin who is no longer an admin can't answer with their old link", async () => {
    const org = await organization();
    const formerAdmin = await makeUser(ctx.db, org.organization.id, 'wallet-admin');
    const email = await newRequest(org);
    await ctx.db
      .updateTable('user_roles')
      .set({ role: 'wallet-user' })
      .where('org_id', '=', org.organization.id)
      .where('user_id', '=', formerAdmin.id)
      .execute();
    expect(statusOf(await click(org.host, await linkFor(org.organization.id, formerAdmin.email, 'Approve')))).toEqual({
      status: 'invalid',
    });
    expect((await requestOf(org.organization.id, email)).status).toBe('pending');
  });

  it('approving a person the organisation already knows gives them the member role and invites them, without a second user', async () => {
    const org = await organization();
    const email = uniqueEmail('chris');
    await ctx.db
      .insertInto('users')
      .values({ org_id: org.organization.id, email, first_name: 'Chris', last_name: 'Doe' })
      .execute();
    expect((await googleSignIn(ctx.client(org.host), email)).headers.location).toBe('/registration-requested');
    const users = await countRows(ctx.db, 'users', org.organization.id);

    expect(statusOf(await click(org.host, await linkFor(org.organization.id, org.admin.email, 'Approve'))).status).toBe(
      'approve',
    );
    expect(await countRows(ctx.db, 'users', org.organization.id)).toBe(users);
    const person = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('org_id', '=', org.organization.id)
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(await ctx.db.selectFrom('user_roles').select('role').where('user_id', '=', person.id).execute()).toEqual([
      { role: 'wallet-user' },
    ]);
    expect(await latestMailTo(ctx.db, email)).toMatchObject({ kind: 'invitation' });
  });

  it('a request too short to be a token is refused before anything is looked up', async () => {
    const org = await organization();
    const response = await ctx.client(org.host).get('/api/registration-requests/links/short');
    expect(response.statusCode).toBe(422);
  });
});
