import { beforeAll, describe, expect, it } from 'vitest';
import { generateSecret } from 'otplib';
import type { LightMyRequestResponse } from 'fastify';
import {
  AUTH_RATE_LIMITS,
  GOOGLE_SIGN_IN_PATHS,
  LINK_SIGN_IN_RATE_LIMITS,
  LOGIN_MAX_ATTEMPTS,
  TWO_FACTOR_CHALLENGE_COOKIE,
  TWO_FACTOR_MAX_ATTEMPTS_PER_ACCOUNT,
} from '@wallet/contract';
import { useTestApp } from '../test/context.js';
import type { TestClient } from '../test/client.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../test/factories.js';
import { uniqueEmail } from '../test/helpers.js';
import { putPendingAuthenticator } from '../modules/two-factor/test-fixtures.js';
import { sessionClient } from './fixtures.js';

/**
 * Issue 9 "rate limits on every sign-in path": each answers 429 (with Retry-After) once its limit is spent. The limits
 * are read from the contract, never retyped. Each path gets its own organisation so counters never mix.
 */
const ctx = useTestApp({
  GIVING_SSO_SECRET: 'security-review-sso-secret-of-at-least-32-chars',
  // Google sign-in configured; the callback refuses before it ever talks to the (absent) provider.
  OIDC_ISSUER_URL: 'http://127.0.0.1:9/issuer',
  OIDC_CLIENT_ID: 'wallet',
  OIDC_CLIENT_SECRET: 'client-secret',
});

/** Calls `attempt` `allowed` times expecting anything but 429, then once more expecting 429 with Retry-After. */
async function limitHolds(allowed: number, attempt: (index: number) => Promise<LightMyRequestResponse>) {
  for (let index = 0; index < allowed; index += 1) {
    const response = await attempt(index);
    expect(response.statusCode, `attempt ${index + 1} of ${allowed}: ${response.body}`).not.toBe(429);
    expect(response.statusCode, `attempt ${index + 1}`).toBeLessThan(500);
  }
  const refused = await attempt(allowed);
  expect(refused.statusCode, refused.body).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
}

/**
 * Issue 15 point 4: `wrong` sent BURST times at once and `right` (the right password) last in the same burst. The
 * attempt is counted before it is checked, so at most `allowed` are evaluated (422), the rest are 429 with
 * Retry-After, and the right password, coming after the limit, is refused too.
 */
const BURST = 40;
async function burstHolds(
  allowed: number,
  wrong: () => Promise<LightMyRequestResponse>,
  right: () => Promise<LightMyRequestResponse>,
) {
  const responses = await Promise.all([...Array.from({ length: BURST }, () => wrong()), right()]);
  const last = responses.pop()!;
  const evaluated = responses.filter((response) => response.statusCode !== 429);
  expect(
    evaluated.map((response) => response.statusCode),
    'answers that were not 429',
  ).toEqual(Array.from({ length: evaluated.length }, () => 422));
  expect(evaluated.length).toBeGreaterThan(0);
  expect(evaluated.length, `evaluated of ${BURST} parallel wrong attempts`).toBeLessThanOrEqual(allowed);
  for (const refused of responses.filter((response) => response.statusCode === 429))
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(last.statusCode, `the right password after the burst: ${last.body}`).toBe(429);
}

async function freshOrg() {
  const org = await makeOrganization(ctx.db);
  return { ...org, client: () => ctx.client(org.host) };
}

let summary: string[] = [];
beforeAll(() => {
  summary = [];
  return () => console.log(`Sign-in rate limits (429 after):\n  ${summary.join('\n  ')}`);
});

