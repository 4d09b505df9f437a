import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { setupOrg } from '../../test/helpers.js';
import {
  acceptTermsInDb,
  activateCard,
  availableFunds,
  cardAccountBalances,
  createCard,
  fundCard,
  ledgerCounts,
  topUp,
} from '../../test/card-factories.js';
import { orgAccountId, ledgerIntegrity, SOUND_LEDGER } from '../ledger/service.js';
import { simulatePurchase } from '../simulator/service.js';

const ctx = useTestApp();

/** Writes a balanced entry dated in the past (the API always dates now). */
async function pastEntry(
  orgId: number,
  at: Date,
  kind: string,
  description: string,
  lines: Array<{ accountId: number; amount: number }>,
  cardId: number | null = null,
) {
  await ctx.db.transaction().execute(async (tx) => {
    const entry = await tx
      .insertInto('journal_entries')
      .values({
        org_id: orgId,
        reference: `past-${at.toISOString()}-${description}`,
        kind,
        description,
        card_id: cardId,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('journal_lines')
      .values(
        lines.map((line) => ({ entry_id: entry.id, org_id: orgId, account_id: line.accountId, amount: line.amount })),
      )
      .execute();
  });
}

/** A purchase on the card, captured at once, through the simulator's authorisation path (optionally back-dated). */
async function purchase(cardId: number, amount: number, at?: Date) {
  const card = await ctx.db.selectFrom('cards').selectAll().where('id', '=', cardId).executeTakeFirstOrThrow();
  const result = await simulatePurchase(ctx.db, card, {
    amount,
    merchant: { name: 'Cafe' },
    wallet: null,
    capture: 'now',
    at: at && Math.floor(at.getTime() / 1000),
  });
  expect(result.approved).toBe(true);
}

describe('POST /api/topups', () => {
  it('adds funds: the simulator settles at once, the balance rises, and it says Funds Added', async () => {
    const org = await setupOrg(ctx);
    const response = await org.adminClient.post('/api/topups', { amount: 25_000, description: 'Initial funding' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: CARD_MESSAGES.fundsAdded,
      data: { amount: 25_000, description: 'Initial funding', status: 'succeeded' },
    });
    expect(response.json().data.settled_at).toBeTruthy();
    expect(await availableFunds(org.adminClient)).toBe(25_000);
    const sim = await ctx.db
      .selectFrom('issuer_sim_topups')
      .selectAll()
      .where('org_id', '=', org.organization.id)
      .execute();
    expect(sim).toMatchObject([{ amount: 25_000, status: 'succeeded' }]);
  });

  it('answers 422 "\'amount\' is not a valid number" for decimals, zero, negatives and strings; description required; nothing written', async () => {
    const org = await setupOrg(ctx);
    for (const amount of [10.25, 0, -100, '100', null]) {
      const response = await org.adminClient.post('/api/topups', { amount, description: 'x' });
      expect(response.statusCode, String(amount)).toBe(422);
      expect(response.json().errors.amount).toEqual([CARD_MESSAGES.amountInvalid]);
    }
    const noDescription = await org.adminClient.post('/api/topups', { amount: 100, description: ' ' });
    expect(noDescription.json().errors.description).toEqual([CARD_MESSAGES.descriptionRequired]);
    expect(await ctx.db.selectFrom('topups').select('id').where('org_id', '=', org.organization.id).execute()).toEqual(
      [],
    );
    expect(await ledgerCounts(ctx.db, org.organization.id)).toEqual({ entries: 0, lines: 0 });
  });

  it('is admin only: 403 for a member, 401 signed out', async () => {
    const org = await setupOrg(ctx);
    expect((await org.memberClient.post('/api/topups', { amount: 100, description: 'x' })).statusCode).toBe(403);
    expect((await org.anonymous.post('/api/topups', { amount: 100, description: 'x' })).statusCode).toBe(401);
    expect(await availableFunds(org.adminClient)).toBe(0);
  });
});

describe('GET /api/topups', () => {
  it("lists the organisation's top-ups newest first with meta; 403 member; 401 signed out", async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    await topUp(org.adminClient, 100, 'First');
    await topUp(org.adminClient, 200, 'Second');
    await topUp(other.adminClient, 300, 'Theirs');
    const response = await org.adminClient.get('/api/topups');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((topup: { description: string }) => topup.description)).toEqual([
      'Second',
      'First',
    ]);
    expect(response.json().meta).toEqual({ total: 2, current_page: 1, per_page: 10, last_page: 1 });
    expect((await org.adminClient.get('/api/topups?page[size]=1&page[number]=2')).json().data[0].description).toBe(
      'First',
    );
    expect((await org.adminClient.get('/api/topups?filter[status]=pending')).statusCode).toBe(400);
    expect((await org.memberClient.get('/api/topups')).statusCode).toBe(403);
    expect((await org.anonymous.get('/api/topups')).statusCode).toBe(401);
  });
});

