import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MESSAGES, TWO_FACTOR_MESSAGES, type TwoFactorStatus } from '@wallet/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { csrfCookieRoute, installFakeApi, type FakeReply } from '../../../test/fake-api';
import { makeMe, signedIn } from '../../../test/fixtures';
import { findButton, getButton } from '../../../test/queries';
import { renderApp } from '../../../test/render-app';

// antd renders slowly in jsdom; role queries skip the computed-style visibility check.
configure({ asyncUtilTimeout: 15_000, defaultHidden: true });

const me = makeMe({ id: 7, first_name: 'Priya', roles: ['wallet-user'] });
const codes = [
  'aaaa-bbbb-cccc-dddd',
  'eeee-ffff-gggg-hhhh',
  'jjjj-kkkk-mmmm-nnnn',
  'pppp-qqqq-rrrr-ssss',
  'tttt-uuuu-vvvv-wwww',
  'xxxx-yyyy-zzzz-2222',
  '3333-4444-5555-6666',
  '7777-8888-9999-aaab',
];
const setupData = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/Demo:priya%40demo.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_code: 'data:image/png;base64,iVBORw0KGgo=',
};
const off: TwoFactorStatus = { enabled: false, pending: false, confirmed_at: null, recovery_codes_left: 0 };
const on: TwoFactorStatus = {
  enabled: true,
  pending: false,
  confirmed_at: '2025-01-01T00:00:00.000Z',
  recovery_codes_left: 8,
};
const fieldError = (field: string, message: string): FakeReply => ({
  status: 422,
  body: { message, errors: { [field]: [message] } },
});

function securityApi(initial: TwoFactorStatus) {
  let status = initial;
  const api = installFakeApi({
    ...signedIn(me),
    ...csrfCookieRoute,
    'GET /user/two-factor-authentication': () => ({ status: 200, body: { data: status } }),
    'POST /user/two-factor-authentication': () => ({ status: 201, body: { data: setupData } }),
    'POST /user/confirmed-two-factor-authentication': (call) => {
      if ((call.body as { code: string }).code !== '123456') return fieldError('code', TWO_FACTOR_MESSAGES.codeWrong);
      status = on;
      return { status: 200, body: { message: TWO_FACTOR_MESSAGES.enabled, data: { recovery_codes: codes } } };
    },
    'DELETE /user/two-factor-authentication': (call) => {
      if ((call.body as { password: string }).password !== 'demo-password')
        return fieldError('password', MESSAGES.badPassword);
      status = off;
      return { status: 200, body: { message: TWO_FACTOR_MESSAGES.disabled } };
    },
    'POST /user/two-factor-recovery-codes': () => ({
      status: 200,
      body: { message: TWO_FACTOR_MESSAGES.recoveryCodesRegenerated, data: { recovery_codes: [...codes].reverse() } },
    }),
  });
  return api;
}

const user = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
/** The open modal with this title (other dialogs of the app may sit hidden in the page). */
async function findDialog(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title, .ant-modal-title *' });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}
const section = () => screen.getByText('Two-Factor Authentication', { selector: 'h2' }).closest('section')!;

beforeAll(async () => {
  await Promise.all([import('../AccountSettingsPage'), import('./SecurityTab')]);
}, 120_000);

describe('Password & Security: two-factor authentication', { timeout: 60_000 }, () => {
  it('turns on: QR code and setup key, a wrong code says so, a right one shows the 8 recovery codes once', async () => {
    const api = securityApi(off);
    renderApp('/account-settings?tab=security');
    await user().click(await findButton('Turn On Two-Factor Authentication'));

    const qr = await screen.findByAltText(/QR code/);
    expect(qr).toHaveAttribute('src', setupData.qr_code);
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');

    fireEvent.change(screen.getByLabelText('Authentication Code'), { target: { value: '000000' } });
    await user().click(getButton('Confirm and Turn On'));
    expect(await within(section()).findByText(TWO_FACTOR_MESSAGES.codeWrong)).toBeVisible();

    fireEvent.change(screen.getByLabelText('Authentication Code'), { target: { value: '123456' } });
    await user().click(getButton('Confirm and Turn On'));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.enabled)).toBeVisible();
    expect(
      api.calls.filter((call) => call.path === '/user/confirmed-two-factor-authentication').map((call) => call.body),
    ).toEqual([{ code: '000000' }, { code: '123456' }]);

    await user().click(getButton('I Saved Them'));
    expect(await within(section()).findByText('8 of 8 recovery codes left.')).toBeVisible();
    expect(within(section()).getByText('On')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(screen.queryByTestId('two-factor-secret')).toBeNull();
  });

  it('checks the code is 6 digits before sending it', async () => {
    const api = securityApi(off);
    renderApp('/account-settings?tab=security');
    await user().click(await findButton('Turn On Two-Factor Authentication'));
    fireEvent.change(await screen.findByLabelText('Authentication Code'), { target: { value: '12' } });
    await user().click(getButton('Confirm and Turn On'));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeFormat)).toBeVisible();
    expect(api.calls.some((call) => call.path === '/user/confirmed-two-factor-authentication')).toBe(false);
  });

  it('copies and downloads the recovery codes', async () => {
    securityApi(on);
    const createObjectURL = vi.fn(() => 'blob:codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/account-settings?tab=security');
    await user().click(await findButton('Generate New Recovery Codes'));
    const dialog = await findDialog('Generate New Recovery Codes');
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'demo-password' } });
    await user().click(getButton('Generate', dialog));
    await screen.findByRole('list', { name: 'Recovery codes' });
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.recoveryCodesRegenerated)).toBeVisible();

    // After user-event's last setup (which puts its own clipboard in place), and clicked with fireEvent.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(getButton('Copy Codes'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith([...codes].reverse().join('\n')));
    await user().click(getButton('Download'));
    expect(createObjectURL).toHaveBeenCalled();
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it('turns off only with the right password', async () => {
    const api = securityApi(on);
    renderApp('/account-settings?tab=security');
    await user().click(await findButton('Turn Off'));
    const dialog = await findDialog('Turn Off Two-Factor Authentication');
    await user().click(getButton('Turn Off', dialog));
    // The modal may still be fading in (antd motion): wait for the message to be shown, not only rendered.
    await waitFor(() => expect(within(dialog).getByText(TWO_FACTOR_MESSAGES.passwordRequired)).toBeVisible());
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'wrong' } });
    await user().click(getButton('Turn Off', dialog));
    await waitFor(() => expect(within(dialog).getByText(MESSAGES.badPassword)).toBeVisible());

    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'demo-password' } });
    await user().click(getButton('Turn Off', dialog));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.disabled)).toBeVisible();
    expect(await findButton('Turn On Two-Factor Authentication')).toBeVisible();
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([
      { password: 'wrong' },
      { password: 'demo-password' },
    ]);
  });
});
