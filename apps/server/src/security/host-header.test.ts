import fs from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, MESSAGES } from '@wallet/contract';
import { useTestApp } from '../test/context.js';
import { latestMailTo, setupOrg, uniqueEmail, waitFor } from '../test/helpers.js';
import { cookieHeaderFrom, rawRequest } from '../test/raw-http.js';
import { requestBody, requestWorld } from '../modules/purchase-requests/test-fixtures.js';
import { loadConfig } from '../config.js';
import { organizationOrigin } from '../http/public-url.js';

/**
 * Issue 15 (1, 2): every link the server writes comes from PUBLIC_URL and the organisation's slug, never from the
 * request's Host, X-Forwarded-Host or Origin; and only APP_DOMAIN, its one-label subdomains and the served IP
 * addresses are answered. The attacks go over a real socket, byte for byte.
 * PUBLIC_URL differs from what a test client sends (https and port 8443), so a link built from the request shows.
 */
const ctx = useTestApp({ PUBLIC_URL: 'https://localhost:8443' });
let port = 0;

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

const POISONED_HOSTS = [
  (host: string) => `${host}:1@evil.example`,
  (host: string) => `${host}@evil.example`,
  (host: string) => `user@${host}`,
  (host: string) => `${host}:abc`,
  (host: string) => `${host}.evil.example`,
  () => 'evil.example',
  () => '10.1.2.3',
];

/** A CSRF pair fetched on the organisation's real host, as an attacker can. */
async function csrfOn(host: string, cookie = '') {
  const response = await rawRequest(port, {
    method: 'GET',
    path: '/sanctum/csrf-cookie',
    headers: [['Host', host], ...(cookie ? [['Cookie', cookie] as [string, string]] : [])],
  });
  const cookies = cookieHeaderFrom(response, cookie);
  const token = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(cookies)?.[1] ?? '';
  expect(token, `no ${CSRF_COOKIE}`).not.toBe('');
  return { cookies, token: decodeURIComponent(token) };
}

function postJson(
  host: string,
  url: string,
  body: unknown,
  csrf: { cookies: string; token: string },
  extra: Array<[string, string]> = [],
) {
  return rawRequest(port, {
    method: 'POST',
    path: url,
    headers: [
      ['Host', host],
      ['Content-Type', 'application/json'],
      ['Cookie', csrf.cookies],
      ['X-XSRF-TOKEN', csrf.token],
      ...extra,
    ],
    body: JSON.stringify(body),
  });
}

const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((match) => new URL(match[0]));

