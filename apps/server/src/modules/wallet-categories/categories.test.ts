import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { setupOrg } from '../../test/helpers.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { GL_CODE_MESSAGES } from '@wallet/contract';

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
      gl_code: null,
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

  it('GL codes (issue 21.7): set on create or update, kept when left out, cleared by null or empty, each change audited', async () => {
    const created = await org.adminClient.post('/api/wallet-categories', { name: 'Conferences', gl_code: ' 6400-01 ' });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().data as { id: number };
    expect(created.json().data).toMatchObject({ name: 'Conferences', gl_code: '6400-01' });
    const listed = (await org.memberClient.get('/api/wallet-categories')).json().data as Array<{ id: number }>;
    expect(listed.find((category) => category.id === id)).toMatchObject({ gl_code: '6400-01' });
    // A rename without gl_code keeps the code.
    const renamed = await org.adminClient.put(`/api/wallet-categories/${id}`, { name: 'Courses' });
    expect(renamed.json().data).toMatchObject({ name: 'Courses', gl_code: '6400-01' });
    const changed = await org.adminClient.put(`/api/wallet-categories/${id}`, {
      name: 'Courses',
      gl_code: 'EXP.TRAIN',
    });
    expect(changed.json().data.gl_code).toBe('EXP.TRAIN');
    // Not unique: another category may book to the same account.
    const same = await org.adminClient.post('/api/wallet-categories', { name: 'Books', gl_code: 'EXP.TRAIN' });
    expect(same.statusCode).toBe(201);
    for (const cleared of [null, '', '  ']) {
      await org.adminClient.put(`/api/wallet-categories/${id}`, { name: 'Courses', gl_code: 'X1' });
      const response = await org.adminClient.put(`/api/wallet-categories/${id}`, { name: 'Courses', gl_code: cleared });
      expect(response.json().data.gl_code, String(cleared)).toBe(null);
    }
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('org_id', '=', org.organization.id)
      .where('subject_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.slice(0, 4)).toEqual([
      { action: 'wallet_category.created', details: { name: 'Conferences', gl_code: '6400-01' } },
      { action: 'wallet_category.renamed', details: { old_name: 'Conferences', new_name: 'Courses' } },
      { action: 'wallet_category.gl_code_changed', details: { old_gl_code: '6400-01', new_gl_code: 'EXP.TRAIN' } },
      { action: 'wallet_category.gl_code_changed', details: { old_gl_code: 'EXP.TRAIN', new_gl_code: 'X1' } },
    ]);
  });

  it('a GL code of other characters, too long, or not text is a 422 on gl_code, and nothing is written', async () => {
    const before = await ctx.db
      .selectFrom('wallet_categories')
      .selectAll()
      .where('org_id', '=', org.organization.id)
      .execute();
    const travel = before.find((category) => category.name === 'Travel')!;
    const cases: Array<[unknown, string]> = [
      ['60/00', GL_CODE_MESSAGES.characters],
      ['6000 01', GL_CODE_MESSAGES.characters],
      ['-6000', GL_CODE_MESSAGES.characters],
      ['=1+1', GL_CODE_MESSAGES.characters],
      ['6'.repeat(21), GL_CODE_MESSAGES.tooLong],
      [6000, GL_CODE_MESSAGES.notText],
    ];
    for (const [glCode, message] of cases) {
      const create = await org.adminClient.post('/api/wallet-categories', { name: 'Fresh', gl_code: glCode });
      expect(create.statusCode, String(glCode)).toBe(422);
      expect(create.json().errors).toEqual({ gl_code: [message] });
      const update = await org.adminClient.put(`/api/wallet-categories/${travel.id}`, {
        name: 'Travel',
        gl_code: glCode,
      });
      expect(update.statusCode, String(glCode)).toBe(422);
      expect(update.json().errors).toEqual({ gl_code: [message] });
    }
    expect(
      (await org.memberClient.put(`/api/wallet-categories/${travel.id}`, { name: 'Travel', gl_code: '1' })).statusCode,
    ).toBe(403);
    expect(
      (await org.anonymous.put(`/api/wallet-categories/${travel.id}`, { name: 'Travel', gl_code: '1' })).statusCode,
    ).toBe(401);
    const after = await ctx.db
      .selectFrom('wallet_categories')
      .selectAll()
      .where('org_id', '=', org.organization.id)
      .execute();
    expect(after).toEqual(before);
  });
});