describe('GET /api/balance', () => {
  it("is the organisation's unallocated funds in cents; 0 before any top-up; 403 member; 401 signed out", async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    expect((await org.adminClient.get('/api/balance')).json()).toEqual({ data: { available: 0 } });
    await topUp(org.adminClient, 9_999);
    await topUp(other.adminClient, 1);
    const card = await createCard(org.adminClient, org.member.id);
    await fundCard(org.adminClient, card.id, 4_000);
    expect((await org.adminClient.get('/api/balance')).json()).toEqual({ data: { available: 5_999 } });
    expect((await org.memberClient.get('/api/balance')).statusCode).toBe(403);
    expect((await org.anonymous.get('/api/balance')).statusCode).toBe(401);
  });
});

describe('GET /api/dashboard/kpi', () => {
  it('gives unallocated funds, net spend of the last 30 days, and assigned out = limits of active cards only', async () => {
    const org = await setupOrg(ctx);
    const orgId = org.organization.id;
    await acceptTermsInDb(ctx.db, org.member.id);
    await topUp(org.adminClient, 100_000);
    const [active, inactive, deactivated] = [
      await createCard(org.adminClient, org.member.id),
      await createCard(org.adminClient, org.member.id),
      await createCard(org.adminClient, org.member.id),
    ];
    await fundCard(org.adminClient, active.id, 30_000);
    await fundCard(org.adminClient, inactive.id, 20_000);
    await fundCard(org.adminClient, deactivated.id, 5_000);
    await activateCard(org.adminClient, active.id);
    await activateCard(org.adminClient, deactivated.id);
    await org.adminClient.put(`/api/cards/${deactivated.id}/status`, { status: 'inactive' });
    await purchase(active.id, 1_500);
    await purchase(active.id, 700, new Date(Date.now() - 31 * 24 * 3600 * 1000));

    const response = await org.adminClient.get('/api/dashboard/kpi');
    expect(response.statusCode).toBe(200);
    // Captures draw the active card's limit down: 30,000 - 1,500 - 700.
    expect(response.json()).toEqual({
      data: { issuing_available: 45_000, last_30_spend: 1_500, assigned_out: 27_800 },
    });
    expect(await ledgerIntegrity(ctx.db, orgId)).toEqual(SOUND_LEDGER);
    expect((await cardAccountBalances(ctx.db, orgId)).get(active.id)).toBe(27_800);
    expect((await org.memberClient.get('/api/dashboard/kpi')).statusCode).toBe(403);
    expect((await org.anonymous.get('/api/dashboard/kpi')).statusCode).toBe(401);
  });
});

