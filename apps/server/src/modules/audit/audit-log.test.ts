import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestApp } from '../../test/context.js';
import { addUser, setupOrg } from '../../test/helpers.js';
import { recordAudit, SYSTEM } from './service.js';

/** GET /api/audit-log and the table's own rules; what each action records is in audit-actions.test.ts. */
const ctx = useTestApp();

/** Writes entries straight through recordAudit (as a service would), at chosen instants. */
async function seed(
  orgId: number,
  entries: Array<{ actorId: number | null; action: Parameters<typeof recordAudit>[1]['action'] }>,
) {
  for (const entry of entries) {
    await ctx.db.transaction().execute(async (tx) => {
      const by =
        entry.actorId === null ? SYSTEM : { actorId: entry.actorId, ip: '203.0.113.9', userAgent: 'TestAgent/1.0' };
      await recordAudit(tx, {
        orgId,
        by,
        action: entry.action,
        subject: { type: 'card', id: 1, label: 'Card' },
        details: { amount: 100 },
      });
    });
  }
}

/** A row at a chosen instant (the table refuses UPDATE, so a test inserts it with its time instead). */
async function seedAt(orgId: number, actorId: number | null, action: string, at: string) {
  await ctx.db
    .insertInto('audit_log')
    .values({
      org_id: orgId,
      actor_user_id: actorId,
      actor_kind: actorId === null ? 'system' : 'user',
      action,
      subject_type: 'card',
      subject_id: 7,
      subject_label: 'Card',
      details: '{}',
      ip: null,
      user_agent: null,
      created_at: at,
    })
    .execute();
}

