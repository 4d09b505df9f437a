import { describe, expect, it } from 'vitest';
import { SignJWT, jwtVerify } from 'jose';
import { generate, generateSecret } from 'otplib';
import { sql } from 'kysely';
import {
  SESSION_COOKIE,
  SSO_CONFIRM_MINUTES,
  SSO_CONFIRM_PAGE,
  SSO_MESSAGES,
  SSO_SIGN_IN_PATH,
  SSO_TOKEN_SECONDS,
  TWO_FACTOR_CHALLENGE_COOKIE,
} from '@wallet/contract';
import { buildApp } from '../../app.js';
import { useTestApp } from '../../test/context.js';
import { TestClient } from '../../test/client.js';
import { makeOrganization, makeUser } from '../../test/factories.js';
import { setupOrg } from '../../test/helpers.js';
import { GIVING_PARTY, WALLET_PARTY, signSsoToken } from './tokens.js';

const SECRET = 'test-giving-secret-0123456789-abcdefghij';
const GIVING_URL = 'http://giving.test:4100';
const ctx = useTestApp({ GIVING_URL, GIVING_SSO_SECRET: SECRET, GIVING_PRODUCT_NAME: 'Acme' });

const key = new TextEncoder().encode(SECRET);

interface TokenOverrides {
  secret?: string;
  issuer?: string;
  audience?: string;
  issuedAt?: number;
  lifetime?: number;
  org?: string | null;
}

/** A token as the giving product makes it, for a person of the organisation `org` (its slug, the host's first label). */
async function givingToken(org: string, email: string, overrides: TokenOverrides = {}) {
  const issuedAt = overrides.issuedAt ?? Math.floor(Date.now() / 1000);
  const orgClaim = overrides.org === undefined ? org : overrides.org;
  return new SignJWT({ email, ...(orgClaim !== null && { org: orgClaim }) })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(overrides.issuer ?? GIVING_PARTY)
    .setAudience(overrides.audience ?? WALLET_PARTY)
    .setJti(crypto.randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + (overrides.lifetime ?? SSO_TOKEN_SECONDS))
    .sign(overrides.secret ? new TextEncoder().encode(overrides.secret) : key);
}

function ssoLogin(client: TestClient, token: string) {
  return client.get(`/sso/login?token=${encodeURIComponent(token)}`);
}

/** The whole inbound sign-in as the SPA does it: the link, then Continue on the confirmation page. */
async function ssoSignIn(client: TestClient, token: string) {
  const link = await ssoLogin(client, token);
  expect(link.statusCode, link.body).toBe(302);
  expect(link.headers.location).toBe(SSO_CONFIRM_PAGE);
  return client.post(SSO_SIGN_IN_PATH);
}

const sessionCookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
  response.cookies.find((cookie) => cookie.name === SESSION_COOKIE && cookie.value);

/** Two-factor on for the user, as the account page leaves it; answers the authenticator's secret. */
async function withTwoFactor(orgId: number, userId: number) {
  const secret = generateSecret();
  await ctx.db
    .insertInto('two_factor_authenticators')
    .values({ org_id: orgId, user_id: userId, secret, confirmed_at: sql<Date>`now()` })
    .execute();
  return secret;
}

