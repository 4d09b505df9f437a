import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, SSO_MESSAGES, SSO_SIGN_IN_PATH, TWO_FACTOR_MESSAGES } from '@wallet/contract';
import { describe, expect, it, vi } from 'vitest';
import { csrfCookieRoute, installFakeApi, type FakeReply } from '../../test/fake-api';
import { makeMe, signedIn, signedOut } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { renderWithProviders } from '../../test/render-ui';
import { GivingLink } from './GivingLink';

// antd renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

const member = makeMe({ name: 'Mia Member', roles: ['wallet-user'] });
const configured = {
  status: 200,
  body: { data: { product_name: 'Acme', url: 'https://giving.example.org', sso_enabled: true } },
};
const notConfigured = { status: 200, body: { data: { product_name: 'Acme', url: null, sso_enabled: false } } };

async function openUserMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^User menu for Mia Member/ }));
  return user;
}

describe('SSO To {product} Giving', { timeout: 60_000 }, () => {
  it('names the configured product and signs in over there through POST /api/outbound-sso', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = installFakeApi({
      ...signedIn(member),
      ...csrfCookieRoute,
      'GET /api/sso/config': configured,
      'POST /api/outbound-sso': { status: 503, body: { message: SSO_MESSAGES.notConfigured } },
    });
    renderApp('/no-such-page');
    const user = await openUserMenu();
    await user.click(await screen.findByText('SSO To Acme Giving'));
    expect(await screen.findByText(SSO_MESSAGES.notConfigured)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/outbound-sso')?.body).toEqual({ app: 'giving' });
  });

  it('explains, without calling the server, when single sign-on is not set up', async () => {
    const api = installFakeApi({ ...signedIn(member), 'GET /api/sso/config': notConfigured });
    renderApp('/no-such-page');
    const user = await openUserMenu();
    await user.click(await screen.findByText('SSO To Acme Giving'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(SSO_MESSAGES.notConfigured)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(api.calls.some((call) => call.path === '/api/outbound-sso')).toBe(false);
  });
});

describe('/sso/refused', () => {
  it('says plainly that a used link was refused, with a way to sign in and back to the giving product', async () => {
    installFakeApi({ ...signedOut, 'GET /api/sso/config': configured });
    renderApp('/sso/refused?reason=used');
    expect(await screen.findByText(SSO_MESSAGES.refusedTitle)).toBeVisible();
    expect(screen.getByText(SSO_MESSAGES.refused.used)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/login');
    expect(await screen.findByRole('link', { name: 'Back to Acme Giving' })).toHaveAttribute(
      'href',
      'https://giving.example.org',
    );
  });

  it('explains an expired link, and treats an unknown reason as an invalid link', async () => {
    installFakeApi({ ...signedOut, 'GET /api/sso/config': notConfigured });
    const { unmount } = renderApp('/sso/refused?reason=expired');
    expect(await screen.findByText(SSO_MESSAGES.refused.expired)).toBeVisible();
    unmount();
    renderApp('/sso/refused?reason=whatever');
    expect(await screen.findByText(SSO_MESSAGES.refused.invalid)).toBeVisible();
    expect(screen.queryByRole('link', { name: /^Back to/ })).not.toBeInTheDocument();
  });
});

/** The confirmation page's API as the server answers it after GET /sso/login; `confirmed` is the POST's answer. */
function confirmationApi(confirmed: FakeReply, options: { signedInAs?: ReturnType<typeof makeMe> } = {}) {
  let signedInNow: ReturnType<typeof makeMe> | undefined = options.signedInAs;
  const api = installFakeApi({
    ...csrfCookieRoute,
    'GET /api/sso/config': configured,
    'GET /api/me': (): FakeReply => (signedInNow ? signedIn(signedInNow)['GET /api/me'] : signedOut['GET /api/me']),
    [`GET ${SSO_SIGN_IN_PATH}`]: { status: 200, body: { data: { name: 'Mia Member', email: 'mia@demo.test' } } },
    [`POST ${SSO_SIGN_IN_PATH}`]: () => {
      signedInNow =
        confirmed.status === 200 && !(confirmed.body as { two_factor: boolean }).two_factor ? member : undefined;
      return confirmed;
    },
    [`DELETE ${SSO_SIGN_IN_PATH}`]: { status: 204 },
  });
  return api;
}

describe('/sso/confirm', { timeout: 60_000 }, () => {
  it('asks "Continue as <name> (<email>)?" and signs in only on Continue, with the XSRF header, then opens the dashboard', async () => {
    const api = confirmationApi({ status: 200, body: { message: MESSAGES.loggedIn, two_factor: false } });
    renderApp('/sso/confirm');
    expect(await screen.findByText(SSO_MESSAGES.confirmQuestion('Mia Member', 'mia@demo.test'))).toBeVisible();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.setup().click(screen.getByRole('button', { name: SSO_MESSAGES.confirmContinue }));
    expect(await screen.findByRole('heading', { name: /, Ada$/ })).toBeVisible();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard');
    const post = api.calls.find((call) => call.method === 'POST' && call.path === SSO_SIGN_IN_PATH)!;
    expect(post.headers.get('X-XSRF-TOKEN')).toBe('token=value');
  });

  it('goes to the two-factor challenge when the server asks for the code, even from a signed-in browser', async () => {
    confirmationApi(
      { status: 200, body: { message: TWO_FACTOR_MESSAGES.codeNeeded, two_factor: true } },
      { signedInAs: makeMe({ first_name: 'Other' }) },
    );
    renderApp('/sso/confirm');
    await userEvent.setup().click(await screen.findByRole('button', { name: SSO_MESSAGES.confirmContinue }));
    expect(await screen.findByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/login/two-factor');
  });

  it('Cancel forgets the sign-in and goes to the sign-in page', async () => {
    const api = confirmationApi({ status: 500 });
    renderApp('/sso/confirm');
    await userEvent.setup().click(await screen.findByRole('button', { name: SSO_MESSAGES.confirmCancel }));
    await expect.poll(() => screen.getByTestId('current-path').textContent).toBe('/login');
    expect(api.calls.some((call) => call.method === 'DELETE' && call.path === SSO_SIGN_IN_PATH)).toBe(true);
    expect(api.calls.some((call) => call.method === 'POST' && call.path === SSO_SIGN_IN_PATH)).toBe(false);
  });

  it('says so when nothing is waiting (expired, finished, another browser)', async () => {
    installFakeApi({
      ...signedOut,
      'GET /api/sso/config': configured,
      [`GET ${SSO_SIGN_IN_PATH}`]: { status: 401, body: { message: SSO_MESSAGES.confirmExpired } },
    });
    renderApp('/sso/confirm');
    expect(await screen.findByText(SSO_MESSAGES.confirmExpired)).toBeVisible();
    expect(screen.queryByRole('button', { name: SSO_MESSAGES.confirmContinue })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/login');
  });
});

describe('the public header link to the giving product', () => {
  it('goes to GIVING_URL, and is not there when it is not set', async () => {
    installFakeApi({ 'GET /api/sso/config': configured });
    const { unmount } = renderWithProviders(<GivingLink />);
    expect(await screen.findByRole('link', { name: 'Acme Giving' })).toHaveAttribute(
      'href',
      'https://giving.example.org',
    );
    unmount();
    const api = installFakeApi({ 'GET /api/sso/config': notConfigured });
    renderWithProviders(<GivingLink />);
    await screen.findByText((_, element) => element === document.body);
    await expect.poll(() => api.calls.length).toBe(1);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
