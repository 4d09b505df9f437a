import { screen, within } from '@testing-library/react';
import { MESSAGES, SIGN_UP_TEXTS } from '@wallet/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { signedOut } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const options = (configured: boolean) => ({
  'GET /api/auth/sign-in-options': { status: 200, body: { data: { google: { configured } } } },
});

describe('/sign-up', () => {
  it("is reached from /login's 'Don't have an account?' and says how to join: Google sign-in to request access, or an invitation", async () => {
    installFakeApi({ ...signedOut, ...options(true) });
    renderApp('/sign-up');
    expect(await screen.findByRole('heading', { level: 1, name: SIGN_UP_TEXTS.heading })).toBeVisible();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/sign-up');
    expect(await screen.findByRole('link', { name: /Sign in with Google/ })).toHaveAttribute(
      'href',
      '/oauth/google/redirect',
    );
    expect(screen.getByText(SIGN_UP_TEXTS.google)).toBeVisible();
    expect(screen.getByText(SIGN_UP_TEXTS.invitation)).toBeVisible();
    expect(screen.getByRole('link', { name: SIGN_UP_TEXTS.backToSignIn })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('heading', { name: MESSAGES.signInHeading })).not.toBeInTheDocument();
  });

  it('without Google sign-in configured, offers only the invitation', async () => {
    installFakeApi({ ...signedOut, ...options(false) });
    renderApp('/sign-up');
    expect(await screen.findByRole('heading', { level: 1, name: SIGN_UP_TEXTS.heading })).toBeVisible();
    expect(await screen.findByText(SIGN_UP_TEXTS.invitation)).toBeVisible();
    expect(screen.queryByText(SIGN_UP_TEXTS.google)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign in with Google/ })).not.toBeInTheDocument();
  });
});

describe('the public header on a phone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says Sign In (not Login) and links to the giving product', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }));
    installFakeApi({
      ...signedOut,
      ...options(true),
      'GET /api/sso/config': {
        status: 200,
        body: { data: { product_name: 'Acme', url: 'https://giving.example.test', sso_enabled: true } },
      },
    });
    renderApp('/sign-up');
    const header = await screen.findByRole('navigation', { name: 'Site' });
    expect(within(header).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(header).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(await within(header).findByRole('link', { name: /Giving/ })).toHaveAttribute(
      'href',
      'https://giving.example.test',
    );
  });
});
