import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { multipartFile, PNG_BYTES } from '../../test/helpers.js';

const ctx = useTestApp();

describe('Two organisations on two hosts (acme.localhost and demo.localhost)', () => {
  it('keeps data and sessions apart', async () => {
    const acme = await makeOrganization(ctx.db, 'acme');
    const demo = await makeOrganization(ctx.db, 'demo');
    expect([acme.host, demo.host]).toEqual(['acme.localhost', 'demo.localhost']);
    const acmeMember = await makeUser(ctx.db, acme.organization.id, 'wallet-user', { email: 'same@example.test' });
    const demoMember = await makeUser(ctx.db, demo.organization.id, 'wallet-user', { email: 'same@example.test' });

    const acmeAdmin = await ctx.client(acme.host).signIn(acme.admin.email, TEST_PASSWORD);
    const demoAdmin = await ctx.client(demo.host).signIn(demo.admin.email, TEST_PASSWORD);

    // The same email is two people: each host signs in its own.
    const acmeBrowser = await ctx.client(acme.host).signIn('same@example.test', TEST_PASSWORD);
    expect((await acmeBrowser.get('/api/me')).json().data).toMatchObject({
      id: acmeMember.id,
      organization: { slug: 'acme' },
    });

    // A session cookie made on acme's host is no session on demo's.
    const stolen = ctx.client(demo.host);
    stolen.cookies.set(SESSION_COOKIE, acmeBrowser.cookies.get(SESSION_COOKIE)!);
    expect((await stolen.get('/api/me')).statusCode).toBe(401);
    expect((await stolen.get('/api/organization/admins')).statusCode).toBe(401);
    const adminCookieElsewhere = ctx.client(demo.host);
    adminCookieElsewhere.cookies.set(SESSION_COOKIE, acmeAdmin.cookies.get(SESSION_COOKIE)!);
    expect((await adminCookieElsewhere.get('/api/users')).statusCode).toBe(401);
    // ... and the cookie still works at home.
    expect((await acmeBrowser.get('/api/me')).statusCode).toBe(200);

    // Lists show only the host's people; another organisation's person is a 404.
    const acmeUsers = (await acmeAdmin.get('/api/users?page[size]=200')).json().data as Array<{ id: number }>;
    expect(acmeUsers.map((user) => user.id).sort()).toEqual([acme.admin.id, acmeMember.id].sort());
    expect((await acmeAdmin.get(`/api/users/${demoMember.id}`)).statusCode).toBe(404);
    expect((await demoAdmin.get(`/api/users/${acmeMember.id}`)).statusCode).toBe(404);
    const demoAdmins = (await demoAdmin.get('/api/organization/admins')).json().data as Array<{ id: number }>;
    expect(demoAdmins.map((admin) => admin.id)).toEqual([demo.admin.id]);

    // Each host has its own logo: acme's upload changes nothing on demo, and neither serves the other's.
    const { payload, headers } = multipartFile('logo', 'acme.png', 'image/png', PNG_BYTES);
    expect((await acmeAdmin.post('/api/organization/logo', payload, headers)).statusCode).toBe(200);
    expect((await ctx.client(acme.host).get('/api/logo/acme')).headers['content-type']).toBe('image/png');
    expect((await ctx.client(demo.host).get('/api/logo/demo')).headers['content-type']).toBe('image/svg+xml');
    expect((await ctx.client(demo.host).get('/api/logo/acme')).statusCode).toBe(404);
    expect((await demoAdmin.get('/api/organization/logo')).json().data.custom).toBe(false);
  });

  it('sends an unknown first label to /organization/not-found (pages) or a 404 (API)', async () => {
    const page = await ctx.client('nowhere.localhost').get('/dashboard');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/organization/not-found');
    expect((await ctx.client('nowhere.localhost').get('/api/logo/nowhere')).statusCode).toBe(404);
    expect((await ctx.client('nowhere.localhost').get('/api/me')).statusCode).toBe(404);
  });
});
