import { describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES, MESSAGES, PASSWORD_MESSAGES, SESSION_COOKIE } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import type { TestClient } from '../../test/client.js';
import { latestMailTo, registrationLinkIn, setupOrg, uniqueEmail } from '../../test/helpers.js';

const ctx = useTestApp();
const NEW_PASSWORD = 'brand-new-secret';

/** An admin invites a new person; the test reads the token from the mail, as the person would. */
async function invite(adminClient: TestClient) {
  const email = uniqueEmail('invitee');
  const created = await adminClient.post('/api/users', {
    first_name: 'Ivy',
    last_name: 'Invitee',
    email,
    role: 'wallet-user',
  });
  expect(created.statusCode).toBe(201);
  const mail = await latestMailTo(ctx.db, email);
  const link = registrationLinkIn(mail!.text_body);
  return { id: created.json().data.id as number, email, token: link.searchParams.get('token')! };
}

async function passwordHash(userId: number) {
  return (await ctx.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow())
    .password_hash;
}

async function invitationUsed(userId: number) {
  return (
    (await ctx.db.selectFrom('invitations').select('used_at').where('user_id', '=', userId).executeTakeFirstOrThrow())
      .used_at !== null
  );
}

const body = (invitation: { email: string; token: string }, overrides: Record<string, unknown> = {}) => ({
  email: invitation.email,
  token: invitation.token,
  password: NEW_PASSWORD,
  password_confirmation: NEW_PASSWORD,
  ...overrides,
});

describe('POST /api/auth/register', () => {
  it('sets the password from the mailed link and signs the person in', async () => {
    const org = await setupOrg(ctx);
    const invitation = await invite(org.adminClient);
    const client = ctx.client(org.host);
    const response = await client.post('/api/auth/register', body(invitation));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: MESSAGES.loggedIn,
      two_factor: false,
      data: { id: invitation.id, email: invitation.email, roles: ['wallet-user'] },
    });
    expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.httpOnly).toBe(true);
    const me = await client.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: invitation.id, name: 'Ivy Invitee' });
    // The admin now sees them as registered, and the new password works at /login.
    expect((await org.adminClient.get(`/api/users/${invitation.id}`)).json().data.invitation_pending).toBe(false);
    await ctx.client(org.host).signIn(invitation.email, NEW_PASSWORD);
  });

  it('accepts the email in another case', async () => {
    const org = await setupOrg(ctx);
    const invitation = await invite(org.adminClient);
    expect(
      (
        await ctx
          .client(org.host)
          .post('/api/auth/register', body(invitation, { email: invitation.email.toUpperCase() }))
      ).statusCode,
    ).toBe(200);
  });

  it('works once: a used link gets the invalid-link message and changes nothing', async () => {
    const org = await setupOrg(ctx);
    const invitation = await invite(org.adminClient);
    expect((await ctx.client(org.host).post('/api/auth/register', body(invitation))).statusCode).toBe(200);
    const hash = await passwordHash(invitation.id);
    const again = await ctx
      .client(org.host)
      .post('/api/auth/register', body(invitation, { password: 'another-one', password_confirmation: 'another-one' }));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: INVITATION_MESSAGES.invalid,
      errors: { token: [INVITATION_MESSAGES.invalid] },
    });
    expect(again.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
    expect(await passwordHash(invitation.id)).toBe(hash);
  });

  it('refuses a wrong email, an unknown token, or a token of another organisation; nothing is written', async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    const invitation = await invite(org.adminClient);
    const attempts = [
      { host: org.host, payload: body(invitation, { email: uniqueEmail('someone-else') }) },
      { host: org.host, payload: body(invitation, { token: 'x'.repeat(43) }) },
      { host: other.host, payload: body(invitation) },
    ];
    for (const { host, payload } of attempts) {
      const client = ctx.client(host);
      const response = await client.post('/api/auth/register', payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ token: [INVITATION_MESSAGES.invalid] });
      expect((await client.get('/api/me')).statusCode).toBe(401);
    }
    expect(await passwordHash(invitation.id)).toBeNull();
    expect(await invitationUsed(invitation.id)).toBe(false);
    // The link still works for the right person afterwards.
    expect((await ctx.client(org.host).post('/api/auth/register', body(invitation))).statusCode).toBe(200);
  });

  it('refuses an expired link with the expired message', async () => {
    const org = await setupOrg(ctx);
    const invitation = await invite(org.adminClient);
    await ctx.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('user_id', '=', invitation.id)
      .execute();
    const response = await ctx.client(org.host).post('/api/auth/register', body(invitation));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: INVITATION_MESSAGES.expired,
      errors: { token: [INVITATION_MESSAGES.expired] },
    });
    expect(await passwordHash(invitation.id)).toBeNull();
  });

  it('applies the new-password rules of PRODUCT.md §5 with their messages, and uses nothing up', async () => {
    const org = await setupOrg(ctx);
    const invitation = await invite(org.adminClient);
    const client = ctx.client(org.host);
    const short = await client.post(
      '/api/auth/register',
      body(invitation, { password: '12345', password_confirmation: '12345' }),
    );
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: [PASSWORD_MESSAGES.tooWeak] });
    const mismatch = await client.post(
      '/api/auth/register',
      body(invitation, { password_confirmation: 'something-else' }),
    );
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: [PASSWORD_MESSAGES.mismatch] });
    const missing = await client.post('/api/auth/register', {
      email: invitation.email,
      token: invitation.token,
      password: '',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      password: [PASSWORD_MESSAGES.tooWeak],
      password_confirmation: [PASSWORD_MESSAGES.confirmRequired],
    });
    const noToken = await client.post('/api/auth/register', {
      email: invitation.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(Object.keys(noToken.json().errors)).toEqual(['token']);
    expect(await passwordHash(invitation.id)).toBeNull();
    expect(await invitationUsed(invitation.id)).toBe(false);
    expect((await client.get('/api/me')).statusCode).toBe(401);
  });

  it('signs out whoever was signed in on that browser and signs the invitee in', async () => {
    const org = await setupOrg(ctx);
    const invitation = await invite(org.adminClient);
    const response = await org.memberClient.post('/api/auth/register', body(invitation));
    expect(response.statusCode).toBe(200);
    expect((await org.memberClient.get('/api/me')).json().data.id).toBe(invitation.id);
  });
});
