import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { periodTickFormatter } from '../../lib/chart-format';
import { makeMe } from '../../test/fixtures';
import { DashboardPage } from './DashboardPage';
import { fakeApi, list, makeRequest, monthRows, ok, renderScreen } from './test-utils';

configure({ asyncUtilTimeout: 8000 });

const member = makeMe({ id: 4, first_name: 'Jordan', name: 'Jordan Lee', roles: ['wallet-user'] });
const LOAD = { timeout: 15_000 };

function api() {
  return fakeApi({
    'GET /api/users/4/cards/analytics': ok({
      data: {
        cards_count: 2,
        cards_sum_spending_limit: 3_166_917,
        issuing_authorization_holds_sum_amount: 38_134,
        available_to_spend: 3_128_783,
      },
    }),
    'GET /api/users/4/expenses/analytics': (call) =>
      call.url.searchParams.has('filter[group_single]')
        ? ok({ data: [{ date: null, amount: 1_642_983 }] })
        : ok({ data: monthRows([175_578, 252_729, 124_720, 67_139, 227_073, 154_396]) }),
    'GET /api/users/4/journal-entries/analytics': ok({ data: monthRows([0, 0, 100_000, 0, 0, 4_809_900]) }),
    'GET /api/users/4/purchase-requests/analytics': (call) =>
      call.url.searchParams.has('filter[group_single]')
        ? ok({ data: [{ date: null, amount: 9_900 }] })
        : ok({ data: monthRows([0, 0, 0, 0, 0, 9_900]) }),
    'GET /api/users/4/purchase-requests': ok(
      list([
        makeRequest({
          id: 6,
          amount: 9_900,
          notes: 'Zoom subscription',
          approved_path: 'approved',
          transferred: '2025-03-11T10:00:00.000Z',
          card: { id: 1, brand: 'Visa', exp_month: 11, exp_year: 2029, last4: '1666', status: 'active' },
          team: { id: 1, name: 'Engineering', color: '#1677FF' },
        }),
      ]),
    ),
  });
}

const section = (name: string) => screen.findByLabelText(name, { selector: 'section' }, LOAD);
const figure = (name: string) => screen.findByLabelText(name, { selector: 'figure' }, LOAD);

describe('member dashboard', { timeout: 60_000 }, () => {
  it('shows what the member can spend, their total spend and their approved requests', async () => {
    const fake = api();
    renderScreen(<DashboardPage />, { me: member, path: '/dashboard' });
    expect(await screen.findByTestId('available-to-spend', {}, LOAD)).toHaveTextContent('$31,287.83');
    expect(screen.getByText('across 2 cards')).toBeInTheDocument();
    const spent = await section('Total Amount Spent');
    expect(await within(spent).findByText('$16,429.83')).toBeInTheDocument();
    // The figure is all time; the six months below it add up to their own, labelled total.
    expect(within(spent).getByText('All time, net of refunds')).toBeInTheDocument();
    expect(await within(spent).findByText('Last 6 months')).toBeInTheDocument();
    expect(within(spent).getByText('$10,016.35')).toBeInTheDocument();
    // The approved-requests chart names its months.
    const approvedChart = await section('Total approved');
    const months = monthRows([0, 0, 0, 0, 0, 0]).map((row) => row.date);
    const tick = periodTickFormatter('month', months);
    for (const month of months) expect(within(approvedChart).getByText(tick(month))).toBeInTheDocument();
    expect(await screen.findByTestId('approved-total')).toHaveTextContent('$99.00');
    expect(screen.getByText('Zoom subscription')).toBeInTheDocument();
    expect(screen.getByText('See All', { selector: 'a' })).toHaveAttribute('href', '/requests?tab=myRequest');
    const approved = fake.urls('/api/users/4/purchase-requests')[0]!;
    expect(approved.searchParams.get('filter[approved]')).toBe('1');
    expect(approved.searchParams.get('sort')).toBe('-transferred');
    expect(
      fake
        .urls('/api/users/4/purchase-requests/analytics')
        .every((url) => url.searchParams.get('where_not_null') === 'transferred'),
    ).toBe(true);
    // No admin endpoints for a member.
    expect(fake.calls.some((call) => call.url.pathname === '/api/dashboard/kpi')).toBe(false);
  });

  it('switches the Available To Spend chart with the view selector', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const fake = api();
    renderScreen(<DashboardPage />, { me: member, path: '/dashboard' });
    const both = await figure('Card Balance & Expenses, last 6 months');
    expect(both).toHaveAccessibleDescription(/Card Balance: .*Expenses: /);

    const choose = async (label: string) => {
      await user.click(screen.getByLabelText('View'));
      await user.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
    };

    await choose('Expenses');
    const expenses = await figure('Expenses, last 6 months');
    expect(expenses).toHaveAccessibleDescription(/^Expenses: /);
    expect(expenses).not.toHaveAccessibleDescription(/Card Balance/);

    await choose('Avg Card Balance');
    const balance = await figure('Avg Card Balance, last 6 months');
    expect(balance).toHaveAccessibleDescription(/^Card Balance: .*\$48,099\.00/);
    expect(balance).not.toHaveAccessibleDescription(/Expenses/);
    await waitFor(() =>
      expect(
        fake
          .urls('/api/users/4/journal-entries/analytics')
          .some((url) => url.searchParams.get('filter[sum_over_months]') === '6'),
      ).toBe(true),
    );
  });
});
