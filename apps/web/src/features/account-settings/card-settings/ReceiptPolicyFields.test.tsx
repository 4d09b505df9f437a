import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import { CARD_SETTINGS_TEXTS, DEFAULT_CARD_SETTINGS, type CardSettings } from '@wallet/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type RecordedCall } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render-ui';
import { CardSettingsTab } from './CardSettingsTab';

configure({ asyncUtilTimeout: 10_000, defaultHidden: true });

/** Receipts above $25.00, a reminder after 3 days, the card deactivated after 14, memos above $100.00. */
const policy: CardSettings = {
  ...DEFAULT_CARD_SETTINGS,
  receipt_required_above: 2_500,
  receipt_reminder_days: 3,
  receipt_deactivate_days: 14,
  memo_required_above: 10_000,
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

const putOf = (fake: ReturnType<typeof api>) => fake.calls.find((call) => call.method === 'PUT');

async function policySection() {
  return screen.findByRole('region', { name: CARD_SETTINGS_TEXTS.policyTitle });
}

describe('Card Settings → Receipts and memos', { timeout: 120_000 }, () => {
  let user: UserEvent;
  beforeEach(() => {
    user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  });

  it('shows the saved policy and saves changes in cents and days, with the rest of Card Settings', async () => {
    const fake = api(policy, echo);
    renderWithProviders(<CardSettingsTab />);
    const section = await policySection();
    expect(within(section).getByLabelText(CARD_SETTINGS_TEXTS.receiptRequiredAbove)).toHaveValue('25.00');
    expect(within(section).getByLabelText(CARD_SETTINGS_TEXTS.receiptReminderDays)).toHaveValue('3');
    expect(within(section).getByLabelText(CARD_SETTINGS_TEXTS.receiptDeactivateDays)).toHaveValue('14');
    expect(within(section).getByLabelText(CARD_SETTINGS_TEXTS.memoRequiredAbove)).toHaveValue('100.00');
    // The deactivation's help says the card comes back by itself.
    expect(within(section).getByText(CARD_SETTINGS_TEXTS.receiptDeactivateDaysHelp)).toBeInTheDocument();

    fireEvent.change(within(section).getByLabelText(CARD_SETTINGS_TEXTS.receiptRequiredAbove), {
      target: { value: '75.50' },
    });
    const reminder = within(section).getByLabelText(CARD_SETTINGS_TEXTS.receiptReminderDays);
    await user.clear(reminder);
    // Letters are refused as they are typed: only the digits land.
    await user.type(reminder, '5x');
    expect(reminder).toHaveValue('5');
    await user.clear(within(section).getByLabelText(CARD_SETTINGS_TEXTS.receiptDeactivateDays));
    await user.click(screen.getByRole('button', { name: 'Save Card Settings' }));
    expect(await screen.findByText(CARD_SETTINGS_TEXTS.saved)).toBeInTheDocument();
    expect(putOf(fake)!.body).toEqual({
      ...DEFAULT_CARD_SETTINGS,
      receipt_required_above: 7_550,
      receipt_reminder_days: 5,
      receipt_deactivate_days: null,
      memo_required_above: 10_000,
    });
  });

  it('sends empty fields as null: every purchase needs a receipt, no reminders, never deactivated, memos optional', async () => {
    const fake = api(policy, echo);
    renderWithProviders(<CardSettingsTab />);
    const section = await policySection();
    for (const label of [
      CARD_SETTINGS_TEXTS.receiptRequiredAbove,
      CARD_SETTINGS_TEXTS.receiptReminderDays,
      CARD_SETTINGS_TEXTS.receiptDeactivateDays,
      CARD_SETTINGS_TEXTS.memoRequiredAbove,
    ])
      fireEvent.change(within(section).getByLabelText(label), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save Card Settings' }));
    await waitFor(() => expect(putOf(fake)).toBeDefined());
    expect(putOf(fake)!.body).toMatchObject({
      receipt_required_above: null,
      receipt_reminder_days: null,
      receipt_deactivate_days: null,
      memo_required_above: null,
    });
  });

  it('refuses 0 days or more than a year before sending anything, with the contract message', async () => {
    const fake = api(DEFAULT_CARD_SETTINGS, echo);
    renderWithProviders(<CardSettingsTab />);
    const section = await policySection();
    fireEvent.change(within(section).getByLabelText(CARD_SETTINGS_TEXTS.receiptReminderDays), {
      target: { value: '0' },
    });
    fireEvent.change(within(section).getByLabelText(CARD_SETTINGS_TEXTS.receiptDeactivateDays), {
      target: { value: '400' },
    });
    await user.click(screen.getByRole('button', { name: 'Save Card Settings' }));
    await waitFor(() => expect(within(section).getAllByText(CARD_SETTINGS_TEXTS.daysInvalid)).toHaveLength(2));
    expect(putOf(fake)).toBeUndefined();
  });

  it("puts the server's 422 messages on the policy's fields", async () => {
    api(DEFAULT_CARD_SETTINGS, () => ({
      status: 422,
      body: {
        message: CARD_SETTINGS_TEXTS.amountInvalid,
        errors: { memo_required_above: [CARD_SETTINGS_TEXTS.amountInvalid] },
      },
    }));
    renderWithProviders(<CardSettingsTab />);
    const section = await policySection();
    fireEvent.change(within(section).getByLabelText(CARD_SETTINGS_TEXTS.memoRequiredAbove), {
      target: { value: '20' },
    });
    await user.click(screen.getByRole('button', { name: 'Save Card Settings' }));
    expect(await within(section).findByText(CARD_SETTINGS_TEXTS.amountInvalid)).toBeInTheDocument();
  });
});