describe('every sign-in path answers 429 past its limit', () => {
  it(`POST /login: ${LOGIN_MAX_ATTEMPTS} wrong passwords per email and IP`, async () => {
    const org = await freshOrg();
    const client = org.client();
    await limitHolds(LOGIN_MAX_ATTEMPTS, () =>
      client.post('/login', { email: org.admin.email, password: 'wrong-password' }),
    );
    // The right password is refused too while the limit holds.
    expect((await client.post('/login', { email: org.admin.email, password: TEST_PASSWORD })).statusCode).toBe(429);
    summary.push(
      `POST /login                 ${LOGIN_MAX_ATTEMPTS} failures per email+IP (+ ${AUTH_RATE_LIMITS.login.perAccount.max}/account, ${AUTH_RATE_LIMITS.login.perIp.max}/IP)`,
    );
  });

  it(`POST /two-factor-challenge: ${TWO_FACTOR_MAX_ATTEMPTS_PER_ACCOUNT} wrong codes per account`, async () => {
    const org = await freshOrg();
    const user = await makeUser(ctx.db, org.organization.id, 'wallet-user');
    // A confirmed authenticator, as after set-up.
    await putPendingAuthenticator(ctx.db, org.organization.id, user.id, generateSecret());
    await ctx.db
      .updateTable('two_factor_authenticators')
      .set({ confirmed_at: new Date() })
      .where('user_id', '=', user.id)
      .execute();
    const client = org.client();
    const login = await client.post('/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.json()).toMatchObject({ two_factor: true });
    expect(client.cookies.has(TWO_FACTOR_CHALLENGE_COOKIE)).toBe(true);
    await limitHolds(TWO_FACTOR_MAX_ATTEMPTS_PER_ACCOUNT, (index) =>
      client.post('/two-factor-challenge', { code: String(100_000 + index) }),
    );
    summary.push(`POST /two-factor-challenge  ${TWO_FACTOR_MAX_ATTEMPTS_PER_ACCOUNT} wrong codes per account`);
  });

  it(`POST /forgot-password: ${AUTH_RATE_LIMITS.forgotPassword.perAccount.max} per email`, async () => {
    const org = await freshOrg();
    const client = org.client();
    await limitHolds(AUTH_RATE_LIMITS.forgotPassword.perAccount.max, () =>
      client.post('/forgot-password', { email: org.admin.email }),
    );
    summary.push(
      `POST /forgot-password       ${AUTH_RATE_LIMITS.forgotPassword.perAccount.max} per email, ${AUTH_RATE_LIMITS.forgotPassword.perIp.max} per IP`,
    );
  });

  it(`POST /reset-password: ${AUTH_RATE_LIMITS.resetPassword.perAccount.max} per email`, async () => {
    const org = await freshOrg();
    const client = org.client();
    const body = {
      email: org.admin.email,
      token: 'not-a-real-reset-token',
      password: 'N3w-passw0rd!',
      password_confirmation: 'N3w-passw0rd!',
    };
    await limitHolds(AUTH_RATE_LIMITS.resetPassword.perAccount.max, () => client.post('/reset-password', body));
    summary.push(
      `POST /reset-password        ${AUTH_RATE_LIMITS.resetPassword.perAccount.max} per email, ${AUTH_RATE_LIMITS.resetPassword.perIp.max} per IP`,
    );
  });

  it(`POST /api/auth/register: ${AUTH_RATE_LIMITS.register.perAccount.max} per email`, async () => {
    const org = await freshOrg();
    const client = org.client();
    const email = uniqueEmail('invited');
    const body = {
      email,
      token: 'not-a-real-invitation-token',
      first_name: 'In',
      last_name: 'Vited',
      password: 'N3w-passw0rd!',
      password_confirmation: 'N3w-passw0rd!',
    };
    await limitHolds(AUTH_RATE_LIMITS.register.perAccount.max, () => client.post('/api/auth/register', body));
    summary.push(
      `POST /api/auth/register     ${AUTH_RATE_LIMITS.register.perAccount.max} per email, ${AUTH_RATE_LIMITS.register.perIp.max} per IP`,
    );
  });

  it(`POST /user/confirm-password: ${LOGIN_MAX_ATTEMPTS} wrong passwords per account`, async () => {
    const org = await freshOrg();
    const client: TestClient = await sessionClient(ctx, org.host, org.organization.id, org.admin.id);
    await limitHolds(LOGIN_MAX_ATTEMPTS, () => client.post('/user/confirm-password', { password: 'wrong-password' }));
    // A borrowed session cannot keep guessing with the right one either.
    expect((await client.post('/user/confirm-password', { password: TEST_PASSWORD })).statusCode).toBe(429);
    summary.push(`POST /user/confirm-password ${LOGIN_MAX_ATTEMPTS} failures per account`);
  });

  it(`GET /sso/login: ${LINK_SIGN_IN_RATE_LIMITS.ssoLogin.max} refused tokens per IP`, async () => {
    const org = await freshOrg();
    const client = org.client();
    await limitHolds(LINK_SIGN_IN_RATE_LIMITS.ssoLogin.max, (index) =>
      client.get(`/sso/login?token=forged.token.${index}`),
    );
    summary.push(`GET /sso/login              ${LINK_SIGN_IN_RATE_LIMITS.ssoLogin.max} refused tokens per IP`);
  });

  it(`GET ${GOOGLE_SIGN_IN_PATHS.callback}: ${LINK_SIGN_IN_RATE_LIMITS.googleCallback.max} failed returns per IP`, async () => {
    const org = await freshOrg();
    const client = org.client();
    await limitHolds(LINK_SIGN_IN_RATE_LIMITS.googleCallback.max, (index) =>
      client.get(`${GOOGLE_SIGN_IN_PATHS.callback}?code=guess-${index}&state=guess`),
    );
    summary.push(
      `GET ${GOOGLE_SIGN_IN_PATHS.callback}  ${LINK_SIGN_IN_RATE_LIMITS.googleCallback.max} failed returns per IP`,
    );
  });
});

describe('a burst of parallel attempts gets at most the limit checked (the attempt counts before the check)', () => {
  it(`POST /login: ${BURST} wrong passwords at once for one email and IP, then the right one`, async () => {
    const org = await freshOrg();
    const client = org.client();
    await client.get('/sanctum/csrf-cookie');
    await burstHolds(
      LOGIN_MAX_ATTEMPTS,
      () => client.post('/login', { email: org.admin.email, password: 'wrong-password' }),
      () => client.post('/login', { email: org.admin.email, password: TEST_PASSWORD }),
    );
    expect((await client.post('/login', { email: org.admin.email, password: TEST_PASSWORD })).statusCode).toBe(429);
  });

  it(`POST /user/confirm-password: ${BURST} wrong passwords at once, then the right one`, async () => {
    const org = await freshOrg();
    const client = await sessionClient(ctx, org.host, org.organization.id, org.admin.id);
    await client.get('/sanctum/csrf-cookie');
    await burstHolds(
      LOGIN_MAX_ATTEMPTS,
      () => client.post('/user/confirm-password', { password: 'wrong-password' }),
      () => client.post('/user/confirm-password', { password: TEST_PASSWORD }),
    );
    expect(
      (
        await ctx.db
          .selectFrom('sessions')
          .select('password_confirmed_at')
          .where('user_id', '=', org.admin.id)
          .executeTakeFirstOrThrow()
      ).password_confirmed_at,
    ).toBeNull();
  });

  it(`PUT /user/password: ${BURST} wrong current passwords at once, then the right one`, async () => {
    const org = await freshOrg();
    const client = await sessionClient(ctx, org.host, org.organization.id, org.admin.id);
    await client.get('/sanctum/csrf-cookie');
    const change = (current: string) => ({
      current_password: current,
      password: 'N3w-passw0rd!',
      password_confirmation: 'N3w-passw0rd!',
    });
    const before = (
      await ctx.db.selectFrom('users').select('password_hash').where('id', '=', org.admin.id).executeTakeFirstOrThrow()
    ).password_hash;
    await burstHolds(
      LOGIN_MAX_ATTEMPTS,
      () => client.put('/user/password', change('wrong-password')),
      () => client.put('/user/password', change(TEST_PASSWORD)),
    );
    expect(
      (
        await ctx.db
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', org.admin.id)
          .executeTakeFirstOrThrow()
      ).password_hash,
    ).toBe(before);
  });
});
