import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { generate, generateSecret } from 'otplib';
import {
  GOOGLE_SIGN_IN_PATHS,
  SESSION_COOKIE,
  TWO_FACTOR_CHALLENGE_COOKIE,
  TWO_FACTOR_CHALLENGE_PAGE,
} from '@wallet/contract';
import { buildApp } from '../../app.js';
import { TestClient } from '../../test/client.js';
import { makeUser } from '../../test/factories.js';
import { countRows, uniqueEmail } from '../../test/helpers.js';
import { ProviderBrowser } from '../../test/oidc-provider.js';
import { googleSignIn, startSignIn, useGoogleTestApp } from './test-fixtures.js';

/** Google sign-in: the OpenID Connect code flow with PKCE against a real provider (issue 8 point 2). */
const { ctx, organization } = useGoogleTestApp();

const registrationRequests = (orgId: number) =>
  ctx.db.selectFrom('registration_requests').selectAll().where('org_id', '=', orgId).execute();

describe('Google sign-in', { timeout: 30_000 }, () => {
  it('tells the login page Google is configured, and says so clearly when it is not', async () => {
    const { host } = await organization();
    const configured = await ctx.client(host).get('/api/auth/sign-in-options');
    expect(configured.json()).toEqual({ data: { google: { configured: true } } });

    const bare = await buildApp({ ...ctx.deps, config: { ...ctx.config, OIDC_ISSUER_URL: undefined } });
    try {
      const client = new TestClient(bare, host);
      expect((await client.get('/api/auth/sign-in-options')).json()).toEqual({
        data: { google: { configured: false } },
      });
      const redirect = await client.get(GOOGLE_SIGN_IN_PATHS.redirect);
      expect(redirect.statusCode).toBe(302);
      expect(redirect.headers.location).toBe('/login?google=not_configured');
    } finally {
      await bare.close();
    }
    // An unknown organisation has no sign-in options.
    expect((await ctx.client('nobody-here.localhost').get('/api/auth/sign-in-options')).statusCode).toBe(404);
  });

  it('starts the code flow with PKCE, state and nonce, on a short-lived httpOnly cookie', async () => {
    const { host } = await organization();
    const client = ctx.client(host);
    const response = await client.get(GOOGLE_SIGN_IN_PATHS.redirect);
    expect(response.statusCode).toBe(302);
    const url = new URL(response.headers.location!);
    expect(url.origin).toBe(new URL(ctx.config.OIDC_ISSUER_URL!).origin);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: ctx.config.OIDC_CLIENT_ID,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: `http://${host}${GOOGLE_SIGN_IN_PATHS.callback}`,
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const cookie = response.cookies.find((each) => each.name === 'wallet_oidc')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: GOOGLE_SIGN_IN_PATHS.callback, maxAge: 600 });
  });

  it('signs in a known user with a wallet role: a session, and /dashboard', async () => {
    const { organization: org, host } = await organization();
    const member = await makeUser(ctx.db, org.id, 'wallet-user', {
      email: uniqueEmail('kim'),
      first_name: 'Kim',
      last_name: 'Ng',
    });
    const client = ctx.client(host);
    const callback = await googleSignIn(client, member.email.toUpperCase());
    expect(callback.statusCode, callback.body).toBe(302);
    expect(callback.headers.location).toBe('/dashboard');
    const me = await client.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: member.id, email: member.email });
    // The sign-in was used up; no registration request for a member.
    expect(await ctx.db.selectFrom('oidc_sign_ins').selectAll().where('org_id', '=', org.id).execute()).toEqual([]);
    expect(await registrationRequests(org.id)).toEqual([]);
  });

  it('a user with two-factor on gets the code challenge, not a session: signed in only with the code', async () => {
    const { organization: org, host } = await organization();
    const member = await makeUser(ctx.db, org.id, 'wallet-user');
    const secret = generateSecret();
    await ctx.db
      .insertInto('two_factor_authenticators')
      .values({ org_id: org.id, user_id: member.id, secret, confirmed_at: sql<Date>`now()` })
      .execute();
    const client = ctx.client(host);
    const callback = await googleSignIn(client, member.email);
    expect(callback.statusCode, callback.body).toBe(302);
    expect(callback.headers.location).toBe(TWO_FACTOR_CHALLENGE_PAGE);
    expect(callback.cookies.find((cookie) => cookie.name === SESSION_COOKIE && cookie.value)).toBeUndefined();
    expect(callback.cookies.find((cookie) => cookie.name === TWO_FACTOR_CHALLENGE_COOKIE)).toMatchObject({
      httpOnly: true,
      path: '/two-factor-challenge',
    });
    expect((await client.get('/api/me')).statusCode).toBe(401);

    const answered = await client.post('/two-factor-challenge', { code: await generate({ secret }) });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await client.get('/api/me')).json().data.id).toBe(member.id);
  });

  it("login CSRF: a callback another browser started (the attacker's own code and state) signs nobody in and leaves the session alone", async () => {
    const { organization: org, host } = await organization();
    const attacker = await makeUser(ctx.db, org.id, 'wallet-user');
    const victimUser = await makeUser(ctx.db, org.id, 'wallet-user');
    const victim = await ctx.client(host).signIn(victimUser.email, 'test-password');
    // The victim has a sign-in of their own in flight: its cookie must not let the attacker's callback through.
    await startSignIn(victim);
    const attackerAuthorization = await startSignIn(ctx.client(host));
    const attackersCallback = await new ProviderBrowser().signIn(attackerAuthorization.href, attacker.email);
    const response = await victim.get(`${attackersCallback.pathname}${attackersCallback.search}`);
    expect(response.headers.location).toBe('/login?google=failed');
    expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE && cookie.value)).toBeUndefined();
    expect((await victim.get('/api/me')).json().data.id).toBe(victimUser.id);
  });

  it('an unknown email asks for access: /registration-requested, the admins are mailed, a second sign-in is /access-pending', async () => {
    const { organization: org, host, admin } = await organization();
    const otherAdmin = await makeUser(ctx.db, org.id, 'wallet-finance');
    await makeUser(ctx.db, org.id, 'wallet-user');
    const email = uniqueEmail('new.person');
    const client = ctx.client(host);
    const first = await googleSignIn(client, email);
    expect(first.headers.location).toBe('/registration-requested');
    expect((await client.get('/api/me')).statusCode).toBe(401);

    const [request] = await registrationRequests(org.id);
    expect(request).toMatchObject({ email, first_name: 'New', status: 'pending', responder_id: null });
    const mails = await ctx.db
      .selectFrom('mail_messages')
      .selectAll()
      .where('org_id', '=', org.id)
      .where('kind', '=', 'registration_request')
      .execute();
    expect(mails.map((mail) => mail.to_email).sort()).toEqual([admin.email, otherAdmin.email].sort());
    expect(mails[0]!.text_body).toContain(email);
    expect(mails[0]!.text_body).toMatch(/Approve: http:\/\/[^\s]+\/api\/registration-requests\/links\/\S+/);
    expect(mails[0]!.text_body).toMatch(/Block: http:\/\/[^\s]+\/api\/registration-requests\/links\/\S+/);

    const second = await googleSignIn(ctx.client(host), email);
    expect(second.headers.location).toBe('/access-pending');
    expect(await registrationRequests(org.id)).toHaveLength(1);
    expect(
      await ctx.db
        .selectFrom('mail_messages')
        .select('id')
        .where('org_id', '=', org.id)
        .where('kind', '=', 'registration_request')
        .execute(),
    ).toHaveLength(2);
    expect(await countRows(ctx.db, 'users', org.id)).toBe(3);
  });

  it('a person of the organisation without a wallet role asks for access under their own name', async () => {
    const { organization: org, host } = await organization();
    const email = uniqueEmail('chris');
    await ctx.db.insertInto('users').values({ org_id: org.id, email, first_name: 'Chris', last_name: 'Doe' }).execute();
    const callback = await googleSignIn(ctx.client(host), email);
    expect(callback.headers.location).toBe('/registration-requested');
    expect(await registrationRequests(org.id)).toMatchObject([
      { email, first_name: 'Chris', last_name: 'Doe', status: 'pending' },
    ]);
  });

  it('an unverified Google email is not trusted', async () => {
    const { organization: org, host } = await organization();
    const member = await makeUser(ctx.db, org.id, 'wallet-user');
    const [local, domain] = member.email.split('@');
    const client = ctx.client(host);
    const callback = await googleSignIn(client, `${local}+unverified@${domain}`);
    expect(callback.headers.location).toBe('/login?google=email_unverified');
    expect(callback.cookies.find((cookie) => cookie.name === 'wallet_session' && cookie.value)).toBeUndefined();
    expect(await registrationRequests(org.id)).toEqual([]);
  });

  describe('the callback refuses', () => {
    async function returnedCallback(host: string, email: string) {
      const client = ctx.client(host);
      const authorizationUrl = await startSignIn(client);
      const callback = await new ProviderBrowser().signIn(authorizationUrl.href, email);
      return {
        client,
        callback: `${callback.pathname}${callback.search}`,
        state: authorizationUrl.searchParams.get('state')!,
      };
    }

    async function expectRefused(client: TestClient, path: string) {
      const response = await client.get(path);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/login?google=failed');
      expect((await client.get('/api/me')).statusCode).toBe(401);
      return response;
    }

    it('a state that is not the one it sent', async () => {
      const { organization: org, host } = await organization();
      const member = await makeUser(ctx.db, org.id, 'wallet-user');
      const { client, callback, state } = await returnedCallback(host, member.email);
      await expectRefused(client, callback.replace(`state=${state}`, 'state=forged-state'));
    });

    it('a callback without the browser cookie of its sign-in, and the same callback twice', async () => {
      const { organization: org, host } = await organization();
      const member = await makeUser(ctx.db, org.id, 'wallet-user');
      const { client, callback } = await returnedCallback(host, member.email);
      await expectRefused(ctx.client(host), callback);
      const used = await client.get(callback);
      // The first try above (without the cookie) did not consume it: the right browser still signs in once.
      expect(used.headers.location).toBe('/dashboard');
      const replay = new TestClient(ctx.app, host);
      for (const [name, value] of client.cookies) if (name === 'wallet_oidc') replay.cookies.set(name, value);
      await expectRefused(replay, callback);
    });

    it('an ID token whose nonce is not the one it sent', async () => {
      const { organization: org, host } = await organization();
      const member = await makeUser(ctx.db, org.id, 'wallet-user');
      const { client, callback } = await returnedCallback(host, member.email);
      await ctx.db.updateTable('oidc_sign_ins').set({ nonce: 'another-nonce' }).where('org_id', '=', org.id).execute();
      await expectRefused(client, callback);
    });

    it('a sign-in older than ten minutes', async () => {
      const { organization: org, host } = await organization();
      const member = await makeUser(ctx.db, org.id, 'wallet-user');
      const { client, callback } = await returnedCallback(host, member.email);
      await ctx.db
        .updateTable('oidc_sign_ins')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('org_id', '=', org.id)
        .execute();
      await expectRefused(client, callback);
    });

    it("a sign-in started on another organisation's host", async () => {
      const { organization: org, host } = await organization();
      const { host: otherHost } = await organization();
      const member = await makeUser(ctx.db, org.id, 'wallet-user');
      const { client, callback } = await returnedCallback(host, member.email);
      const elsewhere = new TestClient(ctx.app, otherHost);
      for (const [name, value] of client.cookies) elsewhere.cookies.set(name, value);
      await expectRefused(elsewhere, callback);
    });

    it('an error from the provider (the person cancelled)', async () => {
      const { host } = await organization();
      const client = ctx.client(host);
      const authorizationUrl = await startSignIn(client);
      const state = authorizationUrl.searchParams.get('state')!;
      await expectRefused(
        client,
        `${GOOGLE_SIGN_IN_PATHS.callback}?error=access_denied&state=${state}&iss=${encodeURIComponent(ctx.config.OIDC_ISSUER_URL!)}`,
      );
    });
  });
});
