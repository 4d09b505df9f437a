import { beforeAll, describe, expect, it } from 'vitest';
import type { SpendingControls } from '@wallet/contract';
import { useTestApp } from '../test/context.js';
import { approvalPathOf } from '../modules/teams/service.js';
import { integrityProblems } from '../modules/ledger/service.js';
import { DEMO_PASSWORD, DEMO_PEOPLE_WITHOUT_ROLE, DEMO_USERS, seedDemoOrganisation } from './demo.js';

const ctx = useTestApp();

// Seeding makes a year of history; do it once for the file (it is slow on a loaded machine).
let createdFirstTime = false;
beforeAll(async () => {
  createdFirstTime = await seedDemoOrganisation(ctx.deps);
}, 180_000);

describe('the demo organisation', () => {
  it('is created once with its six people and two teams with approval paths; a second run changes nothing', async () => {
    expect(createdFirstTime).toBe(true);
    expect(await seedDemoOrganisation(ctx.deps)).toBe(false);
    const org = await ctx.db
      .selectFrom('organizations')
      .selectAll()
      .where('slug', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(org.name).toBe('Demo Organisation');
    const users = await ctx.db.selectFrom('users').select('email').where('org_id', '=', org.id).execute();
    expect(users.map((user) => user.email).sort()).toEqual(
      [...DEMO_USERS, ...DEMO_PEOPLE_WITHOUT_ROLE].map((user) => user.email).sort(),
    );
    const teams = await ctx.db.selectFrom('teams').selectAll().where('org_id', '=', org.id).orderBy('name').execute();
    expect(teams.map((team) => team.name)).toEqual(['Engineering', 'Marketing']);
    for (const team of teams) expect((await approvalPathOf(ctx.db, org.id, team.id)).length).toBeGreaterThan(0);
  });

  it('has money and cards: a topped-up organisation, funded cards (some active, some inactive), terms accepted by all but one member', async () => {
    const admin = await ctx.client('localhost').signIn('admin@demo.test', DEMO_PASSWORD);
    const cards = (await admin.get('/api/cards?page[size]=50&include=user')).json();
    expect(cards.meta.total).toBe(5);
    const statuses = cards.data.map((card: { status: string }) => card.status);
    expect(statuses).toContain('active');
    expect(statuses).toContain('inactive');
    expect(cards.data.map((card: { type: string }) => card.type)).toContain('physical');
    expect(cards.data.every((card: { spending_limit: number }) => card.spending_limit > 0)).toBe(true);
    // Every card has a nickname and a purpose; a few have spending controls, set after the year of history.
    type Listed = { id: number; nickname: string | null; purpose: string | null; spending_controls: SpendingControls };
    const listed = cards.data as Listed[];
    expect(listed.every((card) => card.nickname && card.purpose)).toBe(true);
    const controlled = listed.filter((card) => card.spending_controls.spending_limits.length > 0);
    expect(controlled.length).toBeGreaterThanOrEqual(2);
    expect(listed.some((card) => card.spending_controls.blocked_categories.length > 0)).toBe(true);
    const usage = (await admin.get(`/api/cards/${controlled[0]!.id}`)).json().data.spending_usage;
    expect(usage.length).toBe(controlled[0]!.spending_controls.spending_limits.length);
    const kpi = (await admin.get('/api/dashboard/kpi')).json().data;
    expect(kpi.issuing_available).toBeGreaterThan(0);
    expect(kpi.last_30_spend).toBeGreaterThan(0);
    const members = (await admin.get('/api/users?filter[wallet]=users&page[size]=50')).json().data;
    const withoutTerms = members.filter(
      (user: { issuing_tos_acceptance: { accepted_at: string | null } }) => !user.issuing_tos_acceptance.accepted_at,
    );
    expect(withoutTerms.map((user: { email: string }) => user.email)).toEqual(['priya@demo.test']);
  });

  it('lets every demo person sign in with the demo password and the role the README lists', async () => {
    for (const person of DEMO_USERS) {
      const client = await ctx.client('localhost').signIn(person.email, DEMO_PASSWORD);
      expect((await client.get('/api/me')).json().data.roles).toEqual([person.role]);
    }
  });
});

describe('the demo history', () => {
  it('has a year of purchases with refunds, wallets, declines and pending holds, and a balanced ledger', async () => {
    const org = await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('slug', '=', 'demo')
      .executeTakeFirstOrThrow();
    const expenses = await ctx.db.selectFrom('expenses').selectAll().where('org_id', '=', org.id).execute();
    expect(expenses.length).toBeGreaterThan(100);
    const oldest = Math.min(...expenses.map((expense) => expense.stripe_created));
    expect(Date.now() / 1000 - oldest).toBeGreaterThan(300 * 24 * 60 * 60);
    expect(expenses.some((expense) => expense.type === 'refund')).toBe(true);
    expect(new Set(expenses.map((expense) => expense.wallet)).size).toBeGreaterThan(2);
    expect(new Set(expenses.map((expense) => expense.merchant_data.name)).size).toBeGreaterThan(6);
    const holds = await ctx.db
      .selectFrom('authorization_holds')
      .select(['status', 'decline_reason'])
      .where('org_id', '=', org.id)
      .execute();
    expect(holds.filter((hold) => hold.status === 'pending').length).toBeGreaterThan(0);
    expect(new Set(holds.filter((hold) => hold.status === 'declined').map((hold) => hold.decline_reason))).toEqual(
      new Set(['card_inactive', 'insufficient_funds']),
    );
    expect(await integrityProblems(ctx.db, org.id)).toEqual({ unbalancedEntries: [], driftedAccounts: [] });
    // The money comes first: top-ups and card budgets are dated before the year of purchases that spends them.
    const fundings = await ctx.db
      .selectFrom('journal_entries')
      .select(['kind', 'created_at'])
      .where('org_id', '=', org.id)
      .where('kind', 'in', ['topup', 'card_funding'])
      .execute();
    const firstPurchase = new Date(oldest * 1000);
    expect(
      fundings
        .filter((entry) => entry.created_at < firstPurchase)
        .map((entry) => entry.kind)
        .sort(),
    ).toEqual(['card_funding', 'card_funding', 'card_funding', 'card_funding', 'card_funding', 'topup', 'topup']);
    // ...and top-ups keep coming during the year: funding shows in the last six months too.
    const sixMonthsAgo = new Date(Date.now() - 180 * 24 * 60 * 60 * 1000);
    expect(
      fundings.filter((entry) => entry.kind === 'topup' && entry.created_at > sixMonthsAgo).length,
    ).toBeGreaterThanOrEqual(2);
    const cards = await ctx.db
      .selectFrom('cards')
      .select(['spending_limit', 'status'])
      .where('org_id', '=', org.id)
      .execute();
    expect(cards.filter((card) => card.status === 'active').every((card) => card.spending_limit > 0)).toBe(true);
  }, 60_000);
});

describe('the demo requests', () => {
  it('keeps the year of purchases out of the bell: the purchase notifier starts after the seeded history', async () => {
    const cursor = await ctx.db.selectFrom('purchase_notifier_cursor').select('last_hold_id').executeTakeFirstOrThrow();
    const history = await ctx.db
      .selectFrom('authorization_holds')
      .select((eb) => eb.fn.max('id').as('newest'))
      .executeTakeFirstOrThrow();
    expect(Number(cursor.last_hold_id)).toBe(Number(history.newest));
  });

  it('has pending, approved, rejected, forced and recurring requests across both teams', async () => {
    const admin = await ctx.client('localhost').signIn('admin@demo.test', DEMO_PASSWORD);
    const all = (await admin.get('/api/purchase-requests?include=team,recurringPurchaseRequest&page[size]=50')).json();
    const statuses = new Set(all.data.map((request: { status: string }) => request.status));
    expect(statuses).toEqual(new Set(['Pending', 'Approved', 'Rejected']));
    expect(new Set(all.data.map((request: { team: { name: string } }) => request.team.name))).toEqual(
      new Set(['Engineering', 'Marketing']),
    );
    expect(
      all.data.some((request: { approved_accounting: string }) => request.approved_accounting === 'approved'),
    ).toBe(true);
    expect(
      all.data.some(
        (request: { recurring_purchase_request: { status: string } | null }) =>
          request.recurring_purchase_request?.status === 'active',
      ),
    ).toBe(true);
    const manager = await ctx.client('localhost').signIn('manager@demo.test', DEMO_PASSWORD);
    const me = (await manager.get('/api/me')).json().data;
    const waiting = (await manager.get(`/api/purchase-requests?filter[pending_approval_by]=${me.id}`)).json();
    expect(waiting.meta.total).toBeGreaterThan(0);
  }, 60_000);
});
