import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, ORG_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import type { TestClient } from '../../test/client.js';
import { addUser, JPEG_BYTES, multipartFile, PNG_BYTES, setupOrg } from '../../test/helpers.js';
import { TEST_PASSWORD } from '../../test/factories.js';
import { initialsOf, initialsSvg } from './logo.js';

const ctx = useTestApp();

function upload(client: TestClient, bytes: Buffer, filename = 'logo.png', contentType = 'image/png') {
  const { payload, headers } = multipartFile('logo', filename, contentType, bytes);
  return client.post('/api/organization/logo', payload, headers);
}

async function storedLogos(orgId: number) {
  return ctx.db.selectFrom('organization_logos').select('content_type').where('org_id', '=', orgId).execute();
}

describe('GET /api/logo/{first host segment}', () => {
  it('serves an initials image when no logo was uploaded, to anyone on the host, without fetching anything', async () => {
    const org = await setupOrg(ctx);
    await ctx.db
      .updateTable('organizations')
      .set({ name: 'blue <Harbor> & co' })
      .where('id', '=', org.organization.id)
      .execute();
    const response = await org.anonymous.get(`/api/logo/${org.organization.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toContain('>BH</text>');
    expect(response.body).toContain('<title>blue &#60;Harbor&#62; &#38; co</title>');
    expect(response.body).not.toMatch(/href|<script/);

    const again = await org.anonymous.get(`/api/logo/${org.organization.slug}`, {
      'if-none-match': response.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
  });

  it("answers only for the host's own organisation (404 for another's slug)", async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    expect((await org.anonymous.get(`/api/logo/${other.organization.slug}`)).statusCode).toBe(404);
    // On the bare domain the first segment is the domain's own label, which names the default organisation.
    expect((await ctx.client('nowhere.localhost').get('/api/logo/nowhere')).statusCode).toBe(404);
  });

  it('makes initials of up to two words', () => {
    expect(initialsOf('Acme')).toBe('A');
    expect(initialsOf('  acme   widgets  inc ')).toBe('AW');
    expect(initialsOf('— ')).toBe('?');
    expect(initialsSvg({ slug: 'x', name: 'Éclair Ltd' })).toContain('>ÉL<');
  });
});

describe('POST and DELETE /api/organization/logo', () => {
  it('lets an admin upload a PNG or JPEG judged by content, served from then on, and remove it again', async () => {
    const org = await setupOrg(ctx);
    const before = (await org.adminClient.get('/api/organization/logo')).json().data;
    expect(before).toMatchObject({ custom: false });

    const png = await upload(org.adminClient, PNG_BYTES, 'logo.txt', 'text/plain');
    expect(png.statusCode).toBe(200);
    expect(png.json().data).toMatchObject({ custom: true });
    expect(png.json().data.url).toMatch(new RegExp(`^/api/logo/${org.organization.slug}\\?v=\\d+$`));
    const served = await org.anonymous.get(png.json().data.url as string);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);

    expect((await upload(org.adminClient, JPEG_BYTES, 'x.jpg', 'image/jpeg')).statusCode).toBe(200);
    expect(await storedLogos(org.organization.id)).toEqual([{ content_type: 'image/jpeg' }]);
    expect((await org.anonymous.get(`/api/logo/${org.organization.slug}`)).headers['content-type']).toBe('image/jpeg');

    const removed = await org.adminClient.delete('/api/organization/logo');
    expect(removed.statusCode).toBe(204);
    expect(await storedLogos(org.organization.id)).toEqual([]);
    expect((await org.anonymous.get(`/api/logo/${org.organization.slug}`)).headers['content-type']).toBe(
      'image/svg+xml',
    );
  });

  it('refuses what is not an image (even named .png), an SVG, an empty or oversized file and a missing file (422), storing nothing', async () => {
    const org = await setupOrg(ctx);
    const cases: Array<[Buffer, string]> = [
      [Buffer.from('hello, I am not an image'), ORG_MESSAGES.logoInvalid],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        ORG_MESSAGES.logoInvalid,
      ],
      [Buffer.alloc(0), ORG_MESSAGES.logoEmpty],
      [Buffer.concat([PNG_BYTES, Buffer.alloc(LOGO_MAX_BYTES)]), ORG_MESSAGES.logoTooLarge],
    ];
    for (const [bytes, message] of cases) {
      const response = await upload(org.adminClient, bytes);
      expect(response.statusCode, message).toBe(422);
      expect(response.json().errors).toEqual({ logo: [message] });
    }
    const missing = await org.adminClient.post('/api/organization/logo', {});
    expect(missing.json().errors).toEqual({ logo: [ORG_MESSAGES.logoMissing] });
    const nothingToRemove = await org.adminClient.delete('/api/organization/logo');
    expect(nothingToRemove.json().errors).toEqual({ logo: [ORG_MESSAGES.logoNone] });
    expect(await storedLogos(org.organization.id)).toEqual([]);
  });

  it('is for admins only: a member gets 403, a signed-out visitor 401', async () => {
    const org = await setupOrg(ctx);
    const finance = await addUser(ctx.db, org.organization.id, 'wallet-finance');
    const financeClient = await ctx.client(org.host).signIn(finance.email, TEST_PASSWORD);
    expect((await upload(financeClient, PNG_BYTES)).statusCode).toBe(200);
    expect((await upload(org.memberClient, PNG_BYTES)).statusCode).toBe(403);
    expect((await org.memberClient.delete('/api/organization/logo')).statusCode).toBe(403);
    expect((await org.memberClient.get('/api/organization/logo')).statusCode).toBe(403);
    expect((await upload(org.anonymous, PNG_BYTES)).statusCode).toBe(401);
    expect((await org.anonymous.delete('/api/organization/logo')).statusCode).toBe(401);
    expect(await storedLogos(org.organization.id)).toEqual([{ content_type: 'image/png' }]);
  });
});

describe('GET /api/organization/admins', () => {
  it("lists the organisation's admins with their roles to any signed-in person, by name", async () => {
    const org = await setupOrg(ctx);
    const finance = await addUser(ctx.db, org.organization.id, 'wallet-finance', {
      first_name: 'Bo',
      last_name: 'Banks',
    });
    await setupOrg(ctx);
    const response = await org.memberClient.get('/api/organization/admins');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { id: org.admin.id, name: 'Ada Admin', email: org.admin.email, roles: ['super-admin'] },
      { id: finance.id, name: 'Bo Banks', email: finance.email, roles: ['wallet-finance'] },
    ]);
    expect((await org.anonymous.get('/api/organization/admins')).statusCode).toBe(401);
  });
});
