import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, SESSION_COOKIE } from '@wallet/contract';
import { useTestApp } from '../test/context.js';
import type { TestClient } from '../test/client.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../test/factories.js';
import { acceptTermsInDb, createCard } from '../test/card-factories.js';
import { latestMailTo, registrationLinkIn, uniqueEmail, waitFor } from '../test/helpers.js';
import { GIVING_PARTY, WALLET_PARTY, signSsoToken } from '../modules/sso/test-fixtures.js';
import { redactUrl } from '../http/logging.js';
import { captureLogs } from './route-table.js';

vi.mock('fastify', async (original) =>
  (await import('./route-table.js')).instrumentFastify(await original<Record<string, unknown>>()),
);

/**
 * Issue 9: no card number, CVC, password, token or secret in any log line or error. The app logs at trace with a
 * line per request into a captured stream (console too, for the job workers); the flows that handle secrets run;
 * then every line and every error answer is searched for the actual secret values.
 */
const logs = captureLogs();
const SECRETS = {
  STRIPE_SECRET_KEY: 'sk_test_securityReviewSecretKey0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_securityReviewWebhookSecret0123',
  GIVING_SSO_SECRET: 'security-review-giving-sso-secret-0123456789',
  OIDC_CLIENT_SECRET: 'oidc-client-secret-security-review-0123',
};
const ctx = useTestApp({
  LOG_LEVEL: 'trace',
  LOG_REQUESTS: 'true',
  STRIPE_SECRET_KEY: SECRETS.STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: SECRETS.STRIPE_WEBHOOK_SECRET,
  GIVING_SSO_SECRET: SECRETS.GIVING_SSO_SECRET,
  OIDC_ISSUER_URL: 'http://127.0.0.1:9/issuer',
  OIDC_CLIENT_ID: 'wallet',
  OIDC_CLIENT_SECRET: SECRETS.OIDC_CLIENT_SECRET,
});

/** Every value that must never be written to a log or put in an error answer. */
const secretValues = new Map<string, string>(Object.entries(SECRETS));
const errorAnswers: Array<{ what: string; response: LightMyRequestResponse }> = [];
const consoleLines: string[] = [];

function remember(what: string, value: string | undefined) {
  if (value && value.length >= 6) secretValues.set(what, value);
}
function keep(what: string, response: LightMyRequestResponse) {
  if (response.statusCode >= 400) errorAnswers.push({ what, response });
  return response;
}
function rememberCookies(client: TestClient, who: string) {
  remember(`${who} session cookie`, client.cookies.get(SESSION_COOKIE));
  remember(`${who} XSRF token`, client.cookies.get(CSRF_COOKIE));
}

let org: Awaited<ReturnType<typeof makeOrganization>>;
const WRONG_PASSWORD = 'Wrong-Passw0rd-SecurityReview';
const NEW_PASSWORD = 'N3w-Passw0rd-SecurityReview!';

beforeAll(async () => {
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleLines.push(
        args
          .map((arg) =>
            arg instanceof Error ? `${arg.message} ${arg.stack}` : typeof arg === 'string' ? arg : JSON.stringify(arg),
          )
          .join(' '),
      );
    });
  }
  // A route that fails unexpectedly after reading a body full of secrets (the 500 path of the error handler).
  ctx.app.post('/api/security-review/explode', async (request) => {
    const body = request.body as { password: string };
    // A careless debug line with the whole body: its secret fields are censored by the logger's redact paths.
    request.log.debug({ body }, 'about to explode');
    throw new Error(`database exploded while handling a request of ${body.password.length} characters`);
  });
  org = await makeOrganization(ctx.db);
  remember('test password', TEST_PASSWORD);
  remember('wrong password', WRONG_PASSWORD);
  remember('new password', NEW_PASSWORD);
});
afterAll(() => {
  logs.stop();
  vi.restoreAllMocks();
});

