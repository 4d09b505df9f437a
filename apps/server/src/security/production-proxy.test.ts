import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../test/smtp-capture.js';
import { AUTH_RATE_LIMITS, MESSAGES } from '@wallet/contract';
import { freshDatabase } from '../test/database.js';
import { makeOrganization } from '../test/factories.js';
import { waitFor } from '../test/helpers.js';
import { cookieHeaderFrom, rawRequest } from '../test/raw-http.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';

/**
 * Issue 15 (1, 2, 5, 6) against what a real deployment runs: a production server process behind a reverse proxy
 * (TRUST_PROXY=1, PUBLIC_URL https://wallet.example.com), mailing through real SMTP to a receiver on loopback. The
 * attacker talks to it over a raw socket and writes every header, X-Forwarded-* included; the proxy in front would
 * append the client's real address to X-Forwarded-For and set X-Forwarded-Host to the host it served.
 */
const PROXY_ADDRESS = '203.0.113.7';
let smtp: SmtpCapture;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let server: ServerProcess;
let port = 0;
let org: Awaited<ReturnType<typeof makeOrganization>>;
let orgHost = '';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  database = await freshDatabase(inject('pgAdminUrl'));
  org = await makeOrganization(database.db);
  orgHost = `${org.organization.slug}.wallet.example.com`;
  server = await startServerProcess({
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    TRUST_PROXY: '1',
    PUBLIC_URL: 'https://wallet.example.com',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  });
  port = Number(new URL(server.baseUrl).port);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await database?.drop();
});

/** Headers as the proxy forwards them: the host it served, https, and the client's address appended. */
function viaProxy(forwardedHost: string, forwardedFor = PROXY_ADDRESS): Array<[string, string]> {
  return [
    ['Host', `127.0.0.1:${port}`],
    ['X-Forwarded-Host', forwardedHost],
    ['X-Forwarded-Proto', 'https'],
    ['X-Forwarded-For', forwardedFor],
  ];
}

async function csrf(headers: Array<[string, string]>) {
  const response = await rawRequest(port, { method: 'GET', path: '/sanctum/csrf-cookie', headers });
  const cookies = cookieHeaderFrom(response);
  return { cookies, token: decodeURIComponent(/XSRF-TOKEN=([^;]*)/.exec(cookies)?.[1] ?? '') };
}

async function post(url: string, body: unknown, headers: Array<[string, string]>) {
  const pair = await csrf(viaProxy(orgHost));
  return rawRequest(port, {
    method: 'POST',
    path: url,
    body: JSON.stringify(body),
    headers: [...headers, ['Content-Type', 'application/json'], ['Cookie', pair.cookies], ['X-XSRF-TOKEN', pair.token]],
  });
}

describe('a production server behind a proxy', () => {
  it('refuses forged forwarded hosts (421) and mails the reset link through SMTP on PUBLIC_URL only', async () => {
    for (const forged of [`${orgHost}:1@evil.example`, 'evil.example', `${orgHost}.evil.example`, `${orgHost}:x`]) {
      const response = await post('/forgot-password', { email: org.admin.email }, viaProxy(forged));
      expect(response.status, forged).toBe(421);
      expect(JSON.parse(response.body)).toEqual({ message: MESSAGES.unknownHost });
    }
    const response = await post('/forgot-password', { email: org.admin.email }, [
      ...viaProxy(orgHost),
      ['Origin', 'https://evil.example'],
    ]);
    expect(response.status, response.body).toBe(200);
    const mail = await waitFor(
      async () => smtp.received.find((message) => message.to.includes(org.admin.email)),
      30_000,
    );
    const links = [...mail.raw.replace(/=\r\n/g, '').matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0]);
    expect(links.some((link) => link.startsWith(`https://${orgHost}/reset-password?`))).toBe(true);
    expect(mail.raw).not.toContain('evil');
    expect(smtp.received.filter((message) => message.to.includes(org.admin.email))).toHaveLength(1);
  });

  it('counts failed sign-ins by the address the proxy saw, not the one the client wrote', async () => {
    const { max } = AUTH_RATE_LIMITS.login.perIp;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < max + 5; attempt++) {
      const forged = `198.51.100.${attempt % 250}, ${PROXY_ADDRESS.replace(/\d+$/, '9')}`;
      const response = await post(
        '/login',
        { email: `nobody-${attempt}@example.test`, password: 'wrong-password' },
        viaProxy(orgHost, forged),
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, max).every((status) => status === 422)).toBe(true);
    expect(statuses.slice(max)).toEqual(Array(5).fill(429));
    // Another client behind the same proxy (another address appended) is not locked out: the limit is per address.
    const other = await post(
      '/login',
      { email: 'nobody-else@example.test', password: 'wrong-password' },
      viaProxy(orgHost, `198.51.100.1, 192.0.2.44`),
    );
    expect(other.status).toBe(422);
  });
});

describe('production start', () => {
  it('refuses to start while the demo sign-ins open with the published password', async () => {
    const demo = await freshDatabase(inject('pgAdminUrl'));
    try {
      const start = startServerProcess(
        { DATABASE_URL: demo.url, NODE_ENV: 'production', SEED_DEMO: 'true', PUBLIC_URL: 'https://wallet.example.com' },
        { timeoutMs: 110_000 },
      );
      await expect(start).rejects.toThrow(/Refusing to start in production: the demo sign-ins admin@demo\.test/);
    } finally {
      await demo.drop();
    }
  }, 120_000);
});
