import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APP_VERSION_LABEL, GIVING_PRODUCT_NAME, MESSAGES } from '@wallet/contract';
import { describe, expect, it, vi } from 'vitest';
import { csrfCookieRoute, installFakeApi } from '../test/fake-api';
import { makeMe, signedIn, signedOut } from '../test/fixtures';
import { renderApp } from '../test/render-app';

const admin = makeMe({ first_name: 'Alan', name: 'Alan Turing', roles: ['wallet-admin'] });
const member = makeMe({ first_name: 'Mia', name: 'Mia Member', roles: ['wallet-user'] });

async function sidebarLinks(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('signed-in layout', () => {
  it('shows admins the admin entries and no My Cards', async () => {
    installFakeApi(signedIn(admin));
    renderApp('/dashboard');
    expect(await sidebarLinks()).toEqual([
      'Dashboard',
      'Request',
      'Teams',
      'Cards',
      'Receipts',
      'Reports & Insights',
      'Account Settings',
    ]);
    expect(screen.getByText(admin.organization.name, { selector: '.ant-layout-sider *' })).toBeVisible();
    expect(screen.getByText(APP_VERSION_LABEL)).toBeVisible();
  });

  it('shows wallet users My Cards and no admin entries', async () => {
    installFakeApi(signedIn(member));
    renderApp('/dashboard');
    expect(await sidebarLinks()).toEqual(['Dashboard', 'Request', 'My Cards', 'Receipts', 'Account Settings']);
  });

  it("shows the organisation's name whole in the sidebar, however long (wrapped, not cut with '...')", async () => {
    const name = 'The Greater Cheyenne Community Foundation for Arts, Education and Wildlife';
    installFakeApi(signedIn({ ...admin, organization: { ...admin.organization, name } }));
    renderApp('/dashboard');
    await sidebarLinks();
    const shown = screen.getByText(name, { selector: '.ant-layout-sider *' });
    expect(shown).toBeVisible();
    expect(shown.closest('.ant-typography')?.className).not.toMatch(/ellipsis/);
    expect(getComputedStyle(shown).whiteSpace).not.toBe('nowrap');
  });

  it('names the user menu button by the text it shows (WCAG 2.5.3 label in name): who is signed in and their role', async () => {
    installFakeApi(signedIn(admin));
    renderApp('/dashboard');
    const trigger = await screen.findByRole('button', { name: /^User menu for Alan Turing,\s*Admin$/ });
    // The name comes from the content (no aria-label that would leave the visible text out of it).
    expect(trigger).not.toHaveAttribute('aria-label');
    expect(within(trigger).getByText('Alan Turing')).toBeVisible();
    expect(within(trigger).getByText('Admin')).toBeVisible();
  });

  it('gives a member the not-found page at /teams', async () => {
    installFakeApi(signedIn(member));
    renderApp('/teams');
    expect(await screen.findByText(MESSAGES.notFoundPage)).toBeVisible();
    expect(screen.getByText(MESSAGES.notFoundCode)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('gives an admin the Teams page at /teams', async () => {
    installFakeApi(signedIn(admin));
    renderApp('/teams');
    expect(await screen.findByRole('heading', { name: 'Teams' })).toBeVisible();
    expect(screen.queryByText(MESSAGES.notFoundPage)).not.toBeInTheDocument();
  });

  it('shows the not-found page for an unknown path', async () => {
    installFakeApi(signedIn(admin));
    renderApp('/no-such-page');
    expect(await screen.findByText(MESSAGES.notFoundPage)).toBeVisible();
  });

  it('sends a signed-out visitor to /login', async () => {
    installFakeApi(signedOut);
    renderApp('/requests');
    expect(await screen.findByRole('heading', { name: MESSAGES.signInHeading })).toBeVisible();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/login');
  });

  it('opens the user menu from the keyboard with its four actions', async () => {
    installFakeApi(signedIn(admin));
    renderApp('/dashboard');
    const user = userEvent.setup();
    const trigger = await screen.findByRole('button', { name: /^User menu for Alan Turing/ });
    trigger.focus();
    await user.keyboard('{Enter}');
    const profile = await screen.findByRole('menuitem', { name: /Profile/ });
    const menu = profile.closest<HTMLElement>('[role="menu"]')!;
    const labels = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(labels).toEqual(['Profile', 'Help & Support', `SSO To ${GIVING_PRODUCT_NAME} Giving`, 'Logout']);

    await user.click(profile);
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeVisible();
  });

  it('shows a failed SSO through the normal notifications', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeApi({
      ...signedIn(admin),
      ...csrfCookieRoute,
      'POST /api/outbound-sso': { status: 500, body: { message: 'Giving is unreachable.' } },
    });
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^User menu for Alan Turing/ }));
    await user.click(await screen.findByText(`SSO To ${GIVING_PRODUCT_NAME} Giving`));
    expect(await screen.findByText(MESSAGES.genericError)).toBeVisible();
    expect(screen.getByText('Giving is unreachable.')).toBeVisible();
  });
});

describe('/logout', () => {
  it('shows Logging Out..., signs out and lands on /login', async () => {
    let signedInNow = true;
    const api = installFakeApi({
      ...csrfCookieRoute,
      'GET /api/me': () => (signedInNow ? signedIn(member)['GET /api/me'] : signedOut['GET /api/me']),
      'POST /logout': () => {
        signedInNow = false;
        return { status: 204 };
      },
    });
    renderApp('/logout');
    // The page is loaded lazily: its text comes with it.
    expect(await screen.findByText(MESSAGES.loggingOut)).toBeVisible();
    expect(await screen.findByRole('heading', { name: MESSAGES.signInHeading })).toBeVisible();
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST' && call.path === '/logout')).toBe(true));
  });
});

describe('/auth-check/pass-through', () => {
  it('shows Taking you there... and goes on to the dashboard when signed in', async () => {
    installFakeApi(signedIn(member));
    renderApp('/auth-check/pass-through');
    expect(await screen.findByText(MESSAGES.takingYouThere)).toBeVisible();
    expect(await screen.findByRole('heading', { name: /, Mia$/ })).toBeVisible();
  });

  it('goes to /login when signed out', async () => {
    installFakeApi(signedOut);
    renderApp('/auth-check/pass-through');
    expect(await screen.findByRole('heading', { name: MESSAGES.signInHeading })).toBeVisible();
  });
});

describe('unknown organisation', () => {
  it('shows /organization/not-found when the API does not know the organisation', async () => {
    installFakeApi({ 'GET /api/me': { status: 404, body: { message: MESSAGES.organisationNotFound } } });
    renderApp('/dashboard');
    expect(await screen.findByText(MESSAGES.organisationNotFound)).toBeVisible();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/organization/not-found');
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });
});