describe('flows that handle secrets', () => {
  it('sign-in with a wrong and the right password, card details, a 500', async () => {
    const admin = ctx.client(org.host);
    keep('wrong password', await admin.post('/login', { email: org.admin.email, password: WRONG_PASSWORD }));
    await admin.signIn(org.admin.email, TEST_PASSWORD);
    rememberCookies(admin, 'admin');

    const member = await makeUser(ctx.db, org.organization.id, 'wallet-user');
    await acceptTermsInDb(ctx.db, member.id);
    const card = await createCard(admin, member.id);
    keep('details before confirming', await admin.get(`/api/cards/${card.id}/details`));
    keep('confirm with a wrong password', await admin.post('/user/confirm-password', { password: WRONG_PASSWORD }));
    expect((await admin.post('/user/confirm-password', { password: TEST_PASSWORD })).statusCode).toBe(201);
    const details = await admin.get(`/api/cards/${card.id}/details`);
    expect(details.statusCode, details.body).toBe(200);
    const { number, cvc } = details.json().data as { number: string; cvc: string };
    remember('card number', number);
    // A CVC is three digits, too short to search for alone: search it next to its name instead.
    secretValues.set('CVC (as a field)', `"cvc":"${cvc}"`);
    secretValues.set('CVC (as a field, unquoted)', `cvc":${cvc}`);

    const exploded = keep(
      '500',
      await admin.post(
        '/api/security-review/explode',
        { password: TEST_PASSWORD, number, cvc },
        { authorization: `Bearer ${SECRETS.STRIPE_SECRET_KEY}` },
      ),
    );
    expect(exploded.statusCode).toBe(500);
    expect(Object.keys(exploded.json())).toEqual(['message']);
    expect(logs.text()).toContain('unhandled error');
    expect(logs.text()).toContain('"password":"[Redacted]"');
  });

  it('an invitation registered with its token, a password reset with its token', async () => {
    const admin = await ctx.client(org.host).signIn(org.admin.email, TEST_PASSWORD);
    const email = uniqueEmail('invited');
    expect(
      (await admin.post('/api/users', { first_name: 'In', last_name: 'Vited', email, role: 'wallet-user' })).statusCode,
    ).toBe(201);
    const invitation = registrationLinkIn((await waitFor(() => latestMailTo(ctx.db, email)))!.text_body);
    const token = invitation.searchParams.get('token')!;
    remember('invitation token', token);
    const visitor = ctx.client(org.host);
    await visitor.get(`${invitation.pathname}${invitation.search}`);
    keep(
      'register with a wrong token',
      await visitor.post('/api/auth/register', {
        email,
        token: `${token}x`,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      }),
    );
    const registered = await visitor.post('/api/auth/register', {
      email,
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    rememberCookies(visitor, 'registered');

    const forgetful = ctx.client(org.host);
    expect((await forgetful.post('/forgot-password', { email: org.admin.email })).statusCode).toBe(200);
    const mail = await waitFor(async () => {
      const latest = await latestMailTo(ctx.db, org.admin.email);
      return latest?.text_body.includes('reset-password') ? latest : undefined;
    });
    const link = new URL(/(https?:\/\/\S+\/reset-password\?\S+)/.exec(mail.text_body)![1]!);
    const resetToken = link.searchParams.get('token')!;
    remember('password reset token', resetToken);
    await forgetful.get(`${link.pathname}${link.search}`);
    keep(
      'reset with a wrong token',
      await forgetful.post('/reset-password', {
        email: org.admin.email,
        token: `${resetToken}x`,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      }),
    );
    const reset = await forgetful.post('/reset-password', {
      email: org.admin.email,
      token: resetToken,
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('single sign-on with a token, the Google callback with a code, Stripe webhooks with a signing secret', async () => {
    const { token } = await signSsoToken(
      SECRETS.GIVING_SSO_SECRET,
      { issuer: GIVING_PARTY, audience: WALLET_PARTY },
      '1',
      { email: org.admin.email, org: org.organization.slug },
    );
    remember('SSO token', token);
    const browser = ctx.client(org.host);
    const sso = await browser.get(`/sso/login?token=${encodeURIComponent(token)}`);
    expect(sso.statusCode).toBe(302);
    expect(sso.headers.location).toBe('/sso/confirm');
    remember('SSO confirmation cookie', browser.cookies.get('wallet_sso'));
    const confirmed = await browser.post('/api/sso/sign-in');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    rememberCookies(browser, 'SSO');
    keep('SSO token again', await browser.get(`/sso/login?token=${encodeURIComponent(token)}`));

    const code = 'google-authorization-code-security-review';
    remember('Google authorization code', code);
    await ctx.client(org.host).get(`/oauth/google/callback?code=${code}&state=state-security-review`);

    const stripe = new Stripe(SECRETS.STRIPE_SECRET_KEY);
    const payload = JSON.stringify({
      id: 'evt_security_review',
      object: 'event',
      type: 'issuing_card.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'ic_security_review', object: 'issuing.card', status: 'active' } },
    });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRETS.STRIPE_WEBHOOK_SECRET });
    remember('Stripe signature', signature.split('v1=')[1]);
    const webhook = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(webhook.statusCode, webhook.body).toBe(200);
    const linkToken = randomBytes(30).toString('base64url');
    remember('mail link token', linkToken);
    keep('approval link', await ctx.client(org.host).get(`/api/approval-links/${linkToken}`));
    keep('registration request link', await ctx.client(org.host).get(`/api/registration-requests/links/${linkToken}`));

    keep(
      'webhook with a bad signature',
      await ctx.app.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': `${signature}0` },
        payload,
      }),
    );
  });
});

describe('redactUrl', () => {
  it('hides mail-link tokens in the path and credential query values, keeps the rest', () => {
    expect(redactUrl('/api/approval-links/abc123?x=1')).toBe('/api/approval-links/[Redacted]?x=1');
    expect(redactUrl('/api/registration-requests/links/abc123')).toBe('/api/registration-requests/links/[Redacted]');
    expect(redactUrl('/sso/login?token=eyJ.x.y')).toBe('/sso/login?token=[Redacted]');
    expect(redactUrl('/oauth/google/callback?code=c&state=s&iss=https%3A%2F%2Fidp')).toBe(
      '/oauth/google/callback?code=[Redacted]&state=[Redacted]&iss=https%3A%2F%2Fidp',
    );
    expect(redactUrl('/api/cards?page[number]=2&sort=-created_at')).toBe('/api/cards?page[number]=2&sort=-created_at');
  });
});

describe('what was written', () => {
  it('logged a line per request at trace level (the capture works)', () => {
    expect(logs.lines.length).toBeGreaterThan(20);
    expect(logs.text()).toContain('incoming request');
  });

  it('no log line and no console line holds a password, card number, CVC, token, session id or secret key', () => {
    const written = [...logs.lines, ...consoleLines].join('\n');
    const found = [...secretValues].filter(
      ([, value]) => written.includes(value) || written.includes(encodeURIComponent(value)),
    );
    const lines = found.map(
      ([what, value]) =>
        `${what}: ${[...logs.lines, ...consoleLines].find((line) => line.includes(value) || line.includes(encodeURIComponent(value)))?.slice(0, 300)}`,
    );
    expect(lines).toEqual([]);
    process.stdout.write(
      `Searched ${logs.lines.length + consoleLines.length} log lines for ${secretValues.size} secret values: none found.\n`,
    );
  });

  it('no error answer holds one either', () => {
    expect(errorAnswers.length).toBeGreaterThan(5);
    const leaks = errorAnswers.flatMap(({ what, response }) => {
      const text = `${JSON.stringify(response.headers)}\n${response.body}`;
      return [...secretValues]
        .filter(([, value]) => text.includes(value))
        .map(([name]) => `${what} (${response.statusCode}): ${name}`);
    });
    // An error answer may set cookies (clearing them); it never echoes a secret value back.
    expect(leaks.filter((leak) => !/XSRF token/.test(leak))).toEqual([]);
  });
});
