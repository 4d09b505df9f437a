import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { generate } from 'otplib';
import {
  MESSAGES,
  SESSION_COOKIE,
  TWO_FACTOR_CHALLENGE_COOKIE,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_RECOVERY_CODE_COUNT,
} from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import type { TestClient } from '../../test/client.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';

const ctx = useTestApp();

// Every test signs in from 127.0.0.1; the per-IP limit would otherwise carry over from test to test.
afterEach(async () => {
  await ctx.db.deleteFrom('throttles').execute();
});

const now = () => Math.floor(Date.now() / 1000);
/** The app's code `steps` periods from now (0 = the current code). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: now() + steps * 30 });

/** A 6-digit code that is none of the codes of the last ten minutes or the next minute. */
async function wrongCode(secret: string) {
  const taken = new Set(await Promise.all(Array.from({ length: 23 }, (_, i) => codeAt(secret, i - 20))));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!taken.has(candidate)) return candidate;
  }
}

async function signedInMember() {
  const { organization, host } = await makeOrganization(ctx.db);
  const user = await makeUser(ctx.db, organization.id, 'wallet-user');
  const client = await ctx.client(host).signIn(user.email, TEST_PASSWORD);
  await confirmPassword(client);
  return { organization, host, user, client };
}

/** Setting up two-factor needs a recent password confirmation, as revealing a card does. */
async function confirmPassword(client: TestClient) {
  expect((await client.post('/user/confirm-password', { password: TEST_PASSWORD })).statusCode).toBe(201);
}

/** Sets up and confirms two-factor through the API; answers the secret and the recovery codes. */
async function enable(client: TestClient) {
  const setup = await client.post('/user/two-factor-authentication');
  expect(setup.statusCode).toBe(201);
  const { secret } = setup.json().data as { secret: string };
  const confirmed = await client.post('/user/confirmed-two-factor-authentication', { code: await codeAt(secret) });
  expect(confirmed.statusCode).toBe(200);
  return { secret, recoveryCodes: confirmed.json().data.recovery_codes as string[] };
}

