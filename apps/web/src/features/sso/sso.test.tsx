import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SSO_MESSAGES } from '@wallet/contract';
import { describe, expect, it, vi } from 'vitest';
import { csrfCookieRoute, installFakeApi } from '../../test/fake-api';
import { makeMe, signedIn, signedOut } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { renderWithProviders } from '../../test/render-ui';
import { GivingLink } from './GivingLink';

// antd renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

const member = makeMe({ name: 'Mia Member', roles: ['wallet-user'] });
const configured = { status: 200, body: { data: { product_name: 'Acme', url: 'https://giving.example.org', sso_enabled: true } } };
const notConfigured = { status: 200, body: { data: { product_name: 'Acme', url: null, sso_enabled: false } } };

async function openUserMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'User menu for Mia Member' }));
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
    expect(await screen.findByRole('link', { name: 'Back to Acme Giving' })).toHaveAttribute('href', 'https://giving.example.org');
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

describe('the public header link to the giving product', () => {
  it('goes to GIVING_URL, and is not there when it is not set', async () => {
    installFakeApi({ 'GET /api/sso/config': configured });
    const { unmount } = renderWithProviders(<GivingLink />);
    expect(await screen.findByRole('link', { name: 'Acme Giving' })).toHaveAttribute('href', 'https://giving.example.org');
    unmount();
    const api = installFakeApi({ 'GET /api/sso/config': notConfigured });
    renderWithProviders(<GivingLink />);
    await screen.findByText((_, element) => element === document.body);
    await expect.poll(() => api.calls.length).toBe(1);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
