import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { installReportsApi } from './test-api';

const admin = makeMe({ id: 1, name: 'Alex Morgan', roles: ['super-admin'] });

// antd renders slowly in jsdom; role queries skip the slow visibility check.
configure({ asyncUtilTimeout: 5000, defaultHidden: true });
const LOAD = { timeout: 15_000 };

beforeAll(async () => {
  await Promise.all([
    import('./ReportsAndInsightsPage'),
    import('./all-spending/AllSpendingTab'),
    import('./breakdowns/FundingTab'),
    import('./breakdowns/RankedBreakdownTab'),
  ]);
}, 120_000);

const activeTab = () => document.querySelector('.ant-tabs-tab-active')?.textContent;
const box = async (title: string) =>
  (await screen.findByText(title, { selector: 'h3' }, LOAD)).closest<HTMLElement>('.ant-card')!;

describe('/reports-and-insights', { timeout: 120_000 }, () => {
  it('opens on All Spending with the Summary, the chart totals, real insights and the four top-5 boxes', async () => {
    const api = installReportsApi(admin);
    renderApp('/reports-and-insights');
    expect(await screen.findByText('Summary', { selector: 'h2' }, LOAD)).toBeInTheDocument();
    expect(activeTab()).toBe('All Spending');

    // Summary: spending, funding, net and the number of transactions (dollars with 2 decimals).
    expect(await screen.findAllByText('$14,590.12')).not.toHaveLength(0);
    expect(screen.getAllByText('$85,000.00').length).toBeGreaterThan(0);
    // What the count counts: the summary's range, not the All Transactions table's.
    expect(screen.getByText('Transactions in this range')).toBeInTheDocument();
    // The range's days read as every date does (lib/dates.ts), not as the query's YYYY-MM-DD.
    const day = '[A-Z][a-z]{2} \\d{1,2}, \\d{4}';
    expect(screen.getByText(new RegExp(`^In the last 180 days \\(${day} to ${day}\\)\\.$`))).toBeInTheDocument();
    expect(screen.getByText('$70,409.88')).toBeInTheDocument();
    const chart = screen.getByText('Funding and Spending, Last 6 Months').closest<HTMLElement>('.ant-card')!;
    expect(within(chart).getByText('Total Funding')).toBeInTheDocument();
    expect(within(chart).getByText('Total Spending')).toBeInTheDocument();
    expect(await within(chart).findByText('$15,053.40')).toBeInTheDocument();

    // The four boxes, filled from their own top-five filters.
    const spender = await box('Top 5 Spender');
    expect(await within(spender).findByText('Jordan Lee')).toBeInTheDocument();
    expect(within(spender).getByText('$10,016.35')).toBeInTheDocument();
    expect(within(spender).getByText('Sam Rivera')).toBeInTheDocument();
    const balances = await box('Top 5 Card Balances');
    expect((await within(balances).findByText('Travel card •••• 3531')).closest('a')).toHaveAttribute(
      'href',
      '/cards/7',
    );
    expect(within(balances).getByText('$16,845.98')).toBeInTheDocument();
    const categories = await box('Top 5 Categories');
    expect(await within(categories).findByText('Travel')).toBeInTheDocument();
    expect(within(categories).getByText('Uncategorized')).toBeInTheDocument();
    expect(within(categories).getByText('$123.45')).toBeInTheDocument();
    const teams = await box('Top 5 Team Spending');
    expect(await within(teams).findByText('Engineering')).toBeInTheDocument();

    // Stats & Insights is computed: May against April from the monthly series, the biggest category.
    const insights = await screen.findByRole('list', { name: 'Stats & Insights' });
    expect(within(insights).getByText('+6.1%')).toBeInTheDocument();
    expect(within(insights).getByText('May $2,857.77 vs April $2,694.21')).toBeInTheDocument();
    expect(within(insights).getAllByText('Travel').length).toBeGreaterThan(0);

    const tops = api.to('/api/expenses/analytics').map((call) => decodeURIComponent(call.url.search));
    for (const filter of ['top_five_spender', 'top_five_card_balances', 'top_five_categories', 'top_five_teams']) {
      expect(tops.some((search) => search.includes(`filter[${filter}]=1`))).toBe(true);
    }
    expect(tops.find((search) => search.includes('top_five_spender'))).toMatch(
      /filter\[between\]=\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2}/,
    );
    expect(api.calls.every((call) => call.credentials === 'include' || call.url.pathname === '/api/me')).toBe(true);
  });

  it('opens the tab named by ?tab and keeps ?tab in step when another is chosen', async () => {
    installReportsApi(admin);
    renderApp('/reports-and-insights?tab=funding');
    expect(await screen.findByText('By Month', { selector: 'h3' }, LOAD)).toBeInTheDocument();
    expect(activeTab()).toBe('Funding');
    // The table: the month's top-ups, allocations, net change and what is left unallocated.
    const june = (await screen.findByText('June 2025')).closest('tr')!;
    expect(within(june).getByText('$85,000.00')).toBeInTheDocument();
    expect(within(june).getByText('$74,369.00')).toBeInTheDocument();
    expect(within(june).getAllByText('$10,631.00')).toHaveLength(2);

    fireEvent.click(screen.getByText('Teams', { selector: '.ant-tabs-tab-btn' }));
    expect(await screen.findByText('Spending by Team', {}, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(activeTab()).toBe('Teams'));
  });

  it.each([
    ['users', 'Spending by Cardholder', 'Jordan Lee', 'top_five_spender', '20'],
    ['categories', 'Spending by Category', 'Uncategorized', 'top_five_categories', '20'],
    ['teams', 'Spending by Team', 'Engineering', 'top_five_teams', '20'],
  ])(
    '?tab=%s is a real breakdown: "%s" with a table of the rows and their share',
    async (tab, title, label, filter, limit) => {
      const api = installReportsApi(admin);
      renderApp(`/reports-and-insights?tab=${tab}`);
      expect(await screen.findByText(title, {}, LOAD)).toBeInTheDocument();
      const row = (await screen.findByText(label, { selector: 'td, td *' })).closest('tr')!;
      expect(row).toBeInTheDocument();
      const call = api.to('/api/expenses/analytics').find((each) => each.url.searchParams.has(`filter[${filter}]`));
      expect(call?.url.searchParams.get('filter[limit]')).toBe(limit);
      expect(call?.url.searchParams.get('filter[between]')).toMatch(/^\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2}$/);
    },
  );

  it('falls back to All Spending for an unknown tab', async () => {
    installReportsApi(admin);
    renderApp('/reports-and-insights?tab=nope');
    expect(await screen.findByText('Summary', { selector: 'h2' }, LOAD)).toBeInTheDocument();
    expect(activeTab()).toBe('All Spending');
  });
});
