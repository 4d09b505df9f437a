import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, SESSION_COOKIE } from '@wallet/contract';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { useTestApp } from '../test/context.js';
import { makeOrganization, TEST_PASSWORD } from '../test/factories.js';

/**
 * ARCHITECTURE.md D5 cookie flags and the security headers of the SPA and the API, over plain http, with COOKIE_SECURE,
 * and behind an HTTPS proxy (TRUST_PROXY + X-Forwarded-Proto).
 */
const ctx = useTestApp();
const webSource = path.resolve(import.meta.dirname, '../../../web');

let org: Awaited<ReturnType<typeof makeOrganization>>;
let webDist = '';
const apps: FastifyInstance[] = [];

/** A second app on the same database with other settings (and a small built SPA in WEB_DIST). */
async function appWith(config: Partial<Config>): Promise<FastifyInstance> {
  const app = await buildApp({ ...ctx.deps, config: { ...ctx.config, webDist, ...config } });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  org = await makeOrganization(ctx.db);
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'wallet-spa-'));
  // What Vite emits: one module script by src, no inline script.
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(path.join(webDist, 'assets/index-abc.js'), 'console.log(1)');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

/** Signs in through POST /login and returns the csrf-cookie and login responses. */
async function signIn(app: FastifyInstance, headers: Record<string, string> = {}) {
  const csrf = await app.inject({
    method: 'GET',
    url: '/sanctum/csrf-cookie',
    headers: { host: org.host, ...headers },
  });
  const token = csrf.cookies.find((cookie) => cookie.name === CSRF_COOKIE)!.value;
  const login = await app.inject({
    method: 'POST',
    url: '/login',
    payload: { email: org.admin.email, password: TEST_PASSWORD },
    headers: { host: org.host, cookie: `${CSRF_COOKIE}=${token}`, 'x-xsrf-token': token, ...headers },
  });
  expect(login.statusCode, login.body).toBe(200);
  return { csrf, login };
}

