import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, TWO_FACTOR_MESSAGES, UI_TEXTS } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { csrfCookieRoute, installFakeApi, type FakeReply } from '../../../test/fake-api';
import { makeMe, signedIn, signedOut } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// antd renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

const heading = () => screen.findByRole('heading', { name: 'Two-Factor Authentication' });
const fieldError = (field: string, message: string): FakeReply => ({
  status: 422,
  body: { message, errors: { [field]: [message] } },
});

/** /login and then /two-factor-challenge as the server answers them; `challenge` decides the second. */
function twoFactorApi(challenge: (body: Record<string, string>) => FakeReply) {
  let signedInNow = false;
  const me = makeMe({ first_name: 'Priya' });
  return installFakeApi({
    ...csrfCookieRoute,
    'GET /api/me': (): FakeReply => (signedInNow ? signedIn(me)['GET /api/me'] : signedOut['GET /api/me']),
    'POST /login': { status: 200, body: { message: TWO_FACTOR_MESSAGES.codeNeeded, two_factor: true } },
    'POST /two-factor-challenge': (call) => {
      const reply = challenge(call.body as Record<string, string>);
      if (reply.status === 200) signedInNow = true;
      return reply;
    },
  });
}

// Typing into antd inputs in jsdom is slow when the machine is busy.
describe('/login/two-factor', { timeout: 60_000 }, () => {
  it('is where the login form goes when two_factor is true; a right code lands on the dashboard', async () => {
    const api = twoFactorApi(() => ({ status: 200, body: { message: MESSAGES.loggedIn, two_factor: false } }));
    renderApp('/login');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: MESSAGES.signInHeading });
    const loginForm = within(screen.getByRole('button', { name: 'Sign In' }).closest('form')!);
    await user.type(loginForm.getByLabelText('Email'), 'priya@demo.test');
    await user.type(loginForm.getByLabelText('Password'), 'demo-password');
    await user.click(loginForm.getByRole('button', { name: 'Sign In' }));

    expect(await heading()).toBeVisible();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/login/two-factor');
    const codeInput = screen.getByLabelText('Authentication Code');
    await waitFor(() => expect(codeInput).toHaveFocus());
    await user.type(codeInput, '123456{Enter}');

    expect(await screen.findByRole('heading', { name: /, Priya$/ })).toBeVisible();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard');
    expect(api.calls.find((call) => call.path === '/two-factor-challenge')?.body).toEqual({ code: '123456' });
  });

  it('shows the server message for a wrong, reused or expired code on the field and stays signed out', async () => {
    const answers = [TWO_FACTOR_MESSAGES.codeWrong, TWO_FACTOR_MESSAGES.codeReused, TWO_FACTOR_MESSAGES.codeExpired];
    let attempt = 0;
    twoFactorApi(() => fieldError('code', answers[attempt++]!));
    renderApp('/login/two-factor');
    await heading();
    const user = userEvent.setup();
    for (const message of answers) {
      await user.clear(screen.getByLabelText('Authentication Code'));
      await user.type(screen.getByLabelText('Authentication Code'), '654321');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText(message)).toBeVisible();
    }
    expect(screen.getByTestId('current-path')).toHaveTextContent('/login/two-factor');
  });

  it('asks for the code before calling the server', async () => {
    const api = twoFactorApi(() => ({ status: 500 }));
    renderApp('/login/two-factor');
    await heading();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeVisible();
    expect(api.calls.some((call) => call.path === '/two-factor-challenge')).toBe(false);
  });

  it('takes a recovery code instead, and says when it was already used', async () => {
    let used = false;
    const api = twoFactorApi((body) => {
      if (used) return { status: 200, body: { message: MESSAGES.loggedIn, two_factor: false } };
      used = true;
      return body.recovery_code ? fieldError('recovery_code', TWO_FACTOR_MESSAGES.recoveryCodeUsed) : { status: 500 };
    });
    renderApp('/login/two-factor');
    await heading();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const input = screen.getByLabelText('Recovery Code');
    await user.type(input, 'aaaa-bbbb-cccc-dddd{Enter}');
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.recoveryCodeUsed)).toBeVisible();
    await user.clear(input);
    await user.type(input, 'eeee-ffff-gggg-hhhh{Enter}');
    expect(await screen.findByRole('heading', { name: /, Priya$/ })).toBeVisible();
    const bodies = api.calls.filter((call) => call.path === '/two-factor-challenge').map((call) => call.body);
    expect(bodies).toEqual([{ recovery_code: 'aaaa-bbbb-cccc-dddd' }, { recovery_code: 'eeee-ffff-gggg-hhhh' }]);
  });

  it('when the pending sign-in has expired, says so and links back to sign in', async () => {
    twoFactorApi(() => ({ status: 401, body: { message: TWO_FACTOR_MESSAGES.challengeExpired } }));
    renderApp('/login/two-factor');
    await heading();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Authentication Code'), '123456{Enter}');
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.challengeExpired)).toBeVisible();
    await user.click(screen.getByRole('link', { name: UI_TEXTS.backToSignIn }));
    expect(await screen.findByRole('heading', { name: MESSAGES.signInHeading })).toBeVisible();
  });

  it('shows the wait message when too many codes were tried', async () => {
    twoFactorApi(() => ({ status: 429, body: { message: TWO_FACTOR_MESSAGES.tooManyAttempts } }));
    renderApp('/login/two-factor');
    await heading();
    await userEvent.setup().type(screen.getByLabelText('Authentication Code'), '123456{Enter}');
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.tooManyAttempts)).toBeVisible();
  });

  it('sends a signed-in visitor to the dashboard', async () => {
    installFakeApi(signedIn(makeMe({ first_name: 'Linus' })));
    renderApp('/login/two-factor');
    expect(await screen.findByRole('heading', { name: /, Linus$/ })).toBeVisible();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard');
  });
});
