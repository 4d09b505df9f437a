import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, PASSWORD_MESSAGES, PASSWORD_RESET_MESSAGES, UI_TEXTS } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { csrfCookieRoute, installFakeApi } from '../../../test/fake-api';
import { signedOut } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// antd renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

const RESET_URL = '/reset-password?email=sam%40demo.test&token=abc123';

async function fillAndSubmit(password: string, confirmation: string) {
  const user = userEvent.setup();
  if (password) await user.type(await screen.findByLabelText('New Password'), password);
  if (confirmation) await user.type(screen.getByLabelText('Confirm Password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

const notice = (title: string) =>
  document.querySelector<HTMLElement>('.ant-notification')?.textContent?.includes(title);

describe('/reset-password', () => {
  it('shows the email of the link read-only', async () => {
    installFakeApi(signedOut);
    renderApp(RESET_URL);
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue('sam@demo.test');
    expect(email).toHaveAttribute('readonly');
  });

  it('applies the new-password rules of PRODUCT.md §5 before calling the server', async () => {
    const api = installFakeApi(signedOut);
    renderApp(RESET_URL);
    await fillAndSubmit('', '');
    expect(await screen.findByText(PASSWORD_MESSAGES.tooWeak)).toBeVisible();
    expect(screen.getByText(PASSWORD_MESSAGES.confirmRequired)).toBeVisible();
    await fillAndSubmit('12345', '');
    expect(await screen.findByText(PASSWORD_MESSAGES.tooWeak)).toBeVisible();
    expect(api.calls.some((call) => call.path === '/reset-password')).toBe(false);
  });

  it('says when the two passwords differ', async () => {
    installFakeApi(signedOut);
    renderApp(RESET_URL);
    await fillAndSubmit('secret-one', 'secret-two');
    expect(await screen.findByText(PASSWORD_MESSAGES.mismatch)).toBeVisible();
  });

  it('sets the password, says so and goes to sign in', async () => {
    const api = installFakeApi({
      ...signedOut,
      ...csrfCookieRoute,
      'POST /reset-password': { status: 200, body: { message: PASSWORD_RESET_MESSAGES.changed } },
    });
    renderApp(RESET_URL);
    await fillAndSubmit('long-enough', 'long-enough');
    expect(await screen.findByRole('heading', { name: MESSAGES.signInHeading })).toBeVisible();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/login');
    await waitFor(() => expect(notice(PASSWORD_RESET_MESSAGES.changed)).toBe(true));
    expect(api.calls.find((call) => call.path === '/reset-password')?.body).toEqual({
      email: 'sam@demo.test',
      token: 'abc123',
      password: 'long-enough',
      password_confirmation: 'long-enough',
    });
  });

  it.each([PASSWORD_RESET_MESSAGES.used, PASSWORD_RESET_MESSAGES.expired, PASSWORD_RESET_MESSAGES.invalid])(
    'shows the server message about the link (%s) with a way to ask for a new one',
    async (message) => {
      installFakeApi({
        ...signedOut,
        ...csrfCookieRoute,
        'POST /reset-password': { status: 422, body: { message, errors: { token: [message] } } },
      });
      renderApp(RESET_URL);
      await fillAndSubmit('long-enough', 'long-enough');
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
      expect(screen.getByRole('link', { name: UI_TEXTS.backToSignIn })).toHaveAttribute('href', '/login');
      expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
      expect(document.querySelector('.ant-notification-notice')).toBeNull();
    },
  );

  it('treats a link without token or email as invalid', async () => {
    installFakeApi(signedOut);
    renderApp('/reset-password?email=sam%40demo.test');
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_MESSAGES.invalid);
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });
});
