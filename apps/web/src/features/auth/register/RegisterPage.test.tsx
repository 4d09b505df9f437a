import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVITATION_MESSAGES, MESSAGES, PASSWORD_MESSAGES, UI_TEXTS } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { csrfCookieRoute, installFakeApi } from '../../../test/fake-api';
import { makeMe, signedIn, signedOut } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// antd renders slowly in jsdom on a busy machine; the dashboard after sign-in loads lazily.
configure({ asyncUtilTimeout: 15_000 });

const REGISTER_URL = '/register?token=abc123&email=new.person%40demo.test';

async function fillAndSubmit(password: string, confirmation: string) {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (confirmation) await user.type(screen.getByLabelText('Confirm Password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('/register', () => {
  it('shows the invited email read-only', async () => {
    installFakeApi(signedOut);
    renderApp(REGISTER_URL);
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue('new.person@demo.test');
    expect(email).toHaveAttribute('readonly');
  });

  it('asks for a strong password and its confirmation (PRODUCT.md §5)', async () => {
    const api = installFakeApi(signedOut);
    renderApp(REGISTER_URL);
    await screen.findByLabelText('Password');
    await fillAndSubmit('', '');
    expect(await screen.findByText(PASSWORD_MESSAGES.tooWeak)).toBeVisible();
    expect(screen.getByText(PASSWORD_MESSAGES.confirmRequired)).toBeVisible();
    expect(api.calls.some((call) => call.path === '/api/auth/register')).toBe(false);
  });

  it('says when the two passwords differ', async () => {
    installFakeApi(signedOut);
    renderApp(REGISTER_URL);
    await screen.findByLabelText('Password');
    await fillAndSubmit('secret-one', 'secret-two');
    expect(await screen.findByText(PASSWORD_MESSAGES.mismatch)).toBeVisible();
  });

  it('shows the server message about the token with a way back to sign in', async () => {
    installFakeApi({
      ...signedOut,
      ...csrfCookieRoute,
      'POST /api/auth/register': {
        status: 422,
        body: { message: MESSAGES.invalidData, errors: { token: [INVITATION_MESSAGES.expired] } },
      },
    });
    renderApp(REGISTER_URL);
    await screen.findByLabelText('Password');
    await fillAndSubmit('long-enough', 'long-enough');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_MESSAGES.expired);
    expect(screen.getByRole('link', { name: UI_TEXTS.backToSignIn })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  it('treats a link without token or email as invalid', async () => {
    installFakeApi(signedOut);
    renderApp('/register?email=someone%40demo.test');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_MESSAGES.invalid);
    expect(screen.getByRole('link', { name: UI_TEXTS.backToSignIn })).toHaveAttribute('href', '/login');
  });

  it('registers, signs in and lands on the dashboard', async () => {
    const me = makeMe({ first_name: 'Nina', email: 'new.person@demo.test' });
    let registered = false;
    const api = installFakeApi({
      ...csrfCookieRoute,
      'GET /api/me': () => (registered ? signedIn(me)['GET /api/me'] : signedOut['GET /api/me']),
      'POST /api/auth/register': () => {
        registered = true;
        return { status: 200, body: { message: MESSAGES.loggedIn, two_factor: false, data: me } };
      },
    });
    renderApp(REGISTER_URL);
    await screen.findByLabelText('Password');
    await fillAndSubmit('long-enough', 'long-enough');
    expect(await screen.findByRole('heading', { name: /, Nina$/ })).toBeVisible();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard');
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/auth/register')?.body).toEqual({
        token: 'abc123',
        email: 'new.person@demo.test',
        password: 'long-enough',
        password_confirmation: 'long-enough',
      }),
    );
  });
});
