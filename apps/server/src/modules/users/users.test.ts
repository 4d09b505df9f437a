import { describe, expect, it } from 'vitest';
import { TEAM_COLORS, USER_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { addUser, countRows, latestMailTo, registrationLinkIn, setupOrg, uniqueEmail } from '../../test/helpers.js';
import { createPersonWithoutRole, rolesOfUser } from './service.js';
import { createTeam } from '../teams/service.js';
import { createCard } from '../../test/card-factories.js';

const ctx = useTestApp();

const newUser = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Nina',
  last_name: 'New',
  email: uniqueEmail('nina'),
  cell_phone: '555-0100',
  address: '1 Main St',
  address2: '',
  city: 'Springfield',
  state_province: 'IL',
  postal: '62701',
  role: 'wallet-user',
  ...overrides,
});

function userRow(id: number) {
  return ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('POST /api/users', () => {
  it("creates the user with one role and queues an invitation mail with a /register link on the organisation's host", async () => {
    const org = await setupOrg(ctx);
    const body = newUser();
    const response = await org.adminClient.post('/api/users', body);
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      first_name: 'Nina',
      last_name: 'New',
      name: 'Nina New',
      email: body.email,
      city: 'Springfield',
      postal: '62701',
      address2: null,
      roles: ['wallet-user'],
      invitation_pending: true,
    });
    expect(await rolesOfUser(ctx.db, org.organization.id, data.id)).toEqual(['wallet-user']);

    const mail = await latestMailTo(ctx.db, body.email);
    expect(mail).toMatchObject({ org_id: org.organization.id, kind: 'invitation', to_name: 'Nina New' });
    const link = registrationLinkIn(mail!.text_body);
    expect(link.origin).toBe(`http://${org.host}`);
    expect(link.pathname).toBe('/register');
    expect(link.searchParams.get('email')).toBe(body.email);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(mail!.html_body).toContain(link.toString().replaceAll('&', '&amp;'));
    // Only the token's digest is stored.
    const invitation = await ctx.db
      .selectFrom('invitations')
      .selectAll()
      .where('user_id', '=', data.id)
      .executeTakeFirstOrThrow();
    expect(invitation.token_hash).not.toContain(link.searchParams.get('token'));
    expect(invitation.expires_at.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
  });

  it('refuses a taken email case-insensitively with 422 on email and writes nothing', async () => {
    const org = await setupOrg(ctx);
    const [users, mails] = [await countRows(ctx.db, 'users'), await countRows(ctx.db, 'mail_messages')];
    const response = await org.adminClient.post('/api/users', newUser({ email: org.member.email.toUpperCase() }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: USER_MESSAGES.emailTaken,
      errors: { email: [USER_MESSAGES.emailTaken] },
    });
    expect(await countRows(ctx.db, 'users')).toBe(users);
    expect(await countRows(ctx.db, 'mail_messages')).toBe(mails);
  });

  it('answers a double-submitted form once: the second request gets the same 422, not a server error', async () => {
    const org = await setupOrg(ctx);
    const body = newUser();
    const responses = await Promise.all([
      org.adminClient.post('/api/users', body),
      org.adminClient.post('/api/users', body),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 422]);
    expect(responses.find((response) => response.statusCode === 422)!.json().errors).toEqual({
      email: [USER_MESSAGES.emailTaken],
    });
    expect(
      await ctx.db.selectFrom('mail_messages').select('id').where('to_email', '=', body.email).execute(),
    ).toHaveLength(1);
  });

  it('allows an email that is taken only in another organisation', async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    const response = await org.adminClient.post('/api/users', newUser({ email: other.member.email }));
    expect(response.statusCode).toBe(201);
  });

  it('validates every field with per-field messages, refuses super-admin, and writes nothing', async () => {
    const org = await setupOrg(ctx);
    const [users, mails, invitations] = [
      await countRows(ctx.db, 'users'),
      await countRows(ctx.db, 'mail_messages'),
      await countRows(ctx.db, 'invitations'),
    ];
    const empty = await org.adminClient.post('/api/users', {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['email', 'first_name', 'last_name', 'role']);
    expect(empty.json().errors.first_name).toEqual(['The first name field is required.']);
    const bad = await org.adminClient.post(
      '/api/users',
      newUser({ email: 'not-an-email', postal: '1'.repeat(21), city: 'x'.repeat(256), last_name: '  ' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      email: ['The email must be a valid email address.'],
      postal: ['The postal code may not be greater than 20 characters.'],
      city: ['The city may not be greater than 255 characters.'],
      last_name: ['The last name field is required.'],
    });
    const superAdmin = await org.adminClient.post('/api/users', newUser({ role: 'super-admin' }));
    expect(superAdmin.statusCode).toBe(422);
    expect(Object.keys(superAdmin.json().errors)).toEqual(['role']);
    expect(await countRows(ctx.db, 'users')).toBe(users);
    expect(await countRows(ctx.db, 'mail_messages')).toBe(mails);
    expect(await countRows(ctx.db, 'invitations')).toBe(invitations);
  });

  it('is for admins only: a member gets 403, signed out 401, and nothing is written', async () => {
    const org = await setupOrg(ctx);
    const users = await countRows(ctx.db, 'users');
    expect((await org.memberClient.post('/api/users', newUser())).statusCode).toBe(403);
    expect((await org.anonymous.post('/api/users', newUser())).statusCode).toBe(401);
    expect(await countRows(ctx.db, 'users')).toBe(users);
  });

  it('lets a wallet-admin and a wallet-finance add users too', async () => {
    const org = await setupOrg(ctx);
    for (const role of ['wallet-admin', 'wallet-finance'] as const) {
      const admin = await addUser(ctx.db, org.organization.id, role);
      const client = await ctx.client(org.host).signIn(admin.email, 'test-password');
      expect((await client.post('/api/users', newUser())).statusCode).toBe(201);
    }
  });
});

describe('POST /api/users/{id}/invitations', () => {
  it('grants a person without a role the role and mails them an invitation', async () => {
    const org = await setupOrg(ctx);
    const person = await createPersonWithoutRole(ctx.db, org.organization.id, {
      email: uniqueEmail('pat'),
      first_name: 'Pat',
      last_name: 'Person',
    });
    const response = await org.adminClient.post(`/api/users/${person.id}/invitations`, { role: 'wallet-finance' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ id: person.id, roles: ['wallet-finance'], invitation_pending: true });
    expect(await rolesOfUser(ctx.db, org.organization.id, person.id)).toEqual(['wallet-finance']);
    const mail = await latestMailTo(ctx.db, person.email);
    expect(registrationLinkIn(mail!.text_body).searchParams.get('email')).toBe(person.email);
    expect(mail!.text_body).toContain('as an admin');
  });

  it('answers 409 for someone who already has a role, and mails nothing', async () => {
    const org = await setupOrg(ctx);
    const mails = await countRows(ctx.db, 'mail_messages');
    const response = await org.adminClient.post(`/api/users/${org.member.id}/invitations`, { role: 'wallet-admin' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(USER_MESSAGES.alreadyInWallet);
    expect(await rolesOfUser(ctx.db, org.organization.id, org.member.id)).toEqual(['wallet-user']);
    expect(await countRows(ctx.db, 'mail_messages')).toBe(mails);
  });

  it('grants one role and leaves one live link when two invitations are sent at once (the second resends)', async () => {
    const org = await setupOrg(ctx);
    const person = await createPersonWithoutRole(ctx.db, org.organization.id, {
      email: uniqueEmail('twice'),
      first_name: 'Tw',
      last_name: 'Ice',
    });
    const responses = await Promise.all([
      org.adminClient.post(`/api/users/${person.id}/invitations`, { role: 'wallet-user' }),
      org.adminClient.post(`/api/users/${person.id}/invitations`, { role: 'wallet-admin' }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201]);
    expect(await rolesOfUser(ctx.db, org.organization.id, person.id)).toHaveLength(1);
    const live = await ctx.db
      .selectFrom('invitations')
      .select('id')
      .where('user_id', '=', person.id)
      .where('used_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
  });

  it('resends a fresh link to someone invited who never set a password, and refuses someone already in the wallet', async () => {
    const org = await setupOrg(ctx);
    const created = await org.adminClient.post('/api/users', {
      first_name: 'Re',
      last_name: 'Send',
      email: uniqueEmail('resend'),
      role: 'wallet-user',
    });
    const id = created.json().data.id;
    const again = await org.adminClient.post(`/api/users/${id}/invitations`, { role: 'wallet-user' });
    expect(again.statusCode).toBe(201);
    const links = await ctx.db.selectFrom('invitations').select(['used_at']).where('user_id', '=', id).execute();
    expect(links).toHaveLength(2);
    expect(links.filter((link) => link.used_at === null)).toHaveLength(1);
    const member = await org.adminClient.post(`/api/users/${org.member.id}/invitations`, { role: 'wallet-user' });
    expect(member.statusCode).toBe(409);
  });

  it('validates the role (super-admin included), hides other organisations, and is admin-only', async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    const person = await createPersonWithoutRole(ctx.db, org.organization.id, {
      email: uniqueEmail('quinn'),
      first_name: 'Quinn',
      last_name: 'Q',
    });
    const foreign = await createPersonWithoutRole(ctx.db, other.organization.id, {
      email: uniqueEmail('fay'),
      first_name: 'Fay',
      last_name: 'F',
    });
    for (const role of ['super-admin', 'boss', undefined]) {
      const response = await org.adminClient.post(`/api/users/${person.id}/invitations`, { role });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['role']);
    }
    expect(
      (await org.adminClient.post(`/api/users/${foreign.id}/invitations`, { role: 'wallet-user' })).statusCode,
    ).toBe(404);
    expect((await org.adminClient.post('/api/users/999999999/invitations', { role: 'wallet-user' })).statusCode).toBe(
      404,
    );
    expect(
      (await org.memberClient.post(`/api/users/${person.id}/invitations`, { role: 'wallet-user' })).statusCode,
    ).toBe(403);
    expect((await org.anonymous.post(`/api/users/${person.id}/invitations`, { role: 'wallet-user' })).statusCode).toBe(
      401,
    );
    expect(await rolesOfUser(ctx.db, org.organization.id, person.id)).toEqual([]);
    expect(await rolesOfUser(ctx.db, other.organization.id, foreign.id)).toEqual([]);
    expect(await countRows(ctx.db, 'invitations', org.organization.id)).toBe(0);
    expect(await countRows(ctx.db, 'invitations', other.organization.id)).toBe(0);
  });
});

describe('GET /api/users/{id}', () => {
  it('shows a user with roles and, when asked, teams', async () => {
    const org = await setupOrg(ctx);
    const team = await createTeam(ctx.db, org.organization.id, {
      name: 'North',
      color: TEAM_COLORS[3],
      team: { users: [org.member.id] },
      approval_path: [],
    });
    const response = await org.adminClient.get(`/api/users/${org.member.id}?include=teams,cards`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: org.member.id,
      roles: ['wallet-user'],
      teams: [{ id: team.id, name: 'North', color: TEAM_COLORS[3] }],
      cards: [],
    });
    // A card's nickname names it in include=cards, as everywhere else (issue 20.4).
    const card = await createCard(org.adminClient, org.member.id, { nickname: 'AWS' });
    const withCard = await org.adminClient.get(`/api/users/${org.member.id}?include=cards`);
    expect(withCard.statusCode, withCard.body).toBe(200);
    expect(withCard.json().data.cards).toEqual([
      expect.objectContaining({ id: card.id, last4: card.last4, nickname: 'AWS' }),
    ]);
    const few = await org.adminClient.get(`/api/users/${org.member.id}?fields[users]=id,name`);
    expect(few.json().data).toEqual({ id: org.member.id, name: 'Mia Member' });
    expect((await org.adminClient.get(`/api/users/${org.member.id}?include=secrets`)).statusCode).toBe(400);
    expect((await org.adminClient.get('/api/users/abc')).statusCode).toBe(422);
  });

  it('lets a member read only themselves (another id is 404), hides other organisations, and needs a session', async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    expect((await org.memberClient.get(`/api/users/${org.member.id}`)).json().data.id).toBe(org.member.id);
    expect((await org.memberClient.get(`/api/users/${org.admin.id}`)).statusCode).toBe(404);
    expect((await org.adminClient.get(`/api/users/${other.member.id}`)).statusCode).toBe(404);
    expect((await org.anonymous.get(`/api/users/${org.member.id}`)).statusCode).toBe(401);
  });
});

describe('PUT /api/users/{id}', () => {
  const profile = (overrides: Record<string, unknown> = {}) => ({
    first_name: 'Mila',
    last_name: 'Moss',
    email: uniqueEmail('mila'),
    city: 'Boston',
    postal: '',
    ...overrides,
  });

  it("lets an admin update anyone's profile and role; empty optional fields are stored as null", async () => {
    const org = await setupOrg(ctx);
    const body = profile({ role: 'wallet-finance' });
    const response = await org.adminClient.put(`/api/users/${org.member.id}`, body);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      first_name: 'Mila',
      last_name: 'Moss',
      name: 'Mila Moss',
      email: body.email,
      city: 'Boston',
      postal: null,
      roles: ['wallet-finance'],
    });
    const row = await userRow(org.member.id);
    expect(row).toMatchObject({ first_name: 'Mila', email: body.email, postal: null });
  });

  it('lets a member edit their own profile but not their role, and not anyone else', async () => {
    const org = await setupOrg(ctx);
    const own = await org.memberClient.put(`/api/users/${org.member.id}`, profile({ first_name: 'Mimi' }));
    expect(own.statusCode).toBe(200);
    expect(own.json().data.first_name).toBe('Mimi');
    const promote = await org.memberClient.put(`/api/users/${org.member.id}`, profile({ role: 'wallet-admin' }));
    expect(promote.statusCode).toBe(403);
    expect(await rolesOfUser(ctx.db, org.organization.id, org.member.id)).toEqual(['wallet-user']);
    const before = await userRow(org.admin.id);
    expect((await org.memberClient.put(`/api/users/${org.admin.id}`, profile())).statusCode).toBe(404);
    expect(await userRow(org.admin.id)).toEqual(before);
  });

  it('validates with per-field messages and refuses a taken email; nothing changes', async () => {
    const org = await setupOrg(ctx);
    const before = await userRow(org.member.id);
    const invalid = await org.adminClient.put(`/api/users/${org.member.id}`, {
      first_name: '',
      email: 'nope',
      address: 5,
      postal: 'x'.repeat(21),
      role: 'super-admin',
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual([
      'address',
      'email',
      'first_name',
      'last_name',
      'postal',
      'role',
    ]);
    const taken = await org.adminClient.put(
      `/api/users/${org.member.id}`,
      profile({ email: org.admin.email.toUpperCase() }),
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: [USER_MESSAGES.emailTaken] });
    expect(await userRow(org.member.id)).toEqual(before);
    // Keeping one's own email (in another case) is fine.
    expect(
      (await org.adminClient.put(`/api/users/${org.member.id}`, profile({ email: org.member.email.toUpperCase() })))
        .statusCode,
    ).toBe(200);
  });

  it('keeps the last super-admin: 409 when their role would change', async () => {
    const org = await setupOrg(ctx);
    const response = await org.adminClient.put(`/api/users/${org.admin.id}`, profile({ role: 'wallet-user' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(USER_MESSAGES.lastSuperAdmin);
    expect(await rolesOfUser(ctx.db, org.organization.id, org.admin.id)).toEqual(['super-admin']);
    expect((await userRow(org.admin.id)).first_name).toBe('Ada');
  });

  it('hides other organisations (404) and needs a session (401)', async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    expect((await org.adminClient.put(`/api/users/${other.member.id}`, profile())).statusCode).toBe(404);
    expect((await org.anonymous.put(`/api/users/${org.member.id}`, profile())).statusCode).toBe(401);
    expect((await userRow(other.member.id)).first_name).toBe('Mia');
  });
});

describe('PUT /api/users/{id}/roles', () => {
  it('sets exactly one of the three assignable roles', async () => {
    const org = await setupOrg(ctx);
    const response = await org.adminClient.put(`/api/users/${org.member.id}/roles`, { roles: ['wallet-admin'] });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.roles).toEqual(['wallet-admin']);
    expect(await rolesOfUser(ctx.db, org.organization.id, org.member.id)).toEqual(['wallet-admin']);
  });

  it('refuses super-admin, unknown roles and anything but one role with 422; nothing changes', async () => {
    const org = await setupOrg(ctx);
    for (const roles of [['super-admin'], ['owner'], [], ['wallet-admin', 'wallet-user'], undefined]) {
      const response = await org.adminClient.put(`/api/users/${org.member.id}/roles`, { roles });
      expect(response.statusCode, JSON.stringify(roles)).toBe(422);
      expect(Object.keys(response.json().errors)[0]).toMatch(/^roles/);
    }
    expect(await rolesOfUser(ctx.db, org.organization.id, org.member.id)).toEqual(['wallet-user']);
  });

  it('keeps the last super-admin (409) but lets one of two super-admins be changed', async () => {
    const org = await setupOrg(ctx);
    const last = await org.adminClient.put(`/api/users/${org.admin.id}/roles`, { roles: ['wallet-admin'] });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(USER_MESSAGES.lastSuperAdmin);
    expect(await rolesOfUser(ctx.db, org.organization.id, org.admin.id)).toEqual(['super-admin']);
    const second = await addUser(ctx.db, org.organization.id, 'super-admin');
    const changed = await org.adminClient.put(`/api/users/${second.id}/roles`, { roles: ['wallet-finance'] });
    expect(changed.statusCode).toBe(200);
    expect(await rolesOfUser(ctx.db, org.organization.id, second.id)).toEqual(['wallet-finance']);
    // Now the first is the last one again.
    expect((await org.adminClient.put(`/api/users/${org.admin.id}/roles`, { roles: ['wallet-user'] })).statusCode).toBe(
      409,
    );
  });

  it('is admin-only (403), hides other organisations (404) and needs a session (401)', async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    expect(
      (await org.memberClient.put(`/api/users/${org.member.id}/roles`, { roles: ['wallet-admin'] })).statusCode,
    ).toBe(403);
    expect(
      (await org.adminClient.put(`/api/users/${other.member.id}/roles`, { roles: ['wallet-admin'] })).statusCode,
    ).toBe(404);
    expect((await org.anonymous.put(`/api/users/${org.member.id}/roles`, { roles: ['wallet-admin'] })).statusCode).toBe(
      401,
    );
    expect(await rolesOfUser(ctx.db, org.organization.id, org.member.id)).toEqual(['wallet-user']);
    expect(await rolesOfUser(ctx.db, other.organization.id, other.member.id)).toEqual(['wallet-user']);
  });
});
