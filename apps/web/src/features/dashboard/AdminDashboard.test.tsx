import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import { SHORTFALL_TEXTS, type CardResource } from '@wallet/contract';
import type * as Recharts from 'recharts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { DashboardPage } from './DashboardPage';
import { dayRows, fakeApi, list, makeRequest, monthRows, ok, renderScreen, type Handler } from './test-utils';

configure({ asyncUtilTimeout: 8000 });

// The charts' SVG is slow to draw in jsdom and these tests read the figures, their labels and text alternatives, not
// the drawing (MemberDashboard and UserProfilePage tests draw real charts; the browser checks look at them).
vi.mock('recharts', async (importOriginal) => ({
  ...(await importOriginal<typeof Recharts>()),
  ResponsiveContainer: () => null,
}));

const admin = makeMe({ id: 1, first_name: 'Alex', name: 'Alex Morgan', roles: ['super-admin'] });
const LOAD = { timeout: 15_000 };

function card(overrides: Partial<CardResource>): CardResource {
  return {
    id: 7,
    name: 'Jordan Lee',
    brand: 'Visa',
    type: 'virtual',
    status: 'active',
    cancellation_reason: null,
    canceled_at: null,
    last4: '4242',
    exp_month: 4,
    exp_year: 2029,
    spending_limit: 50_000,
    issuing_holds_amount: 0,
    available_to_spend: 50_000,
    user_id: 4,
    user: { id: 4, name: 'Jordan Lee', email: 'member@demo.test', avatar_url: null },
    stripe_cardholder_id: 'ich_1',
    shipping: null,
    last_used_at: null,
    created_at: '2025-01-02T10:00:00.000Z',
    issuer_sync: { state: 'synced', error: null },
    nickname: null,
    purpose: null,
    merchant_lock: null,
    allocation_expires_on: null,
    low_balance_threshold: null,
    held_for_receipts: false,
    spending_controls: { spending_limits: [], allowed_categories: [], blocked_categories: [] },
    ...overrides,
  };
}

const flights = makeRequest({
  id: 2,
  amount: 120_000,
  user: { id: 4, name: 'Jordan Lee', email: 'member@demo.test', avatar_url: null },
});
const lunch = makeRequest({
  id: 7,
  amount: 6_000,
  user_id: 5,
  user: { id: 5, name: 'Sam Rivera', email: 'sam@demo.test', avatar_url: null },
});
const laptop = makeRequest({
  id: 9,
  amount: 250_000,
  user_id: 6,
  user: { id: 6, name: 'Priya Shah', email: 'priya@demo.test', avatar_url: null },
});
const zoom = makeRequest({
  id: 6,
  amount: 9_900,
  approved_path: 'approved',
  status: 'Approved',
  transferred: '2025-03-11T10:00:00.000Z',
});

/** The demo-like API; the pending list answers what is still pending, two at a time. */
function api(extra: Record<string, Handler> = {}) {
  const pending = [flights, lunch, laptop];
  const fake = fakeApi({
    'GET /api/dashboard/kpi': ok({
      data: { issuing_available: 1_063_100, last_30_spend: 222_879, assigned_out: 4_712_901 },
    }),
    'GET /api/balance': ok({ data: { available: 1_063_100 } }),
    'GET /api/wallet-balances/analytics': (call) =>
      ok({
        data: call.url.searchParams.has('filter[sum_over_days]')
          ? dayRows(Array(30).fill(1_063_100))
          : monthRows(Array(6).fill(900_000)),
      }),
    'GET /api/expenses/analytics': (call) =>
      ok({
        data: call.url.searchParams.has('filter[sum_over_days]')
          ? dayRows(Array(30).fill(7_000))
          : monthRows([150_000, 180_000, 220_000, 175_000, 140_000, 250_000]),
      }),
    'GET /api/purchase-requests': (call) =>
      call.url.searchParams.get('filter[pending]') === '1'
        ? ok(list(pending.slice(0, 2), pending.length))
        : ok(list([zoom], 4)),
    'PUT /api/purchase-requests/2/finance-approval': (call) => {
      pending.splice(pending.indexOf(flights), 1);
      const { status } = call.body as { status: 'approved' | 'rejected' };
      return ok({ data: { ...flights, approved_accounting: status } });
    },
    'PUT /api/purchase-requests/7/finance-approval': (call) => {
      pending.splice(pending.indexOf(lunch), 1);
      const { status } = call.body as { status: 'approved' | 'rejected' };
      return ok({ data: { ...lunch, approved_accounting: status } });
    },
    'GET /api/cards': ok(
      list([
        // Spent in 30 days as the server sums it: more than 1,000 purchases' worth is one figure like any other.
        card({ id: 2, last4: '4603', spent_last_30_days: 1_240_068 }),
        card({
          id: 3,
          last4: '3798',
          last_used_at: '2025-01-12T10:00:00.000Z',
          user_id: 5,
          user: { id: 5, name: 'Sam Rivera', email: 'sam@demo.test', avatar_url: null },
          spent_last_30_days: 0,
        }),
      ]),
    ),
    ...extra,
  });
  return fake;
}

