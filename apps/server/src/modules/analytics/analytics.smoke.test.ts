import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { seedDemoOrganisation, DEMO_PASSWORD } from '../../seed/demo.js';

const ctx = useTestApp();

describe('analytics over the demo organisation', () => {
  it('answers each filter with {date, amount} rows, gap-filled, and top-five lists', async () => {
    await seedDemoOrganisation(ctx.deps);
    const admin = await ctx.client('localhost').signIn('admin@demo.test', DEMO_PASSWORD);
    const months = (await admin.get('/api/expenses/analytics?filter[sum_over_months]=6')).json();
    expect(months.data).toHaveLength(6);
    expect(
      months.data.every(
        (row: { date: string; amount: number }) => /^\d{4}-\d{2}-01$/.test(row.date) && Number.isInteger(row.amount),
      ),
    ).toBe(true);
    const days = (await admin.get('/api/expenses/analytics?filter[sum_over_days]=30')).json();
    expect(days.data).toHaveLength(30);
    for (const top of ['top_five_spender', 'top_five_card_balances', 'top_five_categories', 'top_five_teams']) {
      const rows = (await admin.get(`/api/expenses/analytics?filter[${top}]=1`)).json().data;
      expect(rows.length, top).toBeGreaterThan(0);
    }
    const balance = (await admin.get('/api/wallet-balances/analytics?filter[sum_over_months]=3')).json().data;
    expect(balance).toHaveLength(3);
    expect(balance[2].amount).toBe((await admin.get('/api/balance')).json().data.available);
    const single = (await admin.get('/api/topups/analytics?filter[group_single]=1')).json().data;
    // The demo's top-ups: $60,000 and $25,000 a year ago, then $15,000 a quarter (seed/demo-cards.ts).
    expect(single[0].amount).toBe(6_000_000 + 2_500_000 + 4 * 1_500_000);
    expect((await admin.get('/api/expenses/analytics?filter[nope]=1')).statusCode).toBe(400);
    expect((await admin.get('/api/expenses/analytics?filter[between]=2026-05-01,2026-04-01')).statusCode).toBe(422);
    const member = await ctx.client('localhost').signIn('member@demo.test', DEMO_PASSWORD);
    const me = (await member.get('/api/me')).json().data;
    expect(
      (await member.get(`/api/users/${me.id}/expenses/analytics?filter[sum_over_months]=12`)).json().data,
    ).toHaveLength(12);
    expect((await member.get('/api/expenses/analytics?filter[sum_over_months]=6')).statusCode).toBe(403);
    const transferred = (
      await member.get(
        `/api/users/${me.id}/purchase-requests/analytics?where_not_null=transferred&filter[group_single]=1`,
      )
    ).json().data;
    expect(transferred[0].amount).toBeGreaterThan(0);
  }, 60_000);
});
