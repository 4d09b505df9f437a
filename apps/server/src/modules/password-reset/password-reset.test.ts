import { describe, expect, it } from 'vitest';
import { sql, type KyselyPlugin } from 'kysely';
import {
  AUTH_RATE_LIMITS,
  MESSAGES,
  PASSWORD_MESSAGES,
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_TTL_MINUTES,
  SESSION_COOKIE,
} from '@wallet/contract';
import { buildApp } from '../../app.js';
import { QUEUES } from '../../jobs/queue.js';
import { TestClient } from '../../test/client.js';
import { useTestApp } from '../../test/context.js';
import { TEST_PASSWORD } from '../../test/factories.js';
import { addUser, countRows, latestMailTo, setupOrg, uniqueEmail, waitFor } from '../../test/helpers.js';
import { createPersonWithoutRole } from '../users/service.js';

// Behind a trusted proxy (inject's peer, 127.0.0.1), so tests can come from several addresses (X-Forwarded-For) for
// the per-IP limits.
const ctx = useTestApp({ TRUST_PROXY: '127.0.0.1' });
const NEW_PASSWORD = 'a-brand-new-secret';

type Org = Awaited<ReturnType<typeof setupOrg>>;

/** The reset link in a mail's text part ('Reset My Password: <url>'). */
function resetLinkIn(text: string): URL {
  const match = new RegExp(`^${PASSWORD_RESET_MESSAGES.heading}: (\\S+)$`, 'm').exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return new URL(match[1]!);
}