function renderDashboard() {
  return renderScreen(<DashboardPage />, { me: admin, path: '/dashboard' });
}

async function kpi(title: string) {
  return within(await screen.findByLabelText(title, { selector: 'section' }, LOAD));
}

/** A dropdown menu entry (cheaper than a role query with a name under antd in jsdom). */
async function menuItem(label: string) {
  return screen.findByText(label, {
    selector:
      '.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-title-content, .ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-title-content *',
  });
}

const button = (text: string, container: HTMLElement = document.body) =>
  within(container).getByText(text, { selector: 'button, button *' }).closest('button')!;
const findButton = async (text: string) =>
  (await screen.findByText(text, { selector: 'button, button *' })).closest('button')!;
const row = (label: string) => screen.findByLabelText(label, { selector: 'li' }, LOAD);

describe('admin dashboard', { timeout: 60_000 }, () => {
  let user: UserEvent;
  beforeEach(() => {
    user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  });

  it('warns of a shortfall (a reversed top-up left the funds below zero) with the amount, linking to Add Funds', async () => {
    api({
      'GET /api/dashboard/kpi': ok({ data: { issuing_available: -8_300, last_30_spend: 0, assigned_out: 18_300 } }),
    });
    renderDashboard();
    const title = await screen.findByText(SHORTFALL_TEXTS.title(8_300), undefined, LOAD);
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByText(SHORTFALL_TEXTS.description)).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: SHORTFALL_TEXTS.action })).toHaveAttribute(
      'href',
      '/account-settings?tab=accountFunding&action=addFunds',
    );
  });

  it('greets the admin and shows the KPI figures in dollars', async () => {
    api();
    renderDashboard();
    expect(await screen.findByText(/^Good (Morning|Afternoon|Evening), Alex$/, { selector: 'h1' })).toBeInTheDocument();
    expect(await (await kpi('Total Available Balance')).findByText('$10,631.00')).toBeInTheDocument();
    expect((await kpi('Last 30 Spend')).getByText('$2,228.79')).toBeInTheDocument();
    expect((await kpi('Total Assigned Out')).getByText('$47,129.01')).toBeInTheDocument();
    // 4,712,901 / (4,712,901 + 1,063,100) of the funds are on cards.
    expect((await kpi('Total Assigned Out')).getByText('82% of all funds are on cards')).toBeInTheDocument();
    expect(screen.queryByText(/^Your funds are .* short$/)).not.toBeInTheDocument();
  });

  it('charts 6 months by default and switches the Fund Overview query with the range menu', async () => {
    const fake = api();
    renderDashboard();
    expect(
      await screen.findByLabelText('Available balance and spending, 6 months', { selector: 'figure' }, LOAD),
    ).toBeInTheDocument();
    expect(
      fake
        .urls('/api/wallet-balances/analytics')
        .some((url) => url.searchParams.get('filter[sum_over_months]') === '6'),
    ).toBe(true);

    await user.click(screen.getByLabelText('Fund Overview range: 6 Months'));
    await user.click(await menuItem('1 Month'));
    expect(
      await screen.findByLabelText('Available balance and spending, 1 month', { selector: 'figure' }, LOAD),
    ).toBeInTheDocument();
    for (const path of ['/api/wallet-balances/analytics', '/api/expenses/analytics']) {
      expect(fake.urls(path).some((url) => url.searchParams.get('filter[sum_over_days]') === '30')).toBe(true);
    }

    await user.click(screen.getByLabelText('Fund Overview range: 1 Month'));
    await user.click(await menuItem('1 Year'));
    await screen.findByLabelText('Available balance and spending, 1 year', { selector: 'figure' }, LOAD);
    const last = fake.urls('/api/wallet-balances/analytics').at(-1)!;
    expect(last.searchParams.get('filter[sum_over_months]')).toBe('12');
    expect(last.searchParams.has('filter[sum_over_days]')).toBe(false);
  });

  it('offers the four Quick Actions with their product targets', async () => {
    api();
    renderDashboard();
    await user.click(await findButton('Quick Actions'));
    const targets = {
      'Add New User': '/teams?tab=users&action=addUser',
      'Add Funds': '/account-settings?tab=accountFunding&action=addFunds',
      'Add New Card': '/cards?action=addCard',
      'View Statements': '/account-settings?tab=accountFunding&action=viewStatements',
    };
    for (const [label, href] of Object.entries(targets)) {
      expect((await menuItem(label)).closest('a')).toHaveAttribute('href', href);
    }
    await user.click(await menuItem('Add New Card'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cards?action=addCard'));
  });

  it('lists two pending requests; Force Approve confirms, sends the fixed note and the row leaves the list', async () => {
    const fake = api();
    renderDashboard();
    const pending = await screen.findByLabelText('Pending requests', { selector: 'ul' }, LOAD);
    expect(pending.querySelectorAll(':scope > li')).toHaveLength(2);
    expect(screen.getByText('Showing 2 of 3 pending requests')).toBeInTheDocument();
    const flightsRow = within(pending).getByLabelText('Jordan Lee, $1,200.00');
    expect(within(flightsRow).getByText('Pending')).toBeInTheDocument();

    await user.click(button('Force Approve', flightsRow));
    expect(fake.calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(await findButton('Yes, Approve'));

    await waitFor(() => expect(fake.urls('/api/purchase-requests/2/finance-approval', 'PUT')).toHaveLength(1));
    const put = fake.calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({
      approving: true,
      status: 'approved',
      notes: 'Force approved by admin from purchase request dashboard.',
    });
    expect(await screen.findByText('Approval Saved Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Jordan Lee, $1,200.00')).not.toBeInTheDocument());
    // The next pending request moves up.
    expect(await row('Priya Shah, $2,500.00')).toBeInTheDocument();
  });

  it('Force Reject sends status rejected with its note', async () => {
    const fake = api();
    renderDashboard();
    await user.click(button('Force Reject', await row('Sam Rivera, $60.00')));
    await user.click(await findButton('Yes, Reject'));
    await waitFor(() => expect(fake.urls('/api/purchase-requests/7/finance-approval', 'PUT')).toHaveLength(1));
    expect(fake.calls.find((call) => call.method === 'PUT')!.body).toEqual({
      approving: true,
      status: 'rejected',
      notes: 'Force rejected by admin from purchase request dashboard.',
    });
    await waitFor(() => expect(screen.queryByLabelText('Sam Rivera, $60.00')).not.toBeInTheDocument());
  });

  it('shows a refused force decision through the notifier and keeps the row', async () => {
    api({
      'PUT /api/purchase-requests/2/finance-approval': {
        status: 403,
        body: { message: 'Admins may not decide their own purchase requests.' },
      },
    });
    renderDashboard();
    await user.click(button('Force Approve', await row('Jordan Lee, $1,200.00')));
    await user.click(await findButton('Yes, Approve'));
    expect(await screen.findByText("You're not authorized to complete that action")).toBeInTheDocument();
    expect(screen.getByText('Admins may not decide their own purchase requests.')).toBeInTheDocument();
    expect(screen.queryByText('Approval Saved Successfully')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Jordan Lee, $1,200.00')).toBeInTheDocument();
  });

  it('has the Approved Request tab and See All Request', async () => {
    api();
    renderDashboard();
    expect(await screen.findByText('See All Request', { selector: 'a' }, LOAD)).toHaveAttribute(
      'href',
      '/requests?tab=allRequest',
    );
    await user.click(screen.getByText('Approved Request', { selector: '[role="tab"], [role="tab"] *' }));
    const approved = await screen.findByLabelText('Approved requests', { selector: 'ul' });
    expect(within(approved).getByText('Approved')).toBeInTheDocument();
    expect(within(approved).getByText('$99.00')).toBeInTheDocument();
    expect(within(approved).queryByText(/Force/)).not.toBeInTheDocument();
  });

  it('lists recently used cards: holder linking to /users/{id}, masked number, 30 days of spend from the list', async () => {
    const fake = api();
    renderDashboard();
    const jordansCard = await screen.findByLabelText('Card ending in 4603', { selector: 'a' }, LOAD);
    expect(jordansCard).toHaveTextContent('•••• 4603');
    const jordansRow = jordansCard.closest('tr')!;
    expect(within(jordansRow).getByText('Jordan Lee', { selector: 'a' })).toHaveAttribute('href', '/users/4');
    expect(await within(jordansRow).findByText('$12,400.68')).toBeInTheDocument();
    const samsRow = screen.getByLabelText('Card ending in 3798', { selector: 'a' }).closest('tr')!;
    expect(within(samsRow).getByText('Sam Rivera', { selector: 'a' })).toHaveAttribute('href', '/users/5');
    // Used, but not in the last 30 days: it says when it was.
    expect(await within(samsRow).findByText('$0.00')).toBeInTheDocument();
    expect(within(samsRow).getByText('Last used Jan 12, 2025')).toBeInTheDocument();
    expect(screen.getByText('See All Cards', { selector: 'a' })).toHaveAttribute('href', '/cards');
    const cards = fake.urls('/api/cards')[0]!;
    expect(cards.searchParams.get('filter[recently_used]')).toBe('true');
    expect(cards.searchParams.get('page[size]')).toBe('5');
    // The spend comes with the list: no call per card.
    expect(cards.searchParams.get('append')).toBe('spent_last_30_days');
    expect(fake.calls.filter((call) => /^\/api\/cards\/\d+\/expenses$/.test(call.url.pathname))).toEqual([]);
  });
});
