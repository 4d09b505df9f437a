import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { csrfCookieRoute, installFakeApi, type FakeReply } from '../../test/fake-api';
import { makeMe, signedIn, signedOut } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/login', () => {
  it('shows the sign-in screen of PRODUCT.md §2', async () => {
    installFakeApi(signedOut);
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: MESSAGES.signInHeading })).toBeVisible();
    expect(screen.getByRole('link', { name: /Sign in with Google/ })).toHaveAttribute('href', '/oauth/google/redirect');
    expect(screen.getByRole('link', { name: MESSAGES.forgotPasswordLink })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: MESSAGES.noAccountLink })).toHaveAttribute('href', '/sign-up');
  });

  it('asks for an email and a password when both are empty', async () => {
    const api = installFakeApi(signedOut);
    renderApp('/login');
    await screen.findByRole('heading', { name: MESSAGES.signInHeading });
    await submit('', '');
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeVisible();
    expect(await screen.findByText(MESSAGES.passwordRequired)).toBeVisible();
    expect(api.calls.filter((call) => call.path === '/login')).toHaveLength(0);
  });

  it('rejects an email that is not valid', async () => {
    installFakeApi(signedOut);
    renderApp('/login');
    await screen.findByRole('heading', { name: MESSAGES.signInHeading });
    await submit('not-an-email', 'secret');
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeVisible();
    expect(screen.queryByText(MESSAGES.passwordRequired)).not.toBeInTheDocument();
  });

  it('says the credentials do not match when they are wrong, keeps the email and stays on /login', async () => {
    const api = installFakeApi({
      ...signedOut,
      ...csrfCookieRoute,
      'POST /login': {
        status: 422,
        body: { message: MESSAGES.badCredentials, errors: { email: [MESSAGES.badCredentials] } },
      },
    });
    renderApp('/login');
    await screen.findByRole('heading', { name: MESSAGES.signInHeading });
    await submit('ada@demo.test', 'wrong-password');

    await waitFor(() => expect(api.calls.some((call) => call.path === '/login')).toBe(true));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.badCredentials);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@demo.test');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByRole('heading', { name: MESSAGES.signInHeading })).toBeVisible();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/login');
  });

  it('fetches the CSRF cookie, signs in and lands on the dashboard', async () => {
    let signedInNow = false;
    const me = makeMe({ first_name: 'Grace' });
    const api = installFakeApi({
      ...csrfCookieRoute,
      'GET /api/me': (): FakeReply => (signedInNow ? signedIn(me)['GET /api/me'] : signedOut['GET /api/me']),
      'POST /login': () => {
        signedInNow = true;
        return { status: 200, body: { message: MESSAGES.loggedIn, two_factor: false } };
      },
    });
    renderApp('/login');
    await screen.findByRole('heading', { name: MESSAGES.signInHeading });
    await submit('grace@demo.test', 'demo-password');

    expect(await screen.findByRole('heading', { name: /^Good (Morning|Afternoon|Evening), Grace$/ })).toBeVisible();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard');
    const csrfIndex = api.calls.findIndex((call) => call.path === '/sanctum/csrf-cookie');
    const loginCall = api.calls.find((call) => call.path === '/login');
    expect(csrfIndex).toBeGreaterThanOrEqual(0);
    expect(api.calls.indexOf(loginCall!)).toBeGreaterThan(csrfIndex);
    expect(loginCall?.body).toEqual({ email: 'grace@demo.test', password: 'demo-password' });
    expect(loginCall?.headers.get('X-XSRF-TOKEN')).toBe('token=value');
  });

  it('lands on the dashboard with the user the sign-in answered, without asking /api/me again', async () => {
    const me = makeMe({ first_name: 'Ada' });
    const api = installFakeApi({
      ...signedOut,
      ...csrfCookieRoute,
      'POST /login': { status: 200, body: { message: MESSAGES.loggedIn, two_factor: false, data: me } },
    });
    renderApp('/login');
    await screen.findByRole('heading', { name: MESSAGES.signInHeading });
    const asked = api.calls.filter((call) => call.path === '/api/me').length;
    await submit('ada@demo.test', 'demo-password');

    expect(await screen.findByRole('heading', { name: /^Good (Morning|Afternoon|Evening), Ada$/ })).toBeVisible();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard');
    expect(api.calls.filter((call) => call.path === '/api/me')).toHaveLength(asked);
  });

  it('sends a signed-in visitor to the dashboard', async () => {
    installFakeApi(signedIn(makeMe({ first_name: 'Linus' })));
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: /, Linus$/ }, { timeout: 15_000 })).toBeVisible();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard');
  });
});
