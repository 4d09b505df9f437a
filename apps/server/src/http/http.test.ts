import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@wallet/contract';
import { useTestApp } from '../test/context.js';
import { makeOrganization, TEST_PASSWORD } from '../test/factories.js';
import { cachedOrganizationLookup, orgSlugFromHost } from './tenancy.js';

const ctx = useTestApp();

describe('orgSlugFromHost', () => {
  const rules = { appDomain: 'localhost', defaultOrg: 'demo', servedIps: ['127.0.0.1', '::1'] };
  it('takes the one label in front of APP_DOMAIN; the bare domain and served IP addresses are DEFAULT_ORG', () => {
    expect(orgSlugFromHost('acme.localhost', rules)).toBe('acme');
    expect(orgSlugFromHost('acme.localhost:3000', rules)).toBe('acme');
    expect(orgSlugFromHost('ACME.wallet.example.com', { ...rules, appDomain: 'wallet.example.com' })).toBe('acme');
    expect(orgSlugFromHost('wallet.example.com', { ...rules, appDomain: 'wallet.example.com' })).toBe('demo');
    expect(orgSlugFromHost('localhost', rules)).toBe('demo');
    expect(orgSlugFromHost('localhost.', rules)).toBe('demo');
    expect(orgSlugFromHost('127.0.0.1:3000', rules)).toBe('demo');
    expect(orgSlugFromHost('[::1]:3000', rules)).toBe('demo');
  });

  it('refuses every other host instead of falling back to DEFAULT_ORG', () => {
    for (const host of [
      'elsewhere.test',
      'acme.localhost:1@evil.example',
      'acme.localhost@evil.example',
      'user:pass@acme.localhost',
      'acme.localhost:abc',
      'acme.localhost:99999',
      'evil.example:80',
      'a.b.localhost',
      'evillocalhost',
      '10.0.0.1',
      '[::2]',
      '',
      'acme.localhost/x',
      'acme_x.localhost',
      '-acme.localhost',
      'acme.localhost:3000:1',
    ]) {
      expect(orgSlugFromHost(host, rules), host).toBeNull();
    }
    expect(orgSlugFromHost(undefined, rules)).toBeNull();
  });
});

describe('the organisation lookup of every request', () => {
  it('finds a new organisation at once, keeps one it found for 10 s, then reads it again', async () => {
    let now = 1_000_000;
    const lookup = cachedOrganizationLookup(ctx.db, () => now);
    const slug = `cached-${Date.now()}`;
    expect(await lookup(slug)).toBeUndefined();
    const { organization } = await makeOrganization(ctx.db, slug);
    expect((await lookup(slug))?.id).toBe(organization.id);

    await ctx.db.updateTable('organizations').set({ name: 'Renamed' }).where('id', '=', organization.id).execute();
    now += 9_000;
    expect((await lookup(slug))?.name).toBe(organization.name);
    now += 2_000;
    expect((await lookup(slug))?.name).toBe('Renamed');
  });
});

describe('requests to the API', () => {
  it('answers 404 JSON for an unknown organisation label', async () => {
    const response = await ctx.client('nosuchorg.localhost').get('/api/me');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: MESSAGES.organisationNotFound });
    const login = await ctx.client('nosuchorg.localhost').post('/login', { email: 'a@b.test', password: 'x' });
    expect(login.statusCode).toBe(404);
  });

  it('answers 404 JSON for unknown /api routes', async () => {
    const { host } = await makeOrganization(ctx.db);
    const response = await ctx.client(host).get('/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: MESSAGES.notFound });
  });

  it('answers 400 for malformed JSON and 413 for bodies over 1 MiB, writing nothing', async () => {
    const { host, admin } = await makeOrganization(ctx.db);
    const client = ctx.client(host);
    const malformed = await client.post('/login', '{"email": "x@y.test", "password":', {
      'content-type': 'application/json',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: MESSAGES.malformedJson });
    const huge = await client.post(
      '/login',
      JSON.stringify({ email: admin.email, password: TEST_PASSWORD, pad: 'x'.repeat(1024 * 1024) }),
      {
        'content-type': 'application/json',
      },
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: MESSAGES.payloadTooLarge });
    const sessions = await ctx.db.selectFrom('sessions').selectAll().where('user_id', '=', admin.id).execute();
    expect(sessions).toHaveLength(0);
  });

  it('sends security headers', async () => {
    const response = await ctx.client().get('/healthz');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