async function sessionsOf(userId: number) {
  const row = await ctx.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('setting up two-factor on the account page', () => {
  it('asks for the password first (423) so a borrowed session cannot put its own authenticator on the account', async () => {
    const { organization, host } = await makeOrganization(ctx.db);
    const user = await makeUser(ctx.db, organization.id, 'wallet-user');
    const client = await ctx.client(host).signIn(user.email, TEST_PASSWORD);
    const refused = await client.post('/user/two-factor-authentication');
    expect(refused.statusCode).toBe(423);
    expect((await client.get('/user/two-factor-authentication')).json().data).toMatchObject({
      enabled: false,
      pending: false,
    });
    await confirmPassword(client);
    expect((await client.post('/user/two-factor-authentication')).statusCode).toBe(201);
  });

  it('shows a secret with its QR code, turns on with a right code and shows 8 recovery codes once', async () => {
    const { client, user, organization } = await signedInMember();
    expect((await client.get('/user/two-factor-authentication')).json().data).toEqual({
      enabled: false,
      pending: false,
      confirmed_at: null,
      recovery_codes_left: 0,
    });

    const setup = await client.post('/user/two-factor-authentication');
    expect(setup.statusCode).toBe(201);
    const { secret, otpauth_url, qr_code } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toContain('otpauth://totp/');
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(decodeURIComponent(otpauth_url)).toContain(organization.name);
    expect(qr_code).toMatch(/^data:image\/png;base64,/);
    expect((await client.get('/user/two-factor-authentication')).json().data).toMatchObject({
      enabled: false,
      pending: true,
    });

    const confirmed = await client.post('/user/confirmed-two-factor-authentication', { code: await codeAt(secret) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe(TWO_FACTOR_MESSAGES.enabled);
    const codes = confirmed.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(TWO_FACTOR_RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(TWO_FACTOR_RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);

    const status = (await client.get('/user/two-factor-authentication')).json().data;
    expect(status).toMatchObject({ enabled: true, pending: false, recovery_codes_left: 8 });
    expect(JSON.stringify(status)).not.toContain(secret);
    // Recovery codes are kept as hashes only.
    const stored = await ctx.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(8);
    for (const { code_hash } of stored) expect(codes.map((code) => code.replaceAll('-', ''))).not.toContain(code_hash);
    // Once on, the secret is never shown again: starting again is refused.
    const again = await client.post('/user/two-factor-authentication');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.alreadyEnabled);
    expect(again.body).not.toContain(secret);
  });

  it('refuses a wrong, expired or badly formed confirmation code with a clear message and stays off', async () => {
    const { client, user } = await signedInMember();
    const { secret } = (await client.post('/user/two-factor-authentication')).json().data;
    const cases: [unknown, string][] = [
      [await wrongCode(secret), TWO_FACTOR_MESSAGES.codeWrong],
      [await codeAt(secret, -4), TWO_FACTOR_MESSAGES.codeExpired],
      ['12345', TWO_FACTOR_MESSAGES.codeFormat],
      ['', TWO_FACTOR_MESSAGES.codeRequired],
      [undefined, TWO_FACTOR_MESSAGES.codeRequired],
    ];
    for (const [code, message] of cases) {
      const response = await client.post(
        '/user/confirmed-two-factor-authentication',
        code === undefined ? {} : { code },
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message, errors: { code: [message] } });
    }
    expect((await client.get('/user/two-factor-authentication')).json().data.enabled).toBe(false);
    expect(
      await ctx.db.selectFrom('two_factor_recovery_codes').selectAll().where('user_id', '=', user.id).execute(),
    ).toHaveLength(0);
  });

  it('accepts a code written with a space ("123 456")', async () => {
    const { client } = await signedInMember();
    const { secret } = (await client.post('/user/two-factor-authentication')).json().data;
    const code = await codeAt(secret);
    const response = await client.post('/user/confirmed-two-factor-authentication', {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('starting again before confirming replaces the secret; confirming without starting is a 409', async () => {
    const { client } = await signedInMember();
    const notStarted = await client.post('/user/confirmed-two-factor-authentication', { code: '123456' });
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json().message).toBe(TWO_FACTOR_MESSAGES.notStarted);
    const first = (await client.post('/user/two-factor-authentication')).json().data.secret;
    const second = (await client.post('/user/two-factor-authentication')).json().data.secret;
    expect(second).not.toBe(first);
    expect(
      (await client.post('/user/confirmed-two-factor-authentication', { code: await codeAt(second) })).statusCode,
    ).toBe(200);
  });

  it('turns off only with the right password, and then sign-in needs the password alone', async () => {
    const { client, user, host } = await signedInMember();
    await enable(client);
    const missing = await client.request('DELETE', '/user/two-factor-authentication', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ password: [TWO_FACTOR_MESSAGES.passwordRequired] });
    const wrong = await client.request('DELETE', '/user/two-factor-authentication', { password: 'not-it' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: [MESSAGES.badPassword] });
    expect((await client.get('/user/two-factor-authentication')).json().data.enabled).toBe(true);

    const off = await client.request('DELETE', '/user/two-factor-authentication', { password: TEST_PASSWORD });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(TWO_FACTOR_MESSAGES.disabled);
    expect((await client.get('/user/two-factor-authentication')).json().data).toMatchObject({
      enabled: false,
      pending: false,
    });
    expect(
      await ctx.db.selectFrom('two_factor_recovery_codes').selectAll().where('user_id', '=', user.id).execute(),
    ).toHaveLength(0);

    const fresh = ctx.client(host);
    expect((await fresh.post('/login', { email: user.email, password: TEST_PASSWORD })).json()).toMatchObject({
      message: MESSAGES.loggedIn,
      two_factor: false,
    });
    expect((await fresh.get('/api/me')).statusCode).toBe(200);
    const notOn = await client.request('DELETE', '/user/two-factor-authentication', { password: TEST_PASSWORD });
    expect(notOn.statusCode).toBe(409);
    expect(notOn.json().message).toBe(TWO_FACTOR_MESSAGES.notEnabled);
  });

  it('regenerates recovery codes with the password; the old ones stop working', async () => {
    const { client, user, host } = await signedInMember();
    const { recoveryCodes } = await enable(client);
    expect((await client.post('/user/two-factor-recovery-codes', { password: 'not-it' })).statusCode).toBe(422);
    const renewed = await client.post('/user/two-factor-recovery-codes', { password: TEST_PASSWORD });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().data.recovery_codes as string[];
    expect(fresh).toHaveLength(8);
    expect(fresh).not.toContain(recoveryCodes[0]);

    const browser = ctx.client(host);
    await browser.post('/login', { email: user.email, password: TEST_PASSWORD });
    const old = await browser.post('/two-factor-challenge', { recovery_code: recoveryCodes[0] });
    expect(old.statusCode).toBe(422);
    expect(old.json().errors).toEqual({ recovery_code: [TWO_FACTOR_MESSAGES.recoveryCodeWrong] });
    expect((await browser.post('/two-factor-challenge', { recovery_code: fresh[0] })).statusCode).toBe(200);
  });

  it('needs a session for every account-page endpoint (401), whatever the role', async () => {
    const { host } = await makeOrganization(ctx.db);
    const client = ctx.client(host);
    for (const [method, url, body] of [
      ['GET', '/user/two-factor-authentication', undefined],
      ['POST', '/user/two-factor-authentication', undefined],
      ['POST', '/user/confirmed-two-factor-authentication', { code: '123456' }],
      ['DELETE', '/user/two-factor-authentication', { password: TEST_PASSWORD }],
      ['POST', '/user/two-factor-recovery-codes', { password: TEST_PASSWORD }],
    ] as const) {
      const response = await client.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().message).toBe(MESSAGES.unauthenticated);
    }
  });

  it('an admin manages their own two-factor the same way (no role is refused)', async () => {
    const { host, admin } = await makeOrganization(ctx.db);
    const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
    await confirmPassword(client);
    const { recoveryCodes } = await enable(client);
    expect(recoveryCodes).toHaveLength(8);
  });
});

describe('signing in with two-factor on', () => {
  it('POST /login answers two_factor true without a session; a right code signs in with a new session id', async () => {
    const { client: setupClient, user, host } = await signedInMember();
    const { secret } = await enable(setupClient);
    const sessionsBefore = await sessionsOf(user.id);

    const browser = ctx.client(host);
    const login = await browser.post('/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ message: TWO_FACTOR_MESSAGES.codeNeeded, two_factor: true });
    expect(login.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    const challenge = login.cookies.find((c) => c.name === TWO_FACTOR_CHALLENGE_COOKIE);
    expect(challenge?.httpOnly).toBe(true);
    expect(challenge?.path).toBe('/two-factor-challenge');
    expect(await sessionsOf(user.id)).toBe(sessionsBefore);
    // Not signed in until the code is verified.
    expect((await browser.get('/api/me')).statusCode).toBe(401);
    expect((await browser.get('/user/two-factor-authentication')).statusCode).toBe(401);

    const done = await browser.post('/two-factor-challenge', { code: await codeAt(secret, 1) });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: MESSAGES.loggedIn, two_factor: false });
    expect(done.cookies.find((c) => c.name === SESSION_COOKIE)?.httpOnly).toBe(true);
    expect(browser.cookies.has(TWO_FACTOR_CHALLENGE_COOKIE)).toBe(false);
    expect((await browser.get('/api/me')).json().data.id).toBe(user.id);
    expect(await sessionsOf(user.id)).toBe(sessionsBefore + 1);
    // The challenge is spent: it cannot open a second session.
    const thief = ctx.client(host);
    thief.cookies.set(TWO_FACTOR_CHALLENGE_COOKIE, challenge!.value);
    const replay = await thief.post('/two-factor-challenge', { code: await codeAt(secret, 1) });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses a code already used in its window, an expired code and a wrong code, each with its own message', async () => {
    const { client: setupClient, user, host } = await signedInMember();
    const { secret } = await enable(setupClient);
    const first = ctx.client(host);
    await first.post('/login', { email: user.email, password: TEST_PASSWORD });
    const code = await codeAt(secret, 1);
    expect((await first.post('/two-factor-challenge', { code })).statusCode).toBe(200);

    const second = ctx.client(host);
    await second.post('/login', { email: user.email, password: TEST_PASSWORD });
    for (const [attempt, message] of [
      [code, TWO_FACTOR_MESSAGES.codeReused],
      [await codeAt(secret), TWO_FACTOR_MESSAGES.codeReused],
      [await codeAt(secret, -5), TWO_FACTOR_MESSAGES.codeExpired],
      [await wrongCode(secret), TWO_FACTOR_MESSAGES.codeWrong],
    ] as const) {
      const response = await second.post('/two-factor-challenge', { code: attempt });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message, errors: { code: [message] } });
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
    expect((await second.get('/api/me')).statusCode).toBe(401);
  });

  it('signs in with a recovery code (any case, with or without dashes); each works once', async () => {
    const { client: setupClient, user, host } = await signedInMember();
    const { recoveryCodes } = await enable(setupClient);
    const first = ctx.client(host);
    await first.post('/login', { email: user.email, password: TEST_PASSWORD });
    const used = await first.post('/two-factor-challenge', {
      recovery_code: ` ${recoveryCodes[2]!.toUpperCase().replaceAll('-', ' ')} `,
    });
    expect(used.statusCode).toBe(200);
    expect((await first.get('/api/me')).json().data.id).toBe(user.id);
    expect((await setupClient.get('/user/two-factor-authentication')).json().data.recovery_codes_left).toBe(7);

    const second = ctx.client(host);
    await second.post('/login', { email: user.email, password: TEST_PASSWORD });
    const again = await second.post('/two-factor-challenge', { recovery_code: recoveryCodes[2] });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: TWO_FACTOR_MESSAGES.recoveryCodeUsed,
      errors: { recovery_code: [TWO_FACTOR_MESSAGES.recoveryCodeUsed] },
    });
    const unknown = await second.post('/two-factor-challenge', { recovery_code: 'aaaa-bbbb-cccc-dddd' });
    expect(unknown.json().errors).toEqual({ recovery_code: [TWO_FACTOR_MESSAGES.recoveryCodeWrong] });
    expect((await second.get('/api/me')).statusCode).toBe(401);
  });

  it('validates the challenge body: a code or a recovery code is required', async () => {
    const { client: setupClient, user, host } = await signedInMember();
    await enable(setupClient);
    const browser = ctx.client(host);
    await browser.post('/login', { email: user.email, password: TEST_PASSWORD });
    const empty = await browser.post('/two-factor-challenge', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ code: [TWO_FACTOR_MESSAGES.codeRequired] });
    const letters = await browser.post('/two-factor-challenge', { code: 'abcdef' });
    expect(letters.json().errors).toEqual({ code: [TWO_FACTOR_MESSAGES.codeFormat] });
    const tooLong = await browser.post('/two-factor-challenge', { recovery_code: 'x'.repeat(100) });
    expect(tooLong.json().errors).toEqual({ recovery_code: [TWO_FACTOR_MESSAGES.recoveryCodeWrong] });
  });

  it('without a pending sign-in, or after it expired, the challenge is a 401 asking to sign in again', async () => {
    const { client: setupClient, user, host } = await signedInMember();
    const { secret } = await enable(setupClient);
    const nobody = await ctx.client(host).post('/two-factor-challenge', { code: await codeAt(secret) });
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);

    const browser = ctx.client(host);
    await browser.post('/login', { email: user.email, password: TEST_PASSWORD });
    await ctx.db
      .updateTable('two_factor_challenges')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .execute();
    const late = await browser.post('/two-factor-challenge', { code: await codeAt(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    expect((await browser.get('/api/me')).statusCode).toBe(401);
  });

  it("a pending sign-in of one organisation does not work on another organisation's host", async () => {
    const { client: setupClient, user, host } = await signedInMember();
    const { secret } = await enable(setupClient);
    const other = await makeOrganization(ctx.db);
    const browser = ctx.client(host);
    await browser.post('/login', { email: user.email, password: TEST_PASSWORD });
    const token = browser.cookies.get(TWO_FACTOR_CHALLENGE_COOKIE)!;
    const otherBrowser = ctx.client(other.host);
    otherBrowser.cookies.set(TWO_FACTOR_CHALLENGE_COOKIE, token);
    const elsewhere = await otherBrowser.post('/two-factor-challenge', { code: await codeAt(secret) });
    expect(elsewhere.statusCode).toBe(401);
    // The other organisation's people sign in with their password alone.
    expect(
      (await ctx.client(other.host).post('/login', { email: other.admin.email, password: TEST_PASSWORD })).json()
        .two_factor,
    ).toBe(false);
    // And the status endpoint of the other organisation knows nothing of this user's two-factor.
    const otherAdmin = await ctx.client(other.host).signIn(other.admin.email, TEST_PASSWORD);
    expect((await otherAdmin.get('/user/two-factor-authentication')).json().data.enabled).toBe(false);
  });

  it('rate limits code attempts per account: after 5 wrong codes even the right one is a 429 for a minute', async () => {
    const { client: setupClient, user, host } = await signedInMember();
    const { secret } = await enable(setupClient);
    const browser = ctx.client(host);
    await browser.post('/login', { email: user.email, password: TEST_PASSWORD });
    const wrong = await wrongCode(secret);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await browser.post('/two-factor-challenge', { code: wrong })).statusCode).toBe(422);
    }
    const blocked = await browser.post('/two-factor-challenge', { code: await codeAt(secret, 1) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TWO_FACTOR_MESSAGES.tooManyAttempts);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // A second pending sign-in for the same account is limited too.
    const other = ctx.client(host);
    await other.post('/login', { email: user.email, password: TEST_PASSWORD });
    expect((await other.post('/two-factor-challenge', { recovery_code: 'aaaa-bbbb-cccc-dddd' })).statusCode).toBe(429);

    await ctx.db
      .updateTable('throttles')
      .set({ window_started_at: sql<Date>`now() - interval '61 seconds'` })
      .execute();
    expect((await browser.post('/two-factor-challenge', { code: await codeAt(secret, 1) })).statusCode).toBe(200);
  });

  it('rate limits code attempts per IP address across accounts', async () => {
    const { client: setupClient, user, host } = await signedInMember();
    const { secret } = await enable(setupClient);
    // Twenty wrong attempts from this address already (other accounts), this account's own count still zero.
    await ctx.db
      .insertInto('throttles')
      .values({ key: 'two-factor:ip:127.0.0.1', hits: 20, window_started_at: new Date() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ hits: 20, window_started_at: new Date() }))
      .execute();
    const browser = ctx.client(host);
    await browser.post('/login', { email: user.email, password: TEST_PASSWORD });
    const blocked = await browser.post('/two-factor-challenge', { code: await codeAt(secret, 1) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TWO_FACTOR_MESSAGES.tooManyAttempts);
  });

  it('a user without two-factor signs in as before', async () => {
    const { host, admin } = await makeOrganization(ctx.db);
    const client = ctx.client(host);
    expect((await client.post('/login', { email: admin.email, password: TEST_PASSWORD })).json()).toMatchObject({
      message: MESSAGES.loggedIn,
      two_factor: false,
      data: { id: admin.id },
    });
    expect(client.cookies.has(TWO_FACTOR_CHALLENGE_COOKIE)).toBe(false);
  });
});
