import { describe, expect, it } from 'vitest';
import { SignJWT, jwtVerify } from 'jose';
import { SESSION_COOKIE, SSO_MESSAGES, SSO_TOKEN_SECONDS } from '@wallet/contract';
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

/** A token as the giving product makes it. */
async function givingToken(email: string, overrides: { secret?: string; issuer?: string; audience?: string; issuedAt?: number; lifetime?: number } = {}) {
  const issuedAt = overrides.issuedAt ?? Math.floor(Date.now() / 1000);
  return new SignJWT({ email })
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
    expect(payload).toMatchObject({ sub: String(org.member.id), email: org.member.email, name: 'Mia Member', org: org.organization.slug });
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
  it('signs the person with the token\'s email in on this organisation\'s host, once', async () => {
    const org = await setupOrg(ctx);
    const token = await givingToken(org.member.email.toUpperCase());
    const browser = ctx.client(org.host);
    const response = await ssoLogin(browser, token);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/dashboard');
    expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.httpOnly).toBe(true);
    const me = await browser.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(org.member.id);

    const replay = await ssoLogin(ctx.client(org.host), token);
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe('/sso/refused?reason=used');
    expect(replay.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses an expired token, one issued for longer than 60 seconds, a bad signature, issuer or audience', async () => {
    const org = await setupOrg(ctx);
    const now = Math.floor(Date.now() / 1000);
    const cases: Array<[string, string, string]> = [
      ['expired', await givingToken(org.member.email, { issuedAt: now - 120 }), 'expired'],
      ['too long', await givingToken(org.member.email, { lifetime: 3600 }), 'invalid'],
      ['other secret', await givingToken(org.member.email, { secret: 'another-secret-0123456789-abcdefghijkl' }), 'invalid'],
      ['other issuer', await givingToken(org.member.email, { issuer: 'someone-else' }), 'invalid'],
      ['other audience', await givingToken(org.member.email, { audience: GIVING_PARTY }), 'invalid'],
      ['our own outbound token', (await signSsoToken(SECRET, { issuer: WALLET_PARTY, audience: GIVING_PARTY }, '1', { email: org.member.email })).token, 'invalid'],
      ['garbage', 'not-a-token', 'invalid'],
      ['unsigned', `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ email: org.member.email })).toString('base64url')}.`, 'invalid'],
    ];
    for (const [name, token, reason] of cases) {
      const browser = ctx.client(org.host);
      const response = await ssoLogin(browser, token);
      expect(response.headers.location, name).toBe(`/sso/refused?reason=${reason}`);
      expect((await browser.get('/api/me')).statusCode, name).toBe(401);
    }
    expect((await ctx.client(org.host).get('/sso/login')).headers.location).toBe('/sso/refused?reason=invalid');
  });

  it('matches the email within the organisation of the host only', async () => {
    const org = await setupOrg(ctx);
    const other = await makeOrganization(ctx.db);
    const stranger = await makeUser(ctx.db, other.organization.id, 'wallet-user');
    const response = await ssoLogin(ctx.client(org.host), await givingToken(stranger.email));
    expect(response.headers.location).toBe('/sso/refused?reason=unknown-user');
    const unknown = await ssoLogin(ctx.client(org.host), await givingToken('nobody@example.test'));
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
      expect((await client.get('/api/sso/config')).json()).toEqual({ data: { product_name: 'Acme', url: null, sso_enabled: false } });
      await client.signIn(org.admin.email, 'test-password');
      const outbound = await client.post('/api/outbound-sso', { app: 'giving' });
      expect(outbound.statusCode).toBe(503);
      expect(outbound.json().message).toBe(SSO_MESSAGES.notConfigured);
      const inbound = await new TestClient(app, org.host).get(`/sso/login?token=${await givingToken(org.admin.email)}`);
      expect(inbound.headers.location).toBe('/sso/refused?reason=not-configured');
    } finally {
      await app.close();
    }
  });
});