/** The lookup, the link and the mail are a job's (issue 15 point 10): waits until every one queued so far has run. */
async function resetJobsDone() {
  await waitFor(async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${QUEUES.requestPasswordReset} AND state IN ('created', 'retry', 'active')
    `.execute(ctx.db);
    return rows[0]!.n === 0;
  });
}

/** The mail to `email` newer than `afterId`, once its job has written it. */
async function mailAfter(email: string, afterId: number) {
  return waitFor(async () => {
    const mail = await latestMailTo(ctx.db, email);
    return mail && mail.id > afterId ? mail : undefined;
  });
}

const latestMailId = async (email: string) => (await latestMailTo(ctx.db, email))?.id ?? 0;

/** Asks for a reset as a signed-out visitor and reads the link from the mail, as the person would. */
async function askForLink(org: Org, email: string) {
  const before = await latestMailId(email);
  const response = await ctx.client(org.host).post('/forgot-password', { email });
  expect(response.statusCode).toBe(200);
  const mail = await mailAfter(email, before);
  const link = resetLinkIn(mail.text_body);
  return { email: link.searchParams.get('email')!, token: link.searchParams.get('token')!, link, mail };
}

const body = (link: { email: string; token: string }, overrides: Record<string, unknown> = {}) => ({
  email: link.email,
  token: link.token,
  password: NEW_PASSWORD,
  password_confirmation: NEW_PASSWORD,
  ...overrides,
});

async function passwordHash(userId: number) {
  return (await ctx.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow())
    .password_hash;
}

function resetsOf(userId: number) {
  return ctx.db.selectFrom('password_resets').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

async function signInStatus(host: string, email: string, password: string) {
  return (await ctx.client(host).post('/login', { email, password })).statusCode;
}

describe('POST /forgot-password', () => {
  it("mails a single-use /reset-password?email&token link on the organisation's host and stores only its digest", async () => {
    const org = await setupOrg(ctx);
    const response = await ctx.client(org.host).post('/forgot-password', { email: org.member.email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.linkSent });

    const mail = await mailAfter(org.member.email, 0);
    expect(mail).toMatchObject({ org_id: org.organization.id, kind: 'password-reset', to_name: 'Mia Member' });
    expect(mail!.subject).toContain(org.organization.name);
    const link = resetLinkIn(mail!.text_body);
    expect(link.origin).toBe(`http://${org.host}`);
    expect(link.pathname).toBe('/reset-password');
    expect([...link.searchParams.keys()]).toEqual(['email', 'token']);
    expect(link.searchParams.get('email')).toBe(org.member.email);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(mail!.html_body).toContain(link.toString().replaceAll('&', '&amp;'));

    const [reset, ...others] = await resetsOf(org.member.id);
    expect(others).toHaveLength(0);
    expect(reset).toMatchObject({ org_id: org.organization.id, used_at: null });
    expect(reset!.token_hash).not.toContain(token);
    const minutesLeft = (reset!.expires_at.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(PASSWORD_RESET_TTL_MINUTES - 1);
    expect(minutesLeft).toBeLessThanOrEqual(PASSWORD_RESET_TTL_MINUTES);
  });

  it("answers an unknown email, another organisation's user and a person without a role exactly the same, and sends nothing", async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    const roleless = await createPersonWithoutRole(ctx.db, org.organization.id, {
      email: uniqueEmail('roleless'),
      first_name: 'Rory',
      last_name: 'Less',
    });
    const known = await ctx.client(org.host).post('/forgot-password', { email: org.member.email });
    await mailAfter(org.member.email, 0);
    await resetJobsDone();
    const [mails, resets] = [
      await countRows(ctx.db, 'mail_messages'),
      await ctx.db.selectFrom('password_resets').select('id').execute(),
    ];

    for (const email of [uniqueEmail('nobody'), other.member.email, roleless.email]) {
      const response = await ctx.client(org.host).post('/forgot-password', { email });
      expect(response.statusCode).toBe(known.statusCode);
      expect(response.body).toBe(known.body);
      expect(response.headers['content-type']).toBe(known.headers['content-type']);
    }
    await resetJobsDone();
    expect(await countRows(ctx.db, 'mail_messages')).toBe(mails);
    expect(await ctx.db.selectFrom('password_resets').select('id').execute()).toHaveLength(resets.length);
  });

  it('does the same work in the request for a known and an unknown email: the same statements, none on accounts, one job of the same shape', async () => {
    const org = await setupOrg(ctx);
    // The app on a database handle that notes every statement it sends (SQL text; the values are parameters).
    const statements: string[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        statements.push(ctx.db.getExecutor().compileQuery(node, queryId).sql);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const app = await buildApp({ ...ctx.deps, db: ctx.db.withPlugin(recorder) });
    const unknownEmail = uniqueEmail('nobody');
    try {
      const client = new TestClient(app, org.host);
      await client.get('/sanctum/csrf-cookie');
      const ask = async (email: string) => {
        statements.length = 0;
        const response = await client.post('/forgot-password', { email });
        // The organisation is read by its host and kept for a while (http/tenancy.ts), whatever the email.
        return { response, statements: statements.filter((text) => !text.includes('"organizations"')) };
      };
      const known = await ask(org.member.email);
      const unknown = await ask(unknownEmail);
      expect(unknown.response.statusCode).toBe(200);
      expect(unknown.response.body).toBe(known.response.body);
      expect(unknown.statements).toEqual(known.statements);
      expect(known.statements.length).toBeGreaterThan(0);
      for (const text of known.statements)
        expect(text).not.toMatch(/"(users|user_roles|password_resets|mail_messages)"/);
    } finally {
      await app.close();
    }

    const { rows: jobs } = await sql<{ data: Record<string, unknown> }>`
      SELECT data FROM pgboss.job WHERE name = ${QUEUES.requestPasswordReset} AND data->>'email' IN (${org.member.email}, ${unknownEmail})
      ORDER BY created_on
    `.execute(ctx.db);
    expect(jobs.map((job) => job.data.email)).toEqual([org.member.email, unknownEmail]);
    expect(Object.keys(jobs[1]!.data).sort()).toEqual(Object.keys(jobs[0]!.data).sort());
    // The job does the rest: the known email gets its mail, the unknown one nothing.
    expect(resetLinkIn((await mailAfter(org.member.email, 0)).text_body).searchParams.get('email')).toBe(
      org.member.email,
    );
    await resetJobsDone();
    expect(await latestMailTo(ctx.db, unknownEmail)).toBeUndefined();
  });

  it('validates the email as PRODUCT.md §5 says, with 422 per field, and sends nothing', async () => {
    const org = await setupOrg(ctx);
    const mails = await countRows(ctx.db, 'mail_messages');
    const cases: [unknown, string][] = [
      [{}, MESSAGES.emailRequired],
      [{ email: '' }, MESSAGES.emailRequired],
      [{ email: 'not-an-email' }, MESSAGES.emailInvalid],
      [{ email: `${'a'.repeat(250)}@example.test` }, MESSAGES.emailTooLong],
    ];
    for (const [payload, message] of cases) {
      const response = await ctx.client(org.host).post('/forgot-password', payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ email: [message] });
    }
    expect(await countRows(ctx.db, 'mail_messages')).toBe(mails);
  });

  it('needs the CSRF header like every write', async () => {
    const org = await setupOrg(ctx);
    const client = ctx.client(org.host);
    client.sendCsrfHeader = false;
    expect((await client.post('/forgot-password', { email: org.member.email })).statusCode).toBe(419);
  });

  it('is 404 on an unknown organisation', async () => {
    expect(
      (await ctx.client('nowhere-at-all.localhost').post('/forgot-password', { email: 'someone@example.test' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST /reset-password', () => {
  it('sets the new password, says so, uses the link up, and ends every session of that user', async () => {
    const org = await setupOrg(ctx);
    const secondBrowser = await ctx.client(org.host).signIn(org.member.email, TEST_PASSWORD);
    const link = await askForLink(org, org.member.email);

    const response = await ctx.client(org.host).post('/reset-password', body(link));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: PASSWORD_MESSAGES.changed });
    expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();

    expect(await signInStatus(org.host, org.member.email, TEST_PASSWORD)).toBe(422);
    expect(await signInStatus(org.host, org.member.email, NEW_PASSWORD)).toBe(200);
    expect((await org.memberClient.get('/api/me')).statusCode).toBe(401);
    expect((await secondBrowser.get('/api/me')).statusCode).toBe(401);
    // Nobody else is signed out.
    expect((await org.adminClient.get('/api/me')).statusCode).toBe(200);
    expect((await resetsOf(org.member.id))[0]!.used_at).not.toBeNull();
  });

  it("keeps the session of the browser doing the reset when it is the same user's", async () => {
    const org = await setupOrg(ctx);
    const link = await askForLink(org, org.member.email);
    const elsewhere = await ctx.client(org.host).signIn(org.member.email, TEST_PASSWORD);
    expect((await org.memberClient.post('/reset-password', body(link))).statusCode).toBe(200);
    expect((await org.memberClient.get('/api/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/me')).statusCode).toBe(401);
  });

  it('works once: a reused link gets its own message and changes nothing', async () => {
    const org = await setupOrg(ctx);
    const link = await askForLink(org, org.member.email);
    expect((await ctx.client(org.host).post('/reset-password', body(link))).statusCode).toBe(200);
    const hash = await passwordHash(org.member.id);

    const again = await ctx
      .client(org.host)
      .post('/reset-password', body(link, { password: 'another-secret', password_confirmation: 'another-secret' }));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: PASSWORD_RESET_MESSAGES.used,
      errors: { token: [PASSWORD_RESET_MESSAGES.used] },
    });
    expect(await passwordHash(org.member.id)).toBe(hash);
  });

  it('uses up older links of the same user too', async () => {
    const org = await setupOrg(ctx);
    const first = await askForLink(org, org.member.email);
    const second = await askForLink(org, org.member.email);
    expect(first.token).not.toBe(second.token);
    expect((await ctx.client(org.host).post('/reset-password', body(second))).statusCode).toBe(200);
    const older = await ctx
      .client(org.host)
      .post('/reset-password', body(first, { password: 'another-secret', password_confirmation: 'another-secret' }));
    expect(older.json().errors).toEqual({ token: [PASSWORD_RESET_MESSAGES.used] });
    expect(await signInStatus(org.host, org.member.email, NEW_PASSWORD)).toBe(200);
  });

  it('refuses an expired link with the expired message and changes nothing', async () => {
    const org = await setupOrg(ctx);
    const link = await askForLink(org, org.member.email);
    const hash = await passwordHash(org.member.id);
    // Back-date the link past its lifetime instead of waiting an hour.
    await ctx.db
      .updateTable('password_resets')
      .set({
        expires_at: new Date(Date.now() - 1000),
        created_at: new Date(Date.now() - (PASSWORD_RESET_TTL_MINUTES * 60_000 + 1000)),
      })
      .where('user_id', '=', org.member.id)
      .execute();
    const response = await ctx.client(org.host).post('/reset-password', body(link));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: PASSWORD_RESET_MESSAGES.expired,
      errors: { token: [PASSWORD_RESET_MESSAGES.expired] },
    });
    expect(await passwordHash(org.member.id)).toBe(hash);
    expect((await resetsOf(org.member.id))[0]!.used_at).toBeNull();
    expect((await org.memberClient.get('/api/me')).statusCode).toBe(200);
  });

  it("refuses a wrong token, another person's email, an unknown email or another organisation's link with the invalid message", async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    const link = await askForLink(org, org.member.email);
    const colleague = await addUser(ctx.db, org.organization.id, 'wallet-user');
    const attempts = [
      { host: org.host, payload: body(link, { token: `${link.token.slice(0, -2)}xx` }) },
      { host: org.host, payload: body(link, { token: 'x'.repeat(43) }) },
      { host: org.host, payload: body(link, { email: colleague.email }) },
      { host: org.host, payload: body(link, { email: uniqueEmail('nobody') }) },
      { host: other.host, payload: body(link) },
      { host: other.host, payload: body(link, { email: other.member.email }) },
    ];
    for (const { host, payload } of attempts) {
      const response = await ctx.client(host).post('/reset-password', payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: PASSWORD_RESET_MESSAGES.invalid,
        errors: { token: [PASSWORD_RESET_MESSAGES.invalid] },
      });
    }
    expect(await signInStatus(org.host, org.member.email, TEST_PASSWORD)).toBe(200);
    expect(await signInStatus(org.host, colleague.email, TEST_PASSWORD)).toBe(200);
    expect(await signInStatus(other.host, other.member.email, TEST_PASSWORD)).toBe(200);
    // The link still works where it belongs.
    expect((await ctx.client(org.host).post('/reset-password', body(link))).statusCode).toBe(200);
  });

  it('applies the new-password rules of PRODUCT.md §5 with their messages, and uses nothing up', async () => {
    const org = await setupOrg(ctx);
    const link = await askForLink(org, org.member.email);
    const hash = await passwordHash(org.member.id);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { password: undefined, password_confirmation: undefined },
        { password: [PASSWORD_MESSAGES.tooWeak], password_confirmation: [PASSWORD_MESSAGES.confirmRequired] },
      ],
      [{ password: '12345', password_confirmation: '12345' }, { password: [PASSWORD_MESSAGES.tooWeak] }],
      [{ password_confirmation: '' }, { password_confirmation: [PASSWORD_MESSAGES.confirmRequired] }],
      [{ password_confirmation: 'something-else' }, { password_confirmation: [PASSWORD_MESSAGES.mismatch] }],
      [{ token: '' }, { token: [PASSWORD_RESET_MESSAGES.invalid] }],
      [{ email: 'not-an-email' }, { email: [MESSAGES.emailInvalid] }],
    ];
    for (const [overrides, errors] of cases) {
      const response = await ctx.client(org.host).post('/reset-password', body(link, overrides));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    expect(await passwordHash(org.member.id)).toBe(hash);
    expect((await resetsOf(org.member.id))[0]!.used_at).toBeNull();
    expect((await ctx.client(org.host).post('/reset-password', body(link))).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  const { forgotPassword, resetPassword, register } = AUTH_RATE_LIMITS;

  it('limits forgot-password per account, for known and unknown emails alike, with a 429 and Retry-After', async () => {
    const org = await setupOrg(ctx);
    const unknown = uniqueEmail('nobody');
    for (const email of [org.member.email, unknown]) {
      // Each from its own address, so only the per-account limit is reached.
      for (let i = 0; i < forgotPassword.perAccount.max; i++) {
        const ok = await ctx.client(org.host).post('/forgot-password', { email }, { 'x-forwarded-for': `10.0.${i}.1` });
        expect(ok.statusCode).toBe(200);
      }
      await resetJobsDone();
      const mails = await countRows(ctx.db, 'mail_messages');
      const refused = await ctx.client(org.host).post('/forgot-password', { email: email.toUpperCase() });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: MESSAGES.tooManyRequests });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      await resetJobsDone();
      expect(await countRows(ctx.db, 'mail_messages')).toBe(mails);
    }
    // Another account is not held up.
    expect((await ctx.client(org.host).post('/forgot-password', { email: org.admin.email })).statusCode).toBe(200);
  });

  it('limits forgot-password per IP across accounts', async () => {
    const org = await setupOrg(ctx);
    for (let i = 0; i < forgotPassword.perIp.max; i++) {
      expect((await ctx.client(org.host).post('/forgot-password', { email: uniqueEmail('spray') })).statusCode).toBe(
        200,
      );
    }
    const refused = await ctx.client(org.host).post('/forgot-password', { email: org.member.email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: MESSAGES.tooManyRequests });
  });

  it('limits reset-password per account and per IP; a refused attempt changes nothing', async () => {
    const org = await setupOrg(ctx);
    const link = await askForLink(org, org.member.email);
    for (let i = 0; i < resetPassword.perAccount.max; i++) {
      const wrong = await ctx.client(org.host).post('/reset-password', body(link, { token: `wrong-${i}` }));
      expect(wrong.statusCode).toBe(422);
    }
    const hash = await passwordHash(org.member.id);
    const refused = await ctx.client(org.host).post('/reset-password', body(link));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: MESSAGES.tooManyRequests });
    expect(await passwordHash(org.member.id)).toBe(hash);

    for (let i = 0; i < resetPassword.perIp.max - resetPassword.perAccount.max - 1; i++) {
      expect(
        (await ctx.client(org.host).post('/reset-password', body(link, { email: uniqueEmail('spray'), token: 'x' })))
          .statusCode,
      ).toBe(422);
    }
    const fromSameIp = await ctx
      .client(org.host)
      .post('/reset-password', body(link, { email: uniqueEmail('spray'), token: 'x' }));
    expect(fromSameIp.statusCode).toBe(429);
  });

  it('limits POST /api/auth/register per account and per IP', async () => {
    const org = await setupOrg(ctx);
    const attempt = (email: string, ip: string) =>
      ctx
        .client(org.host)
        .post(
          '/api/auth/register',
          { email, token: 'not-a-token', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
          { 'x-forwarded-for': ip },
        );
    const invitee = uniqueEmail('invitee');
    for (let i = 0; i < register.perAccount.max; i++)
      expect((await attempt(invitee, `10.1.${i}.1`)).statusCode).toBe(422);
    const perAccount = await attempt(invitee, '10.1.200.1');
    expect(perAccount.statusCode).toBe(429);
    expect(perAccount.json()).toEqual({ message: MESSAGES.tooManyRequests });

    for (let i = 0; i < register.perIp.max; i++)
      expect((await attempt(uniqueEmail('spray'), '10.2.0.1')).statusCode).toBe(422);
    expect((await attempt(uniqueEmail('spray'), '10.2.0.1')).statusCode).toBe(429);
  });
});