describe('GET /api/sso/config', () => {
  it('tells anyone the product name, its address and that SSO is on', async () => {
    const { anonymous } = await setupOrg(ctx);
    const response = await anonymous.get('/api/sso/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { product_name: 'Acme', url: GIVING_URL, sso_enabled: true } });
  });
});

describe('POST /api/outbound-sso', () => {
  it('answers a URL of the giving product carrying a 60-second, single-use token for the signed-in person', async () => {
    const org = await setupOrg(ctx);
    const response = await org.memberClient.post('/api/outbound-sso', { app: 'giving' });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().data as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${GIVING_URL}/sso/login`);
    const token = url.searchParams.get('token')!;
    const { payload, protectedHeader } = await jwtVerify(token, key, { issuer: WALLET_PARTY, audience: GIVING_PARTY });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({
      sub: String(org.member.id),
      email: org.member.email,
      name: 'Mia Member',
      org: org.organization.slug,
    });
    expect(payload.exp! - payload.iat!).toBe(SSO_TOKEN_SECONDS);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);

    const again = new URL((await org.memberClient.post('/api/outbound-sso', { app: 'giving' })).json().data as string);
    expect((await jwtVerify(again.searchParams.get('token')!, key)).payload.jti).not.toBe(payload.jti);
  });

  it('refuses an unknown app (422) and a signed-out visitor (401)', async () => {
    const org = await setupOrg(ctx);
    const bad = await org.memberClient.post('/api/outbound-sso', { app: 'elsewhere' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.app).toHaveLength(1);
    expect((await org.anonymous.post('/api/outbound-sso', { app: 'giving' })).statusCode).toBe(401);
  });
});

describe('GET /sso/login', () => {
  it("checks the token and asks first: no session until the confirmation page's POST, which signs the person in once", async () => {
    const org = await setupOrg(ctx);
    const token = await givingToken(org.organization.slug, org.member.email.toUpperCase());
    const browser = ctx.client(org.host);
    const response = await ssoLogin(browser, token);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(SSO_CONFIRM_PAGE);
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(response.cookies.find((cookie) => cookie.name === 'wallet_sso')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: SSO_SIGN_IN_PATH,
      maxAge: SSO_CONFIRM_MINUTES * 60,
    });
    expect((await browser.get('/api/me')).statusCode).toBe(401);

    const pending = await browser.get(SSO_SIGN_IN_PATH);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({ data: { name: 'Mia Member', email: org.member.email } });

    const confirmed = await browser.post(SSO_SIGN_IN_PATH);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ two_factor: false });
    expect(sessionCookieOf(confirmed)).toMatchObject({ httpOnly: true });
    const me = await browser.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(org.member.id);

    // The confirmation is used up, and the link still signs in once only.
    expect((await browser.post(SSO_SIGN_IN_PATH)).statusCode).toBe(401);
    const replay = await ssoLogin(ctx.client(org.host), token);
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe('/sso/refused?reason=used');
    expect(sessionCookieOf(replay)).toBeUndefined();
  });

  it("a cross-site GET with someone else's valid token leaves the browser's session as it was", async () => {
    const org = await setupOrg(ctx);
    const victim = org.memberClient;
    const attackersToken = await givingToken(org.organization.slug, org.admin.email);
    const response = await ssoLogin(victim, attackersToken);
    expect(response.headers.location).toBe(SSO_CONFIRM_PAGE);
    expect(sessionCookieOf(response)).toBeUndefined();
    const me = await victim.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(org.member.id);
  });

  it('confirms only with the XSRF header (419 without it, and nobody is signed in) and only in the browser that opened the link', async () => {
    const org = await setupOrg(ctx);
    const browser = ctx.client(org.host);
    expect((await ssoLogin(browser, await givingToken(org.organization.slug, org.member.email))).headers.location).toBe(
      SSO_CONFIRM_PAGE,
    );
    await browser.get('/sanctum/csrf-cookie');
    browser.sendCsrfHeader = false;
    const forged = await browser.post(SSO_SIGN_IN_PATH);
    expect(forged.statusCode).toBe(419);
    expect(sessionCookieOf(forged)).toBeUndefined();
    expect((await browser.get('/api/me')).statusCode).toBe(401);

    const otherBrowser = ctx.client(org.host);
    const elsewhere = await otherBrowser.post(SSO_SIGN_IN_PATH);
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().message).toBe(SSO_MESSAGES.confirmExpired);
    expect((await otherBrowser.get(SSO_SIGN_IN_PATH)).statusCode).toBe(401);

    browser.sendCsrfHeader = true;
    expect((await browser.post(SSO_SIGN_IN_PATH)).statusCode).toBe(200);
    expect((await browser.get('/api/me')).json().data.id).toBe(org.member.id);
  });

  it(`Cancel forgets it; a confirmation waits ${SSO_CONFIRM_MINUTES} minutes`, async () => {
    const org = await setupOrg(ctx);
    const cancelling = ctx.client(org.host);
    await ssoLogin(cancelling, await givingToken(org.organization.slug, org.member.email));
    expect((await cancelling.delete(SSO_SIGN_IN_PATH)).statusCode).toBe(204);
    expect((await cancelling.post(SSO_SIGN_IN_PATH)).statusCode).toBe(401);
    expect((await cancelling.get('/api/me')).statusCode).toBe(401);

    const late = ctx.client(org.host);
    await ssoLogin(late, await givingToken(org.organization.slug, org.member.email));
    await ctx.db
      .updateTable('sso_sign_ins')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('org_id', '=', org.organization.id)
      .execute();
    expect((await late.get(SSO_SIGN_IN_PATH)).statusCode).toBe(401);
    expect((await late.post(SSO_SIGN_IN_PATH)).statusCode).toBe(401);
    expect((await late.get('/api/me')).statusCode).toBe(401);
  });

  it('a person with two-factor on gets the code challenge, not a session: signed in only with the code', async () => {
    const org = await setupOrg(ctx);
    const secret = await withTwoFactor(org.organization.id, org.member.id);
    const browser = ctx.client(org.host);
    const confirmed = await ssoSignIn(browser, await givingToken(org.organization.slug, org.member.email));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ two_factor: true });
    expect(sessionCookieOf(confirmed)).toBeUndefined();
    expect(confirmed.cookies.find((cookie) => cookie.name === TWO_FACTOR_CHALLENGE_COOKIE)).toMatchObject({
      httpOnly: true,
      path: '/two-factor-challenge',
    });
    expect((await browser.get('/api/me')).statusCode).toBe(401);

    const answered = await browser.post('/two-factor-challenge', { code: await generate({ secret }) });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await browser.get('/api/me')).json().data.id).toBe(org.member.id);
  });

  it('refuses an expired token, one issued for longer than 60 seconds, a bad signature, issuer or audience', async () => {
    const org = await setupOrg(ctx);
    const slug = org.organization.slug;
    const now = Math.floor(Date.now() / 1000);
    const cases: Array<[string, string, string]> = [
      ['expired', await givingToken(slug, org.member.email, { issuedAt: now - 120 }), 'expired'],
      ['too long', await givingToken(slug, org.member.email, { lifetime: 3600 }), 'invalid'],
      [
        'other secret',
        await givingToken(slug, org.member.email, { secret: 'another-secret-0123456789-abcdefghijkl' }),
        'invalid',
      ],
      ['other issuer', await givingToken(slug, org.member.email, { issuer: 'someone-else' }), 'invalid'],
      ['other audience', await givingToken(slug, org.member.email, { audience: GIVING_PARTY }), 'invalid'],
      [
        'our own outbound token',
        (
          await signSsoToken(SECRET, { issuer: WALLET_PARTY, audience: GIVING_PARTY }, '1', {
            email: org.member.email,
            org: slug,
          })
        ).token,
        'invalid',
      ],
      ['garbage', 'not-a-token', 'invalid'],
      [
        'unsigned',
        `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ email: org.member.email, org: slug })).toString('base64url')}.`,
        'invalid',
      ],
    ];
    for (const [name, token, reason] of cases) {
      const browser = ctx.client(org.host);
      const response = await ssoLogin(browser, token);
      expect(response.headers.location, name).toBe(`/sso/refused?reason=${reason}`);
      expect((await browser.post(SSO_SIGN_IN_PATH)).statusCode, name).toBe(401);
      expect((await browser.get('/api/me')).statusCode, name).toBe(401);
    }
    expect((await ctx.client(org.host).get('/sso/login')).headers.location).toBe('/sso/refused?reason=invalid');
  });

  it("refuses a token minted for another organisation, or for none, on this organisation's host", async () => {
    const org = await setupOrg(ctx);
    const other = await makeOrganization(ctx.db);
    // The same email in both organisations: only the token's organisation claim tells them apart.
    await makeUser(ctx.db, other.organization.id, 'wallet-user', { email: org.member.email });
    const browser = ctx.client(org.host);
    const elsewhere = await ssoLogin(browser, await givingToken(other.organization.slug, org.member.email));
    expect(elsewhere.headers.location).toBe('/sso/refused?reason=other-organization');
    const none = await ssoLogin(browser, await givingToken(org.organization.slug, org.member.email, { org: null }));
    expect(none.headers.location).toBe('/sso/refused?reason=invalid');
    expect((await browser.post(SSO_SIGN_IN_PATH)).statusCode).toBe(401);
    expect((await browser.get('/api/me')).statusCode).toBe(401);
  });

  it('matches the email within the organisation of the host only', async () => {
    const org = await setupOrg(ctx);
    const other = await makeOrganization(ctx.db);
    const stranger = await makeUser(ctx.db, other.organization.id, 'wallet-user');
    const response = await ssoLogin(ctx.client(org.host), await givingToken(org.organization.slug, stranger.email));
    expect(response.headers.location).toBe('/sso/refused?reason=unknown-user');
    const unknown = await ssoLogin(
      ctx.client(org.host),
      await givingToken(org.organization.slug, 'nobody@example.test'),
    );
    expect(unknown.headers.location).toBe('/sso/refused?reason=unknown-user');
  });
});

describe('without GIVING_URL and GIVING_SSO_SECRET', () => {
  it('says so: config has sso off, outbound is a 503 with a clear message, inbound is refused', async () => {
    const config = { ...ctx.config, GIVING_URL: undefined, GIVING_SSO_SECRET: undefined };
    const app = await buildApp({ ...ctx.deps, config });
    try {
      const org = await makeOrganization(ctx.db);
      const client = new TestClient(app, org.host);
      expect((await client.get('/api/sso/config')).json()).toEqual({
        data: { product_name: 'Acme', url: null, sso_enabled: false },
      });
      await client.signIn(org.admin.email, 'test-password');
      const outbound = await client.post('/api/outbound-sso', { app: 'giving' });
      expect(outbound.statusCode).toBe(503);
      expect(outbound.json().message).toBe(SSO_MESSAGES.notConfigured);
      const inbound = await new TestClient(app, org.host).get(
        `/sso/login?token=${await givingToken(org.organization.slug, org.admin.email)}`,
      );
      expect(inbound.headers.location).toBe('/sso/refused?reason=not-configured');
    } finally {
      await app.close();
    }
  });
});