describe('GET /api/statements', () => {
  it("groups movements of the organisation's funds by month, newest month first, with opening, in, out, closing and lines", async () => {
    const org = await setupOrg(ctx);
    const orgId = org.organization.id;
    const [outside, funds] = [
      await orgAccountId(ctx.db, orgId, 'outside'),
      await orgAccountId(ctx.db, orgId, 'issuer_funds'),
    ];
    await pastEntry(orgId, new Date('2024-01-10T10:00:00Z'), 'topup', 'January wire', [
      { accountId: outside, amount: -10_000 },
      { accountId: funds, amount: 10_000 },
    ]);
    await pastEntry(orgId, new Date('2024-01-20T10:00:00Z'), 'topup', 'Second wire', [
      { accountId: outside, amount: -2_000 },
      { accountId: funds, amount: 2_000 },
    ]);
    const card = await createCard(org.adminClient, org.member.id);
    await fundCard(org.adminClient, card.id, 3_000, 'For travel');
    await topUp(org.adminClient, 500, 'Top-up now');

    const response = await org.adminClient.get('/api/statements');
    expect(response.statusCode).toBe(200);
    const months = response.json().data;
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect(months.map((month: { month: string }) => month.month)).toEqual([thisMonth, '2024-01']);
    expect(months[1]).toMatchObject({ opening: 0, in: 12_000, out: 0, closing: 12_000 });
    expect(months[1].lines).toMatchObject([
      { type: 'Top-up', description: 'January wire', amount: 10_000, balance: 10_000 },
      { type: 'Top-up', description: 'Second wire', amount: 2_000, balance: 12_000 },
    ]);
    expect(months[0]).toMatchObject({ opening: 12_000, in: 500, out: 3_000, closing: 9_500 });
    expect(months[0].lines).toMatchObject([
      {
        type: 'Card funding',
        description: 'For travel',
        card_id: card.id,
        card: { id: card.id, name: card.name, last4: card.last4 },
        amount: -3_000,
        balance: 9_000,
      },
      { type: 'Top-up', description: 'Top-up now', card_id: null, card: null, amount: 500, balance: 9_500 },
    ]);
    expect(months[1].lines[0].card).toBeNull();
    expect(await availableFunds(org.adminClient)).toBe(9_500);
  });

  it("is empty for an organisation without movements (another organisation's are not shown); 403 member; 401 signed out", async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    await topUp(other.adminClient, 1_000, 'Theirs');
    await fundCard(other.adminClient, (await createCard(other.adminClient, other.member.id)).id, 400);
    expect((await org.adminClient.get('/api/statements')).json()).toEqual({ data: [] });
    expect((await org.adminClient.get('/api/statements/export')).body.trim()).toBe(
      'Date,Type,Description,Card,Amount,Balance',
    );
    expect((await org.memberClient.get('/api/statements')).statusCode).toBe(403);
    expect((await org.anonymous.get('/api/statements')).statusCode).toBe(401);
  });
});

describe('GET /api/statements/export', () => {
  it('downloads a CSV with a header row and a running balance; a formula-like description is neutralised', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    await topUp(org.adminClient, 10_000, '=HYPERLINK("http://evil.test","click")');
    await fundCard(org.adminClient, card.id, 2_550, 'Team lunch, "Friday"');
    await fundCard(org.adminClient, card.id, 550, '@SUM(A1)');

    const response = await org.adminClient.get('/api/statements/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="[\w.-]+-statement-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(response.body.trim().split('\n')).toEqual([
      'Date,Type,Description,Card,Amount,Balance',
      `${today},Top-up,"'=HYPERLINK(""http://evil.test"",""click"")",,100.00,100.00`,
      `${today},Card funding,"Team lunch, ""Friday""",•••• ${card.last4},-25.50,74.50`,
      `${today},Card defunding,'@SUM(A1),•••• ${card.last4},20.00,94.50`,
    ]);
  });

  it('?month=YYYY-MM: only that month, balances running from before it, the file named by the month; a bad month is 422', async () => {
    const org = await setupOrg(ctx);
    const orgId = org.organization.id;
    const [outside, funds] = [
      await orgAccountId(ctx.db, orgId, 'outside'),
      await orgAccountId(ctx.db, orgId, 'issuer_funds'),
    ];
    await pastEntry(orgId, new Date('2024-01-10T10:00:00Z'), 'topup', 'January wire', [
      { accountId: outside, amount: -10_000 },
      { accountId: funds, amount: 10_000 },
    ]);
    await pastEntry(orgId, new Date('2024-02-03T10:00:00Z'), 'topup', 'February wire', [
      { accountId: outside, amount: -2_000 },
      { accountId: funds, amount: 2_000 },
    ]);
    await topUp(org.adminClient, 500, 'Top-up now');

    const response = await org.adminClient.get('/api/statements/export?month=2024-02');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/-statement-2024-02\.csv"$/);
    expect(response.body.trim().split('\n')).toEqual([
      'Date,Type,Description,Card,Amount,Balance',
      '2024-02-03,Top-up,February wire,,20.00,120.00',
    ]);

    const bad = await org.adminClient.get('/api/statements/export?month=2024-13');
    expect(bad.statusCode).toBe(422);
  });

  it('403 member; 401 signed out', async () => {
    const org = await setupOrg(ctx);
    expect((await org.memberClient.get('/api/statements/export')).statusCode).toBe(403);
    expect((await org.anonymous.get('/api/statements/export')).statusCode).toBe(401);
  });
});