describe('GET /api/audit-log', () => {
  it("admins see their organisation's entries newest first with the actor's name; members 403, signed out 401, other organisations nothing", async () => {
    const org = await setupOrg(ctx);
    const finance = await addUser(ctx.db, org.organization.id, 'wallet-finance', {
      first_name: 'Fin',
      last_name: 'Ance',
    });
    await seed(org.organization.id, [
      { actorId: org.admin.id, action: 'card.funded' },
      { actorId: finance.id, action: 'topup.created' },
      { actorId: null, action: 'recurring.paused' },
    ]);

    const response = await org.adminClient.get('/api/audit-log?include=actor');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({ total: 3, current_page: 1, per_page: 10, last_page: 1 });
    expect(body.data.map((row: { action: string }) => row.action)).toEqual([
      'recurring.paused',
      'topup.created',
      'card.funded',
    ]);
    expect(body.data[0]).toMatchObject({ actor_kind: 'system', actor_user_id: null, actor: null });
    expect(body.data[1]).toMatchObject({
      actor_kind: 'user',
      actor_user_id: finance.id,
      actor: { id: finance.id, name: 'Fin Ance' },
      subject_type: 'card',
      subject_id: 1,
      subject_label: 'Card',
      details: { amount: 100 },
      ip: '203.0.113.9',
      user_agent: 'TestAgent/1.0',
    });
    expect(typeof body.data[1].created_at).toBe('string');
    expect((await org.adminClient.get('/api/audit-log')).json().data[1]).not.toHaveProperty('actor');

    expect((await org.memberClient.get('/api/audit-log')).statusCode).toBe(403);
    expect((await org.anonymous.get('/api/audit-log')).statusCode).toBe(401);
    const other = await setupOrg(ctx);
    const elsewhere = await other.adminClient.get('/api/audit-log');
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json()).toEqual({ data: [], meta: { total: 0, current_page: 1, per_page: 10, last_page: 1 } });
    // Another organisation's actor id filters to nothing rather than revealing anything.
    expect((await other.adminClient.get(`/api/audit-log?filter[actor_id]=${finance.id}`)).json().data).toEqual([]);
  });

  it('filters by actor, actions (comma list) and UTC days (both included), sorts and pages', async () => {
    const org = await setupOrg(ctx);
    const orgId = org.organization.id;
    const finance = await addUser(ctx.db, orgId, 'wallet-finance');
    await seedAt(orgId, org.admin.id, 'card.funded', '2026-03-01T00:00:00Z');
    await seedAt(orgId, finance.id, 'topup.created', '2026-03-02T12:00:00Z');
    await seedAt(orgId, org.admin.id, 'user.roles_changed', '2026-03-03T23:59:59Z');
    await seedAt(orgId, org.admin.id, 'card.funded', '2026-03-04T00:00:00Z');
    await seedAt(orgId, null, 'recurring.paused', '2026-03-05T08:00:00Z');
    const actions = async (query: string) => {
      const response = await org.adminClient.get(`/api/audit-log?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json()
        .data.map((row: { action: string; created_at: string }) => `${row.created_at.slice(0, 10)} ${row.action}`);
    };

    expect(await actions(`filter[actor_id]=${finance.id}`)).toEqual(['2026-03-02 topup.created']);
    expect(await actions('filter[action]=card.funded,user.roles_changed')).toEqual([
      '2026-03-04 card.funded',
      '2026-03-03 user.roles_changed',
      '2026-03-01 card.funded',
    ]);
    expect(await actions('filter[between]=2026-03-02,2026-03-03')).toEqual([
      '2026-03-03 user.roles_changed',
      '2026-03-02 topup.created',
    ]);
    expect(
      await actions(
        `filter[between]=2026-03-01,2026-03-04&filter[actor_id]=${org.admin.id}&filter[action]=card.funded`,
      ),
    ).toEqual(['2026-03-04 card.funded', '2026-03-01 card.funded']);
    expect(await actions('sort=created_at&page[size]=2&page[number]=2')).toEqual([
      '2026-03-03 user.roles_changed',
      '2026-03-04 card.funded',
    ]);
    const paged = (await org.adminClient.get('/api/audit-log?page[size]=2&page[number]=3')).json();
    expect(paged.meta).toEqual({ total: 5, current_page: 3, per_page: 2, last_page: 3 });
    expect(paged.data).toHaveLength(1);
  });

  it('answers unknown parameters with 400 and bad filter values with 422', async () => {
    const org = await setupOrg(ctx);
    const get = (query: string) => org.adminClient.get(`/api/audit-log?${query}`);
    expect((await get('filter[subject]=card')).statusCode).toBe(400);
    expect((await get('sort=action')).statusCode).toBe(400);
    expect((await get('include=subject')).statusCode).toBe(400);
    const badAction = await get('filter[action]=card.funded,card.stolen');
    expect(badAction.statusCode).toBe(422);
    expect(badAction.json().errors['filter.action']).toEqual(['Unknown action: card.stolen.']);
    expect((await get('filter[between]=2026-02-30,2026-03-01')).statusCode).toBe(422);
    expect((await get('filter[between]=2026-03-02,2026-03-01')).json().errors['filter.between']).toEqual([
      'The start date must be on or before the end date.',
    ]);
    expect((await get('filter[actor_id]=abc')).statusCode).toBe(422);
    expect((await get('page[size]=500')).statusCode).toBe(422);
  });
});

describe('the audit_log table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const org = await setupOrg(ctx);
    await seed(org.organization.id, [{ actorId: org.admin.id, action: 'card.funded' }]);
    const id = org.organization.id;
    await expect(
      ctx.db
        .updateTable('audit_log')
        .set({ action: 'card.created' } as never)
        .where('org_id', '=', id)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.db.deleteFrom('audit_log').where('org_id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(ctx.db)).rejects.toThrow(/append-only/);
    expect(
      (await ctx.db.selectFrom('audit_log').select('action').where('org_id', '=', id).execute()).map(
        (row) => row.action,
      ),
    ).toEqual(['card.funded']);
  });

  it('never stores keys that look like secrets, even when a caller passes them', async () => {
    const org = await setupOrg(ctx);
    await ctx.db.transaction().execute((tx) =>
      recordAudit(tx, {
        orgId: org.organization.id,
        by: { actorId: org.admin.id, ip: null, userAgent: null },
        action: 'card.created',
        subject: { type: 'card', id: 1 },
        details: {
          last4: '4242',
          number: '4242424242424242',
          cvc: '123',
          nested: { password: 'x', token: 'y', kept: true },
        },
      }),
    );
    const row = await ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('org_id', '=', org.organization.id)
      .executeTakeFirstOrThrow();
    expect(row.details).toEqual({ last4: '4242', nested: { kept: true } });
  });

  it('records nothing for work without an actor (seed, benchmarks)', async () => {
    const org = await setupOrg(ctx);
    await ctx.db.transaction().execute((tx) =>
      recordAudit(tx, {
        orgId: org.organization.id,
        by: undefined,
        action: 'card.created',
        subject: { type: 'card', id: 1 },
      }),
    );
    expect(
      await ctx.db.selectFrom('audit_log').select('id').where('org_id', '=', org.organization.id).execute(),
    ).toEqual([]);
  });
});
