import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CSRF_COOKIE, MESSAGES, SESSION_COOKIE } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';

const ctx = useTestApp();

async function sessionCount() {
  const row = await ctx.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('GET /sanctum/csrf-cookie', () => {
  it('sets a readable XSRF-TOKEN cookie', async () => {
    const { host } = await makeOrganization(ctx.db);
    const response = await ctx.client(host).get('/sanctum/csrf-cookie');
    expect(response.statusCode).toBe(204);
    const cookie = response.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
  });
});

describe('POST /login', () => {
  it('signs in with the right password, sets an httpOnly session cookie and answers two_factor false', async () => {
    const { host, admin } = await makeOrganization(ctx.db);
    const client = ctx.client(host);
    const response = await client.post('/login', { email: admin.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.loggedIn, two_factor: false, data: expect.any(Object) });
    const session = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(session?.path).toBe('/');

    const me = await client.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      id: admin.id,
      email: admin.email,
      first_name: 'Ada',
      last_name: 'Admin',
      name: 'Ada Admin',
      roles: ['super-admin'],
    });
    // The sign-in answered who signed in, exactly as GET /api/me does (the app does not ask again).
    expect(response.json().data).toEqual(me.json().data);
  });

  it('stores argon2id hashes, never the password', async () => {
    const { admin } = await makeOrganization(ctx.db);
    const row = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(TEST_PASSWORD);
  });

  it('refuses a wrong password or unknown email with 422 on email and opens no session', async () => {
    const { host, admin } = await makeOrganization(ctx.db);
    const client = ctx.client(host);
    const before = await sessionCount();
    for (const credentials of [
      { email: admin.email, password: 'wrong-password' },
      { email: 'nobody@nowhere.test', password: TEST_PASSWORD },
    ]) {
      const response = await client.post('/login', credentials);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: MESSAGES.badCredentials,
        errors: { email: [MESSAGES.badCredentials] },
      });
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
    expect(await sessionCount()).toBe(before);
    expect((await client.get('/api/me')).statusCode).toBe(401);
  });

  it('validates the body with per-field messages and writes nothing', async () => {
    const { host } = await makeOrganization(ctx.db);
    const client = ctx.client(host);
    const before = await sessionCount();
    const empty = await client.post('/login', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ email: [MESSAGES.emailRequired], password: [MESSAGES.passwordRequired] });
    const invalid = await client.post('/login', { email: 'not-an-email', password: 'x' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ email: [MESSAGES.emailInvalid] });
    const long = await client.post('/login', { email: `${'a'.repeat(250)}@x.test`, password: 'x' });
    expect(long.json().errors.email).toEqual([MESSAGES.emailTooLong]);
    const wrongTypes = await client.post('/login', { email: 42, password: null });
    expect(wrongTypes.statusCode).toBe(422);
    expect(Object.keys(wrongTypes.json().errors).sort()).toEqual(['email', 'password']);
    expect(await sessionCount()).toBe(before);
  });

  it('answers 419 when the X-XSRF-TOKEN header is missing or does not match the cookie', async () => {
    const { host, admin } = await makeOrganization(ctx.db);
    const client = ctx.client(host);
    await client.get('/sanctum/csrf-cookie');
    client.sendCsrfHeader = false;
    const missing = await client.post('/login', { email: admin.email, password: TEST_PASSWORD });
    expect(missing.statusCode).toBe(419);
    expect(missing.json().message).toBe(MESSAGES.csrfMismatch);
    const mismatched = await client.post(
      '/login',
      { email: admin.email, password: TEST_PASSWORD },
      { 'x-xsrf-token': 'forged' },
    );
    expect(mismatched.statusCode).toBe(419);
    expect(missing.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('throttles after 5 failures for one email and IP within a minute, even with the right password', async () => {
    const { host, admin } = await makeOrganization(ctx.db);
    const client = ctx.client(host);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await client.post('/login', { email: admin.email, password: 'wrong' })).statusCode).toBe(422);
    }
    const blocked = await client.post('/login', { email: admin.email, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MESSAGES.tooManyAttempts);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another email from the same IP is not affected.
    const other = await makeUser(
      ctx.db,
      (
        await ctx.db
          .selectFrom('organizations')
          .select('id')
          .where('slug', '=', host.split('.')[0]!)
          .executeTakeFirstOrThrow()
      ).id,
      'wallet-user',
    );
    expect((await client.post('/login', { email: other.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    // Once the minute has passed, the right password works again.
    await ctx.db
      .updateTable('throttles')
      .set({ window_started_at: sql<Date>`now() - interval '61 seconds'` })
      .execute();
    expect((await client.post('/login', { email: admin.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('gives a new session id at every sign-in; the previous cookie stops working', async () => {
    const { host, admin } = await makeOrganization(ctx.db);
    const client = ctx.client(host);
    await client.signIn(admin.email, TEST_PASSWORD);
    const first = client.cookies.get(SESSION_COOKIE)!;
    await client.signIn(admin.email, TEST_PASSWORD);
    const second = client.cookies.get(SESSION_COOKIE)!;
    expect(second).not.toBe(first);
    const stale = ctx.client(host);
    stale.cookies.set(SESSION_COOKIE, first);
    expect((await stale.get('/api/me')).statusCode).toBe(401);
  });

  it("does not let a user of one organisation sign in on another organisation's host", async () => {
    const a = await makeOrganization(ctx.db);
    const b = await makeOrganization(ctx.db);
    const wrongHost = await ctx.client(b.host).post('/login', { email: a.admin.email, password: TEST_PASSWORD });
    expect(wrongHost.statusCode).toBe(422);
    expect(wrongHost.json().errors.email).toEqual([MESSAGES.badCredentials]);
    // A session made on A's host is not valid on B's.
    const client = await ctx.client(a.host).signIn(a.admin.email, TEST_PASSWORD);
    const onB = ctx.client(b.host);
    onB.cookies.set(SESSION_COOKIE, client.cookies.get(SESSION_COOKIE)!);
    expect((await onB.get('/api/me')).statusCode).toBe(401);
  });

  it('signs in a member as well as admins', async () => {
    const { host, organization } = await makeOrganization(ctx.db);
    const member = await makeUser(ctx.db, organization.id, 'wallet-user', { first_name: 'Mia' });
    const client = await ctx.client(host).signIn(member.email, TEST_PASSWORD);
    const me = (await client.get('/api/me')).json().data;
    expect(me.roles).toEqual(['wallet-user']);
    expect(me.organization).toEqual({ id: organization.id, slug: organization.slug, name: organization.name });
  });
});

describe('sessions', () => {
  it('end after the idle time', async () => {
    const { host, admin } = await makeOrganization(ctx.db);
    const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
    expect((await client.get('/api/me')).statusCode).toBe(200);
    await ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now() - make_interval(mins => ${ctx.config.SESSION_IDLE_MINUTES + 1})` })
      .where('user_id', '=', admin.id)
      .execute();
    expect((await client.get('/api/me')).statusCode).toBe(401);
  });

  it('stay alive while used: activity moves the idle clock', async () => {
    const { host, admin } = await makeOrganization(ctx.db);
    const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
    await ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now() - make_interval(mins => ${ctx.config.SESSION_IDLE_MINUTES - 1})` })
      .where('user_id', '=', admin.id)
      .execute();
    expect((await client.get('/api/me')).statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('user_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(Date.now() - row.last_seen_at.getTime()).toBeLessThan(60_000);
  });
});

describe('POST /logout', () => {
  it('ends the session and clears the cookie', async () => {
    const { host, admin } = await makeOrganization(ctx.db);
    const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
    const token = client.cookies.get(SESSION_COOKIE)!;
    const response = await client.post('/logout');
    expect(response.statusCode).toBe(204);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await client.get('/api/me')).statusCode).toBe(401);
    const replay = ctx.client(host);
    replay.cookies.set(SESSION_COOKIE, token);
    expect((await replay.get('/api/me')).statusCode).toBe(401);
  });

  it('is 401 when signed out and 419 without the CSRF header', async () => {
    const { host, admin } = await makeOrganization(ctx.db);
    expect((await ctx.client(host).post('/logout')).statusCode).toBe(401);
    const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
    client.sendCsrfHeader = false;
    expect((await client.post('/logout')).statusCode).toBe(419);
    client.sendCsrfHeader = true;
    expect((await client.get('/api/me')).statusCode).toBe(200);
  });
});

describe('GET /api/me', () => {
  it('is 401 when signed out', async () => {
    const { host } = await makeOrganization(ctx.db);
    const response = await ctx.client(host).get('/api/me');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MESSAGES.unauthenticated });
  });
});
