import type { Locator, Page } from 'playwright-core';
import { api } from './api.js';
import { AssertionError, expectHidden, expectVisible } from './harness.js';
import { animationsDone } from './animations.js';

/**
 * Every route of PRODUCT.md §2 as a screen to open (admin, member, signed out), the two widths they are checked at,
 * and how to tell one has loaded: shared by the axe tests (tests/accessibility.ts) and the screenshot tool
 * (screenshots.ts).
 */

export const WIDTHS = [
  { label: '1280 px', width: 1280, height: 800 },
  { label: '375 px', width: 375, height: 812 },
] as const;

/** One screen to check: a path and what shows once it has loaded (besides no spinner or skeleton left). */
export interface Screen {
  path: string;
  ready?: (page: Page) => Locator;
}

export const h1 = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });
export const text = (value: string | RegExp) => (page: Page) => page.getByText(value).first();
const selectedTab = (label: string) => (page: Page) =>
  page.getByRole('tab', { name: label, exact: true, selected: true });
export const GREETING = /^Good (Morning|Afternoon|Evening), /;

/** Spinners, skeletons and lazy panels still loading. */
const LOADING = '.page-spinner, .ant-skeleton-active, .ant-spin-spinning, [aria-busy="true"]';

/** Goes to `path` inside the running app (the router follows history), so the app and axe stay loaded. */
export async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Waits until the screen has loaded: its sign shows, nothing is loading and antd's fade-ins are over. */
export async function settle(page: Page, screen: Screen): Promise<void> {
  if (screen.ready) await expectVisible(screen.ready(page));
  await expectHidden(page.locator(LOADING));
  await animationsDone(page);
}

export const PUBLIC_SCREENS: Screen[] = [
  { path: '/login', ready: h1('Sign In to Continue') },
  { path: '/forgot-password', ready: text('Reset My Password') },
  { path: '/reset-password?email=someone%40demo.test&token=not-a-real-token', ready: h1(/./) },
  { path: '/register?token=not-a-real-token&email=someone%40demo.test', ready: h1(/./) },
  { path: '/sign-up', ready: h1(/./) },
  { path: '/registration-requested', ready: text(/./) },
  {
    path: '/registration-approval-status?status=approve&responder_email=admin%40demo.test&responder_name=Alex%20Morgan&responded_on=2025-03-04',
    ready: text(/Alex Morgan/),
  },
  {
    path: '/registration-approval-status?status=already_blocked&responder_email=admin%40demo.test&responder_name=Alex%20Morgan&responded_on=2025-03-04',
    ready: text(/Alex Morgan/),
  },
  { path: '/access-pending', ready: text(/approv/i) },
  { path: '/organization/not-found', ready: text(/organisation/i) },
  { path: '/purchase-requests/approvals/done?approval=1&status=approved', ready: text(/approved/i) },
  { path: '/purchase-requests/approvals/done?approval=1&status=used', ready: text(/already/i) },
  { path: '/purchase-requests/approvals/error?status=funding', ready: text(/funds/i) },
  { path: '/purchase-requests/approvals/error?status=not-found', ready: text(/deleted/i) },
  { path: '/purchase-request/approvals/expired' },
  { path: '/email-change?status=changed', ready: text(/email/i) },
  { path: '/sso/refused', ready: text(/sign-in link/i) },
];

const withTabs = (path: string, tabs: Record<string, string>): Screen[] =>
  Object.entries(tabs).map(([key, label]) => ({ path: `${path}?tab=${key}`, ready: selectedTab(label) }));

const REQUEST_TABS = {
  pending: 'Pending Request',
  myRequest: 'My Request',
  myRecurringRequest: 'My Recurring Request',
};
const SETTINGS_TABS = {
  profile: 'Personal Information',
  security: 'Password & Security',
  notifications: 'Notifications',
};

export async function adminScreens(page: Page): Promise<Screen[]> {
  const first = async <T>(path: string) => {
    const { data } = await api<{ data: T[] }>(page, 'GET', path);
    if (!data[0]) throw new AssertionError(`GET ${path} listed nothing`);
    return data[0];
  };
  const [team, card, user] = await Promise.all([
    first<{ id: number; name: string }>('/api/teams?page[size]=1'),
    first<{ id: number }>('/api/cards?page[size]=1'),
    first<{ id: number; name: string }>('/api/users?page[size]=1'),
  ]);
  return [
    { path: '/dashboard', ready: text(GREETING) },
    ...withTabs('/requests', {
      ...REQUEST_TABS,
      allRequest: 'All Request',
      allRecurringRequest: 'All Recurring Request',
    }),
    ...withTabs('/teams', { teams: 'Teams', users: 'All Users' }),
    { path: `/teams/${team.id}`, ready: h1(new RegExp(team.name)) },
    { path: '/cards', ready: h1(/^Cards/) },
    { path: `/cards/${card.id}`, ready: h1('Card Details') },
    { path: '/my-cards', ready: h1(/^Total Cards/) },
    ...withTabs('/account-settings', {
      ...SETTINGS_TABS,
      accountFunding: 'Account Funding',
      billing: 'Billing & Plan',
      cardSettings: 'Card Settings',
      organization: 'Organization',
      auditLog: 'Audit Log',
    }),
    ...withTabs('/reports-and-insights', {
      allSpending: 'All Spending',
      funding: 'Funding',
      users: 'Users',
      categories: 'Categories',
      teams: 'Teams',
    }),
    { path: `/users/${user.id}`, ready: h1(user.name) },
    { path: '/help-and-support', ready: h1('Help & Support') },
    { path: '/notifications', ready: h1('Notifications') },
    { path: '/no-such-page', ready: text('ERROR CODE 404 NOT FOUND') },
  ];
}

export async function memberScreens(page: Page): Promise<Screen[]> {
  const me = await api<{ data: { id: number } }>(page, 'GET', '/api/me');
  const { data: cards } = await api<{ data: Array<{ id: number }> }>(
    page,
    'GET',
    `/api/users/${me.data.id}/cards?page[size]=1`,
  );
  return [
    { path: '/dashboard', ready: text(GREETING) },
    ...withTabs('/requests', REQUEST_TABS),
    { path: '/my-cards', ready: h1(/^Total Cards/) },
    ...(cards[0] ? [{ path: `/cards/${cards[0].id}`, ready: h1('Card Details') }] : []),
    ...withTabs('/account-settings', SETTINGS_TABS),
    { path: '/notifications', ready: h1('Notifications') },
  ];
}
