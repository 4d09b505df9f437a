import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { setupOrg } from '../../test/helpers.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';

/** Wallet categories: seeded per organisation, listed for everyone, created and renamed by admins. */
const ctx = useTestApp();
let org: Awaited<ReturnType<typeof setupOrg>>;

beforeAll(async () => {
  org = await setupOrg(ctx);
});

const names = (response: { json(): { data: Array<{ name: string }> } }) =>
  response.json().data.map((category) => category.name);

describe('wallet categories', () => {
  it('a new organisation lists the six defaults, to members too; signed out is 401', async () => {
    const response = await org.memberClient.get('/api/wallet-categories');
    expect(response.statusCode).toBe(200);
    expect(names(response).sort()).toEqual(['Marketing', 'Meals', 'Office', 'Other', 'Software', 'Travel']);
    expect(response.json().meta.total).toBe(6);
    expect(response.json().data[0]).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      created_at: expect.any(String),
    });
    expect((await org.anonymous.get('/api/wallet-categories')).statusCode).toBe(401);
  });

  it('an admin creates one (201) and it is listed; a duplicate name, in any case, is 422', async () => {
    const created = await org.adminClient.post('/api/wallet-categories', { name: '  Equipment ' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ name: 'Equipment' });
    expect(names(await org.memberClient.get('/api/wallet-categories'))).toContain('Equipment');
    for (const name of ['Equipment', 'travel', 'OTHER']) {
      const duplicate = await org.adminClient.post('/api/wallet-categories', { name });
      expect(duplicate.statusCode, name).toBe(422);
      expect(Object.keys(duplicate.json().errors)).toEqual(['name']);
    }
    expect((await org.adminClient.post('/api/wallet-categories', { name: '' })).statusCode).toBe(422);
    expect((await org.adminClient.post('/api/wallet-categories', { name: 'x'.repeat(101) })).statusCode).toBe(422);
    expect((await org.adminClient.get('/api/wallet-categories')).json().meta.total).toBe(7);
  });

  it('an admin renames one; renaming onto another name is 422; an unknown id is 404', async () => {
    const categories = (await org.adminClient.get('/api/wallet-categories')).json().data as Array<{
      id: number;
      name: string;
    }>;
    const meals = categories.find((category) => category.name === 'Meals')!;
    const renamed = await org.adminClient.put(`/api/wallet-categories/${meals.id}`, { name: 'Meals & Drinks' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ id: meals.id, name: 'Meals & Drinks' });
    // Changing only the case of its own name is fine.
    expect(
      (await org.adminClient.put(`/api/wallet-categories/${meals.id}`, { name: 'MEALS & DRINKS' })).statusCode,
    ).toBe(200);
    const clash = await org.adminClient.put(`/api/wallet-categories/${meals.id}`, { name: 'Software' });
    expect(clash.statusCode).toBe(422);
    expect((await org.adminClient.put('/api/wallet-categories/999999', { name: 'Nothing' })).statusCode).toBe(404);
    const after = names(await org.adminClient.get('/api/wallet-categories'));
    expect(after).toContain('MEALS & DRINKS');
    expect(after).toContain('Software');
    expect(after).not.toContain('Meals');
  });

  it('members may not create or rename (403); wallet-finance admins may', async () => {
    const before = (await org.adminClient.get('/api/wallet-categories')).json().data as Array<{
      id: number;
      name: string;
    }>;
    expect((await org.memberClient.post('/api/wallet-categories', { name: 'Mine' })).statusCode).toBe(403);
    expect((await org.memberClient.put(`/api/wallet-categories/${before[0]!.id}`, { name: 'Mine' })).statusCode).toBe(
      403,
    );
    expect(names(await org.adminClient.get('/api/wallet-categories'))).not.toContain('Mine');
    const finance = await makeUser(ctx.db, org.organization.id, 'wallet-finance');
    const financeClient = await ctx.client(org.host).signIn(finance.email, TEST_PASSWORD);
    expect((await financeClient.post('/api/wallet-categories', { name: 'Training' })).statusCode).toBe(201);
  });

  it('the same name saved at once by several admins: one wins, the others get 422 (never 500)', async () => {
    const creates = await Promise.all(
      Array.from({ length: 5 }, () => org.adminClient.post('/api/wallet-categories', { name: 'Hardware' })),
    );
    expect(creates.map((response) => response.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    const categories = (await org.adminClient.get('/api/wallet-categories')).json().data as Array<{
      id: number;
      name: string;
    }>;
    const [a, b] = [
      categories.find((category) => category.name === 'Office')!,
      categories.find((category) => category.name === 'Marketing')!,
    ];
    const renames = await Promise.all(
      [a, b].map((category) => org.adminClient.put(`/api/wallet-categories/${category.id}`, { name: 'Workplace' })),
    );
    expect(renames.map((response) => response.statusCode).sort()).toEqual([200, 422]);
  });

  it("each organisation has its own: another's categories can be neither seen nor renamed", async () => {
    const other = await makeOrganization(ctx.db);
    const otherAdmin = await ctx.client(other.host).signIn(other.admin.email, TEST_PASSWORD);
    const theirs = (await otherAdmin.get('/api/wallet-categories')).json().data as Array<{ id: number; name: string }>;
    expect(theirs.map((category) => category.name).sort()).toEqual([
      'Marketing',
      'Meals',
      'Office',
      'Other',
      'Software',
      'Travel',
    ]);
    // The same name in another organisation is no duplicate.
    expect((await otherAdmin.post('/api/wallet-categories', { name: 'Equipment' })).statusCode).toBe(201);
    expect(
      (await org.adminClient.put(`/api/wallet-categories/${theirs[0]!.id}`, { name: 'Hijacked' })).statusCode,
    ).toBe(404);
    expect(names(await otherAdmin.get('/api/wallet-categories'))).not.toContain('Hijacked');
  });
});