describe('Host headers an attacker writes', () => {
  it('are refused with 421 before anything is read or written: no reset link is mailed, nothing maps to DEFAULT_ORG', async () => {
    const org = await setupOrg(ctx);
    const csrf = await csrfOn(org.host);
    for (const poison of POISONED_HOSTS) {
      const host = poison(org.host);
      const response = await postJson(host, '/forgot-password', { email: org.admin.email }, csrf);
      expect(response.status, host).toBe(421);
      expect(JSON.parse(response.body)).toEqual({ message: MESSAGES.unknownHost });
      const page = await rawRequest(port, { method: 'GET', path: '/login', headers: [['Host', host]] });
      expect(page.status, host).toBe(421);
    }
    // A real request afterwards is mailed: when it is there, nothing queued by the attacks can still be on its way.
    expect((await postJson(org.host, '/forgot-password', { email: org.admin.email }, csrf)).status).toBe(200);
    await waitFor(() => latestMailTo(ctx.db, org.admin.email));
    const mails = await ctx.db
      .selectFrom('mail_messages')
      .select('text_body')
      .where('to_email', '=', org.admin.email)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).not.toContain('evil');
  });

  it('a password-reset link points at PUBLIC_URL whatever X-Forwarded-Host, X-Forwarded-Proto, Forwarded and Origin say', async () => {
    const org = await setupOrg(ctx);
    const csrf = await csrfOn(org.host);
    const forged: Array<[string, string]> = [
      ['X-Forwarded-Host', 'evil.example'],
      ['X-Forwarded-Proto', 'http'],
      ['Forwarded', 'host=evil.example;proto=http'],
      ['Origin', 'https://evil.example'],
      ['Referer', 'https://evil.example/'],
    ];
    const response = await postJson(`${org.host}:3000`, '/forgot-password', { email: org.member.email }, csrf, forged);
    expect(response.status, response.body).toBe(200);
    const mail = await waitFor(() => latestMailTo(ctx.db, org.member.email));
    const links = linksIn(mail.text_body);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.origin).toBe(`https://${org.organization.slug}.localhost:8443`);
  });

  it("a member's forged Host cannot aim the approver's one-click link elsewhere", async () => {
    const world = await requestWorld(ctx);
    const cookie = [...world.memberClient.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const csrf = { cookies: cookie, token: decodeURIComponent(world.memberClient.cookies.get(CSRF_COOKIE)!) };
    const url = `/api/users/${world.member.id}/purchase-requests`;

    const poisoned = await postJson(`${world.host}:1@evil.example`, url, requestBody(world), csrf);
    expect(poisoned.status).toBe(421);
    const filed = await ctx.db
      .selectFrom('purchase_requests')
      .select('id')
      .where('org_id', '=', world.organization.id)
      .execute();
    expect(filed).toHaveLength(0);

    const response = await postJson(world.host, url, requestBody(world), csrf, [
      ['X-Forwarded-Host', 'evil.example'],
      ['Origin', `http://${world.host}`],
    ]);
    expect(response.status, response.body).toBe(201);
    const mail = await waitFor(() => latestMailTo(ctx.db, world.first.email));
    const links = linksIn(mail.text_body);
    expect(links.some((link) => link.pathname.startsWith('/api/approval-links/'))).toBe(true);
    const slug = await slugOf(world.organization.id);
    for (const link of links) expect(link.origin).toBe(`https://${slug}.localhost:8443`);
  });

  it('an invitation link is built from PUBLIC_URL too', async () => {
    const org = await setupOrg(ctx);
    const email = uniqueEmail('invited');
    const response = await org.adminClient.post(
      '/api/users',
      { first_name: 'Nina', last_name: 'New', email, role: 'wallet-user' },
      { 'x-forwarded-host': 'evil.example', origin: 'https://evil.example' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const mail = await waitFor(() => latestMailTo(ctx.db, email));
    for (const link of linksIn(mail.text_body))
      expect(link.origin).toBe(`https://${org.organization.slug}.localhost:8443`);
  });

  it('the health check answers on any host (load balancers probe by address); the served IP addresses are DEFAULT_ORG', async () => {
    expect(
      (await rawRequest(port, { method: 'GET', path: '/healthz', headers: [['Host', '10.9.8.7:1234']] })).status,
    ).toBe(200);
    const ip = await rawRequest(port, {
      method: 'GET',
      path: '/api/auth/sign-in-options',
      headers: [['Host', `127.0.0.1:${port}`]],
    });
    // DEFAULT_ORG (demo) does not exist in this database: found as an organisation lookup, not refused as a host.
    expect(ip.status).toBe(404);
    expect(JSON.parse(ip.body)).toEqual({ message: MESSAGES.organisationNotFound });
  });
});

async function slugOf(orgId: number) {
  return (await ctx.db.selectFrom('organizations').select('slug').where('id', '=', orgId).executeTakeFirstOrThrow())
    .slug;
}

describe('every absolute link the server writes', () => {
  it('is built by organizationOrigin: no module reads the request Host or protocol to write one', async () => {
    const root = path.resolve(import.meta.dirname, '..');
    const offenders: string[] = [];
    for (const file of await fs.readdir(root, { recursive: true })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.startsWith('test/')) continue;
      const text = await fs.readFile(path.join(root, file), 'utf8');
      // The reads that write no link: tenancy itself, the request log, HSTS and Secure cookies by protocol, and the
      // logo route matching its path segment to the host's label.
      if (['http/tenancy.ts', 'http/logging.ts', 'app.ts', 'http/session.ts', 'modules/orgs/routes.ts'].includes(file))
        continue;
      if (/request\.(host|hostname|protocol)\b|headers\[?\.?['"]?(x-forwarded-host|origin|host)\b/i.test(text))
        offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });

  it('is <scheme>://<slug>.<domain>[:port] for an organisation and the bare domain for DEFAULT_ORG', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://wallet.example.com', DEFAULT_ORG: 'demo' });
    expect(config.APP_DOMAIN).toBe('wallet.example.com');
    expect(organizationOrigin(config, { slug: 'acme' })).toBe('https://acme.wallet.example.com');
    expect(organizationOrigin(config, { slug: 'demo' })).toBe('https://wallet.example.com');
    expect(organizationOrigin(loadConfig({ PORT: '4000' }), { slug: 'acme' })).toBe('http://acme.localhost:4000');
    expect(organizationOrigin(loadConfig({ PUBLIC_URL: 'http://wallet.test:8080' }), { slug: 'acme' })).toBe(
      'http://acme.wallet.test:8080',
    );
  });

  it('refuses a PUBLIC_URL that is not APP_DOMAIN, or carries a path or credentials', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://wallet.example.com', APP_DOMAIN: 'other.example.com' })).toThrow(
      /PUBLIC_URL: its host wallet.example.com must be APP_DOMAIN/,
    );
    expect(() => loadConfig({ PUBLIC_URL: 'https://wallet.example.com/app' })).toThrow(
      /only a scheme, a domain and a port/,
    );
    expect(() => loadConfig({ PUBLIC_URL: 'https://user:pw@wallet.example.com' })).toThrow(
      /only a scheme, a domain and a port/,
    );
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses; "true" (believe every client) is refused with a clear message', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: "true" would believe any X-Forwarded-For/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: 10.0.0.0\/33 is not/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY: proxy.internal is not/);
  });
});

describe('production defaults', () => {
  it('do not seed the demo organisation unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });
});
