import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { MESSAGES } from '@wallet/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../lib/http';
import { installFakeApi } from '../test/fake-api';
import { findDialog } from '../test/dialogs';
import { renderWithProviders } from '../test/render-ui';

afterEach(() => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

/** Any feature's call to something sensitive: it knows nothing about 423. */
function Sensitive() {
  const secret = useMutation({ mutationFn: () => http.get<{ data: string }>('/api/secret') });
  return (
    <>
      <Button onClick={() => secret.mutate()}>Open secret</Button>
      {secret.data && <p>Secret: {secret.data.data}</p>}
    </>
  );
}

function api() {
  document.cookie = 'XSRF-TOKEN=t';
  let confirmed = false;
  return installFakeApi({
    'GET /api/secret': () =>
      confirmed
        ? { status: 200, body: { data: 'swordfish' } }
        : { status: 423, body: { message: 'Password confirmation required.' } },
    'POST /user/confirm-password': (call) => {
      if ((call.body as { password: string }).password !== 'right-password') {
        return { status: 422, body: { message: MESSAGES.badPassword, errors: { password: [MESSAGES.badPassword] } } };
      }
      confirmed = true;
      return { status: 201, body: { message: MESSAGES.passwordConfirmed } };
    },
  });
}

describe('the shared confirm-password modal', () => {
  it('opens on any 423, says why, keeps a wrong password out, and makes the call again once confirmed', async () => {
    const user = userEvent.setup();
    const fake = api();
    renderWithProviders(<Sensitive />);
    await user.click(screen.getByRole('button', { name: 'Open secret' }));

    const modal = await findDialog('Confirm your password');
    expect(within(modal).getByText(MESSAGES.confirmPassword)).toBeInTheDocument();
    const password = within(modal).getByLabelText('Password');
    await user.click(within(modal).getByRole('button', { name: 'Confirm' }));
    expect(await within(modal).findByText('Please enter your password!')).toBeInTheDocument();

    fireEvent.change(password, { target: { value: 'wrong' } });
    await user.click(within(modal).getByRole('button', { name: 'Confirm' }));
    expect(await within(modal).findByText(MESSAGES.badPassword)).toBeInTheDocument();
    expect(screen.queryByText(/Secret:/)).not.toBeInTheDocument();

    fireEvent.change(password, { target: { value: 'right-password' } });
    await user.click(within(modal).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Secret: swordfish')).toBeInTheDocument();
    await waitFor(() => expect(modal).not.toBeVisible());
    expect(fake.calls.filter((call) => call.path === '/api/secret')).toHaveLength(2);
    expect(fake.calls.filter((call) => call.path === '/user/confirm-password').map((call) => call.body)).toEqual([
      { password: 'wrong' },
      { password: 'right-password' },
    ]);
  }, 60_000);

  it('on Cancel leaves the data closed and shows the 423 notice', async () => {
    const user = userEvent.setup();
    const fake = api();
    renderWithProviders(<Sensitive />);
    await user.click(screen.getByRole('button', { name: 'Open secret' }));
    const modal = await findDialog('Confirm your password');
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));

    expect(
      await screen.findByText(MESSAGES.sensitiveRestricted, { selector: '.ant-notification-notice-description' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Secret:/)).not.toBeInTheDocument();
    expect(fake.calls.filter((call) => call.path === '/api/secret')).toHaveLength(1);
    expect(fake.calls.some((call) => call.path === '/user/confirm-password')).toBe(false);
  });
});
