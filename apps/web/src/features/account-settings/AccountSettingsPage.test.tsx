import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import {
  CARD_SETTINGS_TEXTS,
  DEFAULT_CARD_SETTINGS,
  NOTIFICATION_SWITCH_DEFAULTS,
  NOTIFICATION_SWITCH_TEXTS,
  PASSWORD_MESSAGES,
  UI_TEXTS,
  USER_MESSAGES,
} from '@wallet/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { csrfCookieRoute, installFakeApi } from '../../test/fake-api';
import { makeMe, signedIn } from '../../test/fixtures';
import { getButton } from '../../test/queries';
import { renderApp } from '../../test/render-app';

// antd renders slowly in jsdom; role queries skip the computed-style visibility check.
configure({ asyncUtilTimeout: 15_000, defaultHidden: true });

const admin = makeMe({ id: 1, first_name: 'Alex', last_name: 'Morgan', name: 'Alex Morgan', roles: ['wallet-admin'] });
const member = makeMe({ id: 7, first_name: 'Mia', last_name: 'Member', name: 'Mia Member', roles: ['wallet-user'] });
const preferences = { ...NOTIFICATION_SWITCH_DEFAULTS, card_funded: { in_app: true, mail: false } };

function settingsApi(me = admin) {
  return installFakeApi({
    ...signedIn(me),
    ...csrfCookieRoute,
    [`GET /api/users/${me.id}/notification-preferences`]: { status: 200, body: { data: preferences } },
  });
}

const setup = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

function selectedTab() {
  return document.querySelector('.ant-tabs-tab-active')?.textContent;
}

// Load the lazily loaded page modules once, outside each test's time (jsdom + antd is slow on a busy machine).
beforeAll(async () => {
  await Promise.all([
    import('./AccountSettingsPage'),
    import('./profile/ProfileTab'),
    import('./security/ChangePasswordForm'),
    import('./notifications/NotificationsTab'),
    import('./funding/AccountFundingTab'),
    import('./card-settings/CardSettingsTab'),
  ]);
}, 120_000);