function cookieNamed(response: LightMyRequestResponse, name: string) {
  const cookie = response.cookies.find((candidate) => candidate.name === name);
  if (!cookie) throw new Error(`no ${name} cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return cookie as {
    name: string;
    value: string;
    path?: string;
    httpOnly?: boolean;
    secure?: boolean;
    sameSite?: string;
  };
}

describe('cookie flags', () => {
  it('over http: session cookie httpOnly, SameSite=Lax, Path=/, not Secure; XSRF-TOKEN readable by the SPA', async () => {
    const { csrf, login } = await signIn(ctx.app);
    const session = cookieNamed(login, SESSION_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session.secure).toBeFalsy();
    const xsrf = cookieNamed(csrf, CSRF_COOKIE);
    expect(xsrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(xsrf.httpOnly).toBeFalsy();
    expect(login.headers['strict-transport-security']).toBeUndefined();
  });

  it('with COOKIE_SECURE: both cookies Secure, HSTS sent, CSP upgrades insecure requests', async () => {
    const app = await appWith({ COOKIE_SECURE: true });
    const { csrf, login } = await signIn(app);
    expect(cookieNamed(login, SESSION_COOKIE)).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    expect(cookieNamed(csrf, CSRF_COOKIE)).toMatchObject({ secure: true, sameSite: 'Lax' });
    expect(login.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(login.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('behind an HTTPS proxy (TRUST_PROXY, X-Forwarded-Proto: https): Secure and HSTS without COOKIE_SECURE; a forged header is ignored without TRUST_PROXY', async () => {
    const proxied = await appWith({ TRUST_PROXY: 1 });
    const overHttps = await signIn(proxied, { 'x-forwarded-proto': 'https' });
    expect(cookieNamed(overHttps.login, SESSION_COOKIE)).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    expect(cookieNamed(overHttps.csrf, CSRF_COOKIE).secure).toBe(true);
    expect(overHttps.login.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    const overHttp = await signIn(proxied, { 'x-forwarded-proto': 'http' });
    expect(cookieNamed(overHttp.login, SESSION_COOKIE).secure).toBeFalsy();

    const forged = await signIn(ctx.app, { 'x-forwarded-proto': 'https' });
    expect(cookieNamed(forged.login, SESSION_COOKIE).secure).toBeFalsy();
    expect(forged.login.headers['strict-transport-security']).toBeUndefined();
  });

  it('sign-out clears the session cookie with the same flags', async () => {
    const { csrf, login } = await signIn(ctx.app);
    const token = cookieNamed(csrf, CSRF_COOKIE).value;
    const session = cookieNamed(login, SESSION_COOKIE).value;
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/logout',
      headers: {
        host: org.host,
        cookie: `${CSRF_COOKIE}=${token}; ${SESSION_COOKIE}=${session}`,
        'x-xsrf-token': token,
      },
    });
    expect(logout.statusCode).toBe(204);
    expect(cookieNamed(logout, SESSION_COOKIE)).toMatchObject({
      value: '',
      httpOnly: true,
      path: '/',
      sameSite: 'Lax',
    });
  });
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | undefined): Map<string, string[]> {
  expect(header, 'Content-Security-Policy header').toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  let spa: FastifyInstance;
  beforeAll(async () => {
    spa = await appWith({});
  });

  it('the SPA page, its script, the API (200 and 401) and the health check carry a CSP fit for the SPA and the usual headers', async () => {
    const responses = {
      page: await spa.inject({ method: 'GET', url: '/dashboard', headers: { host: org.host, accept: 'text/html' } }),
      script: await spa.inject({ method: 'GET', url: '/assets/index-abc.js', headers: { host: org.host } }),
      api: await spa.inject({ method: 'GET', url: '/api/sso/config', headers: { host: org.host } }),
      refused: await spa.inject({ method: 'GET', url: '/api/me', headers: { host: org.host } }),
      health: await spa.inject({ method: 'GET', url: '/healthz' }),
    };
    expect(responses.page.statusCode).toBe(200);
    expect(responses.page.body).toContain('id="root"');
    expect(responses.refused.statusCode).toBe(401);
    for (const [name, response] of Object.entries(responses)) {
      const csp = directives(response.headers['content-security-policy'] as string);
      // Scripts only from the site itself: no inline scripts, no eval, no inline event handlers.
      expect(csp.get('script-src'), name).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), name).toEqual(["'none'"]);
      expect(csp.get('default-src'), name).toEqual(["'self'"]);
      expect(csp.get('object-src'), name).toEqual(["'none'"]);
      expect(csp.get('base-uri'), name).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), name).toEqual(["'none'"]);
      expect(csp.get('form-action'), name).toEqual(["'self'"]);
      // antd's CSS-in-JS writes <style> tags at run time: inline styles only, never inline scripts.
      expect(csp.get('style-src'), name).toEqual(["'self'", "'unsafe-inline'"]);
      for (const [directive, values] of csp) {
        expect(
          values.filter(
            (value) =>
              value === '*' || value === "'unsafe-eval'" || (value === "'unsafe-inline'" && directive !== 'style-src'),
          ),
          `${name} ${directive}`,
        ).toEqual([]);
      }
      expect(response.headers['x-content-type-options'], name).toBe('nosniff');
      expect(['DENY', 'SAMEORIGIN'], name).toContain(response.headers['x-frame-options']);
      expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'], name).toContain(
        response.headers['referrer-policy'],
      );
      expect(response.headers['cross-origin-opener-policy'], name).toBe('same-origin');
      expect(response.headers['x-powered-by'], name).toBeUndefined();
    }
  });

  it("Stripe's webhook answers without them (a server reads it, never a browser), and an error answer still has them", async () => {
    const webhook = await spa.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { host: org.host },
      payload: {},
    });
    expect(webhook.statusCode).toBe(400);
    expect(webhook.headers['content-security-policy']).toBeUndefined();
    expect(webhook.headers['x-frame-options']).toBeUndefined();
    const missing = await spa.inject({ method: 'GET', url: '/api/no-such-route', headers: { host: org.host } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect(missing.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('over HTTPS the SPA and the API send Strict-Transport-Security', async () => {
    const app = await appWith({ TRUST_PROXY: 1 });
    for (const url of ['/dashboard', '/api/sso/config', '/healthz']) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { host: org.host, 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('the SPA itself needs no inline script: its index.html loads modules by src only (and the built one, when present)', async () => {
    const candidates = [path.join(webSource, 'index.html'), path.join(webSource, 'dist/index.html')];
    let checked = 0;
    for (const file of candidates) {
      const html = await fs.readFile(file, 'utf8').catch(() => null);
      if (html === null) continue;
      checked += 1;
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length, file).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes, file).toMatch(/\bsrc=/);
        expect(body!.trim(), file).toBe('');
      }
      expect(html, file).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html, file).not.toMatch(/javascript:/i);
    }
    expect(checked).toBeGreaterThan(0);
  });
});
