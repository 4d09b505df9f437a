import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import {
  CARD_CONTROLS_TEXTS,
  CARD_CONTROL_MESSAGES,
  CARD_SETTINGS_TEXTS,
  DEFAULT_CARD_SETTINGS,
  type CardSettings,
} from '@wallet/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type RecordedCall } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render-ui';
import { CardSettingsTab } from './CardSettingsTab';

configure({ asyncUtilTimeout: 10_000, defaultHidden: true });

/** Physical cards by express, a $500.00 monthly limit, gambling blocked, admins told below $1,000.00. */
const saved: CardSettings = {
  default_type: 'physical',
  default_shipping_service: 'express',
  default_spending_controls: {
    spending_limits: [{ interval: 'monthly', amount: 50_000 }],
    allowed_categories: [],
    blocked_categories: ['betting_casino_gambling'],
  },
  org_funds_low_threshold: 100_000,
  receipt_required_above: null,
  receipt_reminder_days: null,
  receipt_deactivate_days: null,
  memo_required_above: null,
};

function api(settings: CardSettings, put: (call: RecordedCall) => { status: number; body: unknown }) {
  document.cookie = 'XSRF-TOKEN=t';
  return installFakeApi({
    'GET /api/card-settings': { status: 200, body: { data: settings } },
    'PUT /api/card-settings': put,
  });
}

const echo = (call: RecordedCall) => ({
  status: 200,
  body: { data: { ...DEFAULT_CARD_SETTINGS, ...(call.body as object) }, message: CARD_SETTINGS_TEXTS.saved },
});

describe('Account Settings → Card Settings', { timeout: 120_000 }, () => {
  let user: UserEvent;
  beforeEach(() => {
    user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  });

  it('shows the saved defaults and saves changes in cents, with the funds-low threshold', async () => {
    const fake = api(saved, echo);
    renderWithProviders(<CardSettingsTab />);
    const section = await screen.findByRole('region', { name: CARD_SETTINGS_TEXTS.title });
    expect(within(section).getByRole('radio', { name: 'Physical' })).toBeChecked();
    expect(within(section).getByRole('radio', { name: 'Express' })).toBeChecked();
    expect(within(section).getByLabelText('Monthly amount')).toHaveValue('500.00');
    expect(within(section).getByRole('radio', { name: 'Block' })).toBeChecked();
    expect(within(section).getByText('Betting Casino Gambling')).toBeInTheDocument();
    expect(within(section).getByLabelText(CARD_SETTINGS_TEXTS.fundsLowThreshold)).toHaveValue('1000.00');

    await user.click(within(section).getByRole('radio', { name: 'Virtual' }));
    await user.click(within(section).getByRole('button', { name: CARD_CONTROLS_TEXTS.addLimit }));
    fireEvent.change(await within(section).findByLabelText('Per purchase amount'), { target: { value: '75' } });
    fireEvent.change(within(section).getByLabelText(CARD_SETTINGS_TEXTS.fundsLowThreshold), {
      target: { value: '2500.50' },
    });
    await user.click(within(section).getByRole('button', { name: 'Save Card Settings' }));
    expect(await screen.findByText(CARD_SETTINGS_TEXTS.saved)).toBeInTheDocument();
    const put = fake.calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({
      default_type: 'virtual',
      default_shipping_service: 'express',
      default_spending_controls: {
        spending_limits: [
          { interval: 'monthly', amount: 50_000 },
          { interval: 'per_authorization', amount: 7_500 },
        ],
        allowed_categories: [],
        blocked_categories: ['betting_casino_gambling'],
      },
      org_funds_low_threshold: 250_050,
      receipt_required_above: null,
      receipt_reminder_days: null,
      receipt_deactivate_days: null,
      memo_required_above: null,
    });
  });

  it('an empty threshold is sent as null (no notification)', async () => {
    const fake = api(saved, echo);
    renderWithProviders(<CardSettingsTab />);
    const threshold = await screen.findByLabelText(CARD_SETTINGS_TEXTS.fundsLowThreshold);
    fireEvent.change(threshold, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save Card Settings' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(fake.calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ org_funds_low_threshold: null });
  });

  it("puts the server's 422 messages on their fields", async () => {
    api(DEFAULT_CARD_SETTINGS, () => ({
      status: 422,
      body: {
        message: CARD_CONTROL_MESSAGES.unknownCategory,
        errors: {
          'default_spending_controls.allowed_categories.0': [CARD_CONTROL_MESSAGES.unknownCategory],
          org_funds_low_threshold: ['The threshold is too high for this organisation.'],
        },
      },
    }));
    renderWithProviders(<CardSettingsTab />);
    const section = await screen.findByRole('region', { name: CARD_SETTINGS_TEXTS.title });
    await user.click(within(section).getByRole('radio', { name: 'Allow only' }));
    const categories = await within(section).findByRole('combobox', { name: 'Allowed categories' });
    await user.click(categories);
    await user.type(categories, 'Bakeries');
    await user.click(await screen.findByTitle('Bakeries'));
    fireEvent.change(within(section).getByLabelText(CARD_SETTINGS_TEXTS.fundsLowThreshold), {
      target: { value: '10' },
    });
    await user.click(within(section).getByRole('button', { name: 'Save Card Settings' }));
    expect(await within(section).findByText('The threshold is too high for this organisation.')).toBeInTheDocument();
    expect(within(section).getByText(CARD_CONTROL_MESSAGES.unknownCategory)).toBeInTheDocument();
  });

  it('refuses a threshold of $0.00 before sending anything', async () => {
    const fake = api(DEFAULT_CARD_SETTINGS, echo);
    renderWithProviders(<CardSettingsTab />);
    fireEvent.change(await screen.findByLabelText(CARD_SETTINGS_TEXTS.fundsLowThreshold), { target: { value: '0' } });
    await user.click(screen.getByRole('button', { name: 'Save Card Settings' }));
    expect(await screen.findByText(CARD_SETTINGS_TEXTS.thresholdInvalid)).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