describe('/account-settings', { timeout: 60_000 }, () => {
  it('opens Personal Information by default with the profile form', async () => {
    settingsApi();
    renderApp('/account-settings');
    expect(await screen.findByLabelText('First Name')).toHaveValue('Alex');
    expect(selectedTab()).toBe('Personal Information');
  });

  it('gives admins the three admin tabs of PRODUCT.md §2, Organization and Audit Log, and members only the first three', async () => {
    settingsApi(member);
    const { unmount } = renderApp('/account-settings?tab=billing');
    await screen.findByLabelText('First Name');
    expect([...document.querySelectorAll('.ant-tabs-tab')].map((tab) => tab.textContent)).toEqual([
      'Personal Information',
      'Password & Security',
      'Notifications',
    ]);
    expect(selectedTab()).toBe('Personal Information');
    unmount();

    settingsApi(admin);
    renderApp('/account-settings?tab=profile');
    await screen.findByLabelText('First Name');
    expect([...document.querySelectorAll('.ant-tabs-tab')].map((tab) => tab.textContent)).toEqual([
      'Personal Information',
      'Password & Security',
      'Notifications',
      'Account Funding',
      'Billing & Plan',
      'Card Settings',
      'Organization',
      'Audit Log',
    ]);
  });

  it('shows the placeholder on ?tab=billing', async () => {
    settingsApi();
    renderApp('/account-settings?tab=billing');
    expect(await screen.findByText(UI_TEXTS.stillBuilding)).toBeVisible();
    expect(selectedTab()).toBe('Billing & Plan');
  });

  it('opens Card Settings on ?tab=cardSettings for admins: the defaults form', async () => {
    const api = settingsApi();
    api.routes['GET /api/card-settings'] = { status: 200, body: { data: DEFAULT_CARD_SETTINGS } };
    renderApp('/account-settings?tab=cardSettings');
    expect(await screen.findByLabelText(CARD_SETTINGS_TEXTS.fundsLowThreshold)).toBeVisible();
    expect(screen.queryByText(UI_TEXTS.stillBuilding)).toBeNull();
    expect(selectedTab()).toBe('Card Settings');
  });

  it('opens Account Funding on ?tab=accountFunding for admins: the unallocated funds and the recent top-ups', async () => {
    const api = settingsApi();
    api.routes['GET /api/balance'] = { status: 200, body: { data: { available: 8_500_000 } } };
    api.routes['GET /api/topups'] = {
      status: 200,
      body: {
        data: [
          {
            id: 1,
            amount: 6_000_000,
            description: 'Initial funding',
            status: 'succeeded',
            created_at: '2025-03-04T10:00:00Z',
            settled_at: '2025-03-04T10:00:00Z',
          },
        ],
        meta: { total: 1, current_page: 1, per_page: 10, last_page: 1 },
      },
    };
    renderApp('/account-settings?tab=accountFunding');
    expect(await screen.findByText('Initial funding')).toBeVisible();
    expect(await screen.findByText('$85,000.00')).toBeVisible();
    expect(selectedTab()).toBe('Account Funding');
    expect(getButton('Add Funds')).toBeEnabled();
    expect(getButton('View Statements')).toBeEnabled();
  });

  it('gives members no Account Funding: ?tab=accountFunding falls back to Personal Information', async () => {
    const api = settingsApi(member);
    renderApp('/account-settings?tab=accountFunding&action=addFunds');
    await screen.findByLabelText('First Name');
    expect(selectedTab()).toBe('Personal Information');
    expect(api.calls.some((call) => call.path === '/api/balance' || call.path === '/api/topups')).toBe(false);
  });

  it('saves the profile and says so', async () => {
    const api = settingsApi();
    api.routes['PUT /api/users/1'] = { status: 200, body: { data: admin } };
    renderApp('/account-settings?tab=profile');
    fireEvent.change(await screen.findByLabelText(/^City/), { target: { value: 'Cheyenne' } });
    await setup().click(getButton('Save Changes'));
    expect(await screen.findByText(USER_MESSAGES.ownProfileUpdated)).toBeVisible();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      first_name: 'Alex',
      city: 'Cheyenne',
      postal: null,
    });
  });

  it('says a new email waits for the link mailed to it, and shows the current address until then', async () => {
    const api = settingsApi(member);
    api.routes['PUT /api/users/7'] = {
      status: 200,
      body: { data: { ...member, city: 'Cheyenne' }, message: USER_MESSAGES.emailChangeSent },
    };
    renderApp('/account-settings?tab=profile');
    const email = await screen.findByLabelText(/^Email/);
    fireEvent.change(email, { target: { value: 'mia.new@example.test' } });
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Cheyenne' } });
    await setup().click(getButton('Save Changes'));
    expect(await screen.findByText(USER_MESSAGES.emailChangeSent)).toBeVisible();
    expect(screen.getByText(USER_MESSAGES.ownProfileUpdated)).toBeVisible();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      email: 'mia.new@example.test',
      city: 'Cheyenne',
    });
    await waitFor(() => expect(email).toHaveValue(member.email));
  });

  it('says when the new passwords do not match, and changes the password', async () => {
    const api = settingsApi();
    api.routes['PUT /user/password'] = { status: 200, body: { message: PASSWORD_MESSAGES.changed } };
    renderApp('/account-settings?tab=security');
    const user = setup();
    fireEvent.change(await screen.findByLabelText('Current Password'), { target: { value: 'demo-password' } });
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'new-secret' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'other-secret' } });
    await user.click(getButton('Change Password'));
    expect(await screen.findByText(PASSWORD_MESSAGES.mismatch)).toBeVisible();
    expect(api.calls.some((call) => call.path === '/user/password')).toBe(false);

    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'new-secret' } });
    await user.click(getButton('Change Password'));
    expect(await screen.findByText(PASSWORD_MESSAGES.changed)).toBeVisible();
    expect(api.calls.find((call) => call.path === '/user/password')?.body).toEqual({
      current_password: 'demo-password',
      password: 'new-secret',
      password_confirmation: 'new-secret',
    });
  });

  it('saves a notification switch as soon as it changes, sending only that switch', async () => {
    const api = settingsApi();
    api.routes['PUT /api/users/1/notification-preferences'] = () => ({
      status: 200,
      body: { data: { ...preferences, card_funded: { in_app: true, mail: true } } },
    });
    renderApp('/account-settings?tab=notifications');
    const cardFundedMail = await screen.findByLabelText(NOTIFICATION_SWITCH_TEXTS.switchLabel('mail', 'card_funded'));
    expect(cardFundedMail).not.toBeChecked();
    expect(screen.getByLabelText(NOTIFICATION_SWITCH_TEXTS.switchLabel('in_app', 'card_funded'))).toBeChecked();
    await setup().click(cardFundedMail);
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ card_funded: { mail: true } }),
    );
    await waitFor(() =>
      expect(screen.getByLabelText(NOTIFICATION_SWITCH_TEXTS.switchLabel('mail', 'card_funded'))).toBeChecked(),
    );
  });

  it('offers organisation funds low to admins only, and flips a switch back when saving fails', async () => {
    const api = settingsApi(member);
    api.routes['PUT /api/users/7/notification-preferences'] = { status: 500, body: { message: 'Server Error' } };
    renderApp('/account-settings?tab=notifications');
    const declinedInApp = await screen.findByLabelText(
      NOTIFICATION_SWITCH_TEXTS.switchLabel('in_app', 'purchase_declined'),
    );
    expect(screen.queryByLabelText(NOTIFICATION_SWITCH_TEXTS.switchLabel('mail', 'org_funds_low'))).toBeNull();
    // The receipt policy's kinds are a cardholder's, on by default.
    expect(screen.getByLabelText(NOTIFICATION_SWITCH_TEXTS.switchLabel('mail', 'receipt_reminder'))).toBeChecked();
    expect(screen.getByLabelText(NOTIFICATION_SWITCH_TEXTS.switchLabel('in_app', 'receipt_card_status'))).toBeChecked();
    expect(declinedInApp).toBeChecked();
    await setup().click(declinedInApp);
    expect(await screen.findByText(NOTIFICATION_SWITCH_TEXTS.saveFailed)).toBeVisible();
    await waitFor(() =>
      expect(screen.getByLabelText(NOTIFICATION_SWITCH_TEXTS.switchLabel('in_app', 'purchase_declined'))).toBeChecked(),
    );
  });

  it('rejects a file that is not an image before uploading it', async () => {
    const api = settingsApi();
    renderApp('/account-settings');
    await screen.findByLabelText('First Name');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(USER_MESSAGES.avatarInvalid)).toBeVisible();
    expect(api.calls.some((call) => call.path.endsWith('/avatar'))).toBe(false);
    expect(within(document.body).queryByText('PNG, JPEG or WebP, up to 2 MiB.')).not.toBeInTheDocument();
  });
});
