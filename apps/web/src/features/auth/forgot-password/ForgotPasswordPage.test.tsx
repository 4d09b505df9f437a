import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, PASSWORD_RESET_MESSAGES, UI_TEXTS } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { csrfCookieRoute, installFakeApi } from '../../../test/fake-api';
import { signedOut } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// antd renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

async function submit(email: string) {
  const user = userEvent.setup();
  if (email) await user.type(await screen.findByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send Recovery Link' }));
}

const notice = (title: string) =>
  document.querySelector<HTMLElement>('.ant-notification')?.textContent?.includes(title);

describe('/forgot-password', () => {
  it('is reached from the login page and shows Reset My Password (PRODUCT.md §2)', async () => {
    installFakeApi(signedOut);
    renderApp('/login');
    await userEvent.setup().click(await screen.findByRole('link', { name: MESSAGES.forgotPasswordLink }));
    expect(await screen.findByRole('heading', { name: PASSWORD_RESET_MESSAGES.heading })).toBeVisible();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/forgot-password');
    expect(screen.getByRole('link', { name: UI_TEXTS.backToSignIn })).toHaveAttribute('href', '/login');
  });

  it('asks for a valid email before calling the server (PRODUCT.md §5)', async () => {
    const api = installFakeApi(signedOut);
    renderApp('/forgot-password');
    await submit('');
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeVisible();
    await submit('not-an-email');
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeVisible();
    expect(api.calls.some((call) => call.path === '/forgot-password')).toBe(false);
  });

  it('sends the email and says the recovery link is on its way', async () => {
    const api = installFakeApi({
      ...signedOut,
      ...csrfCookieRoute,
      'POST /forgot-password': { status: 200, body: { message: PASSWORD_RESET_MESSAGES.linkSent } },
    });
    renderApp('/forgot-password');
    await submit('sam@demo.test');
    const status = await screen.findByRole('status');
    expect(within(status).getByText(PASSWORD_RESET_MESSAGES.linkSent)).toBeVisible();
    expect(status).toHaveTextContent('sam@demo.test');
    await waitFor(() => expect(notice(PASSWORD_RESET_MESSAGES.linkSent)).toBe(true));
    expect(api.calls.find((call) => call.path === '/forgot-password')?.body).toEqual({ email: 'sam@demo.test' });
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Send another link' }));
    expect(await screen.findByLabelText('Email')).toBeVisible();
  });

  it('puts a server 422 on the email field', async () => {
    installFakeApi({
      ...signedOut,
      ...csrfCookieRoute,
      'POST /forgot-password': {
        status: 422,
        body: { message: MESSAGES.emailInvalid, errors: { email: [MESSAGES.emailInvalid] } },
      },
    });
    renderApp('/forgot-password');
    await submit('odd@demo.test');
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the too-many-requests answer as a notification and keeps the form', async () => {
    installFakeApi({
      ...signedOut,
      ...csrfCookieRoute,
      'POST /forgot-password': { status: 429, body: { message: MESSAGES.tooManyRequests } },
    });
    renderApp('/forgot-password');
    await submit('sam@demo.test');
    await waitFor(() => expect(notice(MESSAGES.tooManyRequests)).toBe(true));
    expect(screen.getByLabelText('Email')).toHaveValue('sam@demo.test');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
