import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import { REQUEST_MESSAGES, REQUEST_TEXTS } from '@wallet/contract';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { csrfCookieRoute, installFakeApi, type FakeReply, type RecordedCall } from '../../../test/fake-api';
import { makeMe } from '../../../test/fixtures';
import { findDrawer, getButton } from '../../../test/queries';
import { listOf, makeMyCard, makeRequest } from '../test-data';
import { renderSignedIn } from '../test-utils';
import { RequestFormDrawer } from './RequestFormDrawer';

// antd renders slowly in jsdom; role queries skip the computed-style visibility check.
configure({ asyncUtilTimeout: 15_000, defaultHidden: true });

const member = makeMe({ id: 4, name: 'Jordan Lee', first_name: 'Jordan', roles: ['wallet-user'] });
const cards = [makeMyCard(), makeMyCard({ id: 1, last4: '7804', type: 'virtual' })];

function api(extra: Record<string, FakeReply | ((call: RecordedCall) => FakeReply)> = {}) {
  return installFakeApi({
    ...csrfCookieRoute,
    'GET /api/users/4/cards': listOf(cards, 200),
    'GET /api/users/4': {
      status: 200,
      body: {
        data: {
          ...member,
          teams: [
            { id: 1, name: 'Engineering', color: '#1677FF' },
            { id: 9, name: 'Marketing', color: '#722ED1' },
          ],
        },
      },
    },
    'GET /api/wallet-categories': listOf([
      { id: 2, name: 'Software' },
      { id: 1, name: 'Travel' },
    ]),
    'POST /api/users/4/purchase-requests': { status: 201, body: { data: makeRequest() } },
    ...extra,
  });
}

/** A change event is what the form reacts to; typing letter by letter is slow in jsdom. */
function fill(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

async function openForm(onClose = vi.fn()) {
  renderSignedIn(<RequestFormDrawer open onClose={onClose} initialCardId={2} />, member);
  return findDrawer(REQUEST_TEXTS.createDrawerTitle);
}

/** Labels of optional fields read e.g. 'Category (optional)'. */
const label = (text: string) => new RegExp(`^${text}`);

async function choose(user: UserEvent, drawer: HTMLElement, text: string, option: string) {
  await user.click(within(drawer).getByLabelText(label(text)));
  await user.click(await screen.findByTitle(option));
}

describe('Create New Request drawer', { timeout: 60_000 }, () => {
  let user: UserEvent;
  beforeEach(() => {
    user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  });

  it('shows the PRODUCT.md §5 messages for a blank form, with the card of ?card_id= already chosen', async () => {
    const calls = api();
    const drawer = await openForm();
    await waitFor(() => expect(within(drawer).getByTitle('Visa •••• 9448')).toBeInTheDocument());
    await user.click(getButton('Submit Request', drawer));

    // Each field's rules settle on their own (async validators): wait for every message.
    expect(await within(drawer).findByText(REQUEST_MESSAGES.amountInvalid)).toBeInTheDocument();
    expect(await within(drawer).findByText(REQUEST_MESSAGES.teamRequired)).toBeInTheDocument();
    expect(await within(drawer).findByText(REQUEST_MESSAGES.notesRequired)).toBeInTheDocument();
    expect(within(drawer).queryByText(REQUEST_MESSAGES.cardRequired)).not.toBeInTheDocument();
    // Not recurring: no start date asked for.
    expect(within(drawer).queryByText(REQUEST_MESSAGES.startDateRequired)).not.toBeInTheDocument();
    expect(calls.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('does not offer a card the issuer canceled', async () => {
    api({
      'GET /api/users/4/cards': listOf(
        [...cards, makeMyCard({ id: 5, last4: '3333', status: 'canceled', cancellation_reason: 'lost' })],
        200,
      ),
    });
    const drawer = await openForm();
    await waitFor(() => expect(within(drawer).getByTitle('Visa •••• 9448')).toBeInTheDocument());
    await user.click(within(drawer).getByLabelText('Card'));
    expect(await screen.findByTitle('Visa •••• 7804')).toBeInTheDocument();
    expect(screen.queryByTitle(/3333/)).not.toBeInTheDocument();
  });

  it('refuses an amount below 0.01 with "\'amount\' is not a valid number"', async () => {
    api();
    const drawer = await openForm();
    const amount = within(drawer).getByLabelText('Amount');
    fill(amount, '0');
    fireEvent.blur(amount);
    expect(await within(drawer).findByText(REQUEST_MESSAGES.amountInvalid)).toBeInTheDocument();
    fill(amount, '0.01');
    fireEvent.blur(amount);
    await waitFor(() => expect(within(drawer).queryByText(REQUEST_MESSAGES.amountInvalid)).not.toBeInTheDocument());
  });

  it('counts the notes up to 255 and refuses more', async () => {
    api();
    const drawer = await openForm();
    expect(within(drawer).getByText('0 / 255')).toBeInTheDocument();
    const notes = within(drawer).getByLabelText('Notes');
    fill(notes, 'Team offsite');
    expect(within(drawer).getByText('12 / 255')).toBeInTheDocument();
    fill(notes, 'x'.repeat(256));
    expect(await within(drawer).findByText('The notes may not be greater than 255 characters.')).toBeInTheDocument();
    expect(within(drawer).getByText('256 / 255')).toBeInTheDocument();
  });

  it('keeps the date pickers disabled unless recurring, then asks for a start date after today', async () => {
    api();
    const drawer = await openForm();
    const startDate = within(drawer).getByLabelText(label('Start Date'));
    const endDate = within(drawer).getByLabelText(label('End Date'));
    expect(startDate).toBeDisabled();
    expect(endDate).toBeDisabled();
    // The interval's tooltip explains 7, 30 and 365 days.
    expect(
      within(drawer).getByText('Recurring').closest('label')?.querySelector('[aria-label="question-circle"]'),
    ).toBeInTheDocument();

    await choose(user, drawer, 'Recurring', 'Weekly');
    await waitFor(() => expect(startDate).toBeEnabled());
    expect(endDate).toBeEnabled();
    await user.click(getButton('Submit Request', drawer));
    expect(await within(drawer).findByText(REQUEST_MESSAGES.startDateRequired)).toBeInTheDocument();

    await user.click(startDate);
    const today = dayjs().format('YYYY-MM-DD');
    const todayCell = await waitFor(() => {
      const cell = document.querySelector<HTMLElement>(`.ant-picker-dropdown td[title="${today}"]`);
      if (!cell) throw new Error('calendar not open');
      return cell;
    });
    expect(todayCell).toHaveClass('ant-picker-cell-disabled');
    const yesterday = document.querySelector(
      `.ant-picker-dropdown td[title="${dayjs().subtract(1, 'day').format('YYYY-MM-DD')}"]`,
    );
    if (yesterday) expect(yesterday).toHaveClass('ant-picker-cell-disabled');
    const later = document.querySelector(
      `.ant-picker-dropdown td[title="${dayjs().add(2, 'day').format('YYYY-MM-DD')}"]`,
    );
    if (later) expect(later).not.toHaveClass('ant-picker-cell-disabled');

    // Back to No: the dates are cleared and disabled again.
    await user.keyboard('{Escape}');
    await choose(user, drawer, 'Recurring', 'No');
    await waitFor(() => expect(startDate).toBeDisabled());
    await waitFor(() => expect(startDate.closest('.ant-form-item')).not.toHaveClass('ant-form-item-has-error'));
  });

  it('sends the amount in cents and "No" as a null interval, then says Submitted Successfully', async () => {
    const calls = api();
    const onClose = vi.fn();
    const drawer = await openForm(onClose);
    fill(within(drawer).getByLabelText('Amount'), '250.5');
    await choose(user, drawer, 'Team', 'Engineering');
    fill(within(drawer).getByLabelText('Notes'), '  Annual IDE licence  ');
    await user.click(getButton('Submit Request', drawer));

    expect(await screen.findByText(REQUEST_MESSAGES.submitted)).toBeInTheDocument();
    expect(screen.getByText(REQUEST_MESSAGES.submittedDetail)).toBeInTheDocument();
    const post = calls.calls.find((call) => call.method === 'POST' && call.path === '/api/users/4/purchase-requests');
    expect(post?.body).toEqual({
      amount: 25_050,
      card_id: 2,
      team_id: 1,
      wallet_category_id: null,
      notes: 'Annual IDE licence',
      interval: null,
      start_date: null,
      end_date: null,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('sends a recurring request with its interval and start date', async () => {
    const calls = api();
    const drawer = await openForm();
    fill(within(drawer).getByLabelText('Amount'), '12');
    await choose(user, drawer, 'Card', 'Visa •••• 7804');
    await choose(user, drawer, 'Team', 'Marketing');
    await choose(user, drawer, 'Category', 'Travel');
    fill(within(drawer).getByLabelText('Notes'), 'Monthly tool');
    await choose(user, drawer, 'Recurring', 'Monthly');
    const start = dayjs().add(3, 'day').format('YYYY-MM-DD');
    const startDate = within(drawer).getByLabelText(label('Start Date'));
    await waitFor(() => expect(startDate).toBeEnabled());
    await user.click(startDate);
    fill(startDate, start);
    await user.keyboard('{Enter}');
    await user.click(getButton('Submit Request', drawer));

    await screen.findByText(REQUEST_MESSAGES.submitted);
    const post = calls.calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({
      amount: 1200,
      card_id: 1,
      team_id: 9,
      wallet_category_id: 1,
      interval: 'monthly',
      start_date: start,
      end_date: null,
    });
  });

  it("shows the server's 422 message on its field", async () => {
    api({
      'POST /api/users/4/purchase-requests': {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { team_id: [REQUEST_MESSAGES.teamNotYours] } },
      },
    });
    const drawer = await openForm();
    fill(within(drawer).getByLabelText('Amount'), '5');
    await choose(user, drawer, 'Team', 'Engineering');
    fill(within(drawer).getByLabelText('Notes'), 'Taxi');
    await user.click(getButton('Submit Request', drawer));
    expect(await within(drawer).findByText(REQUEST_MESSAGES.teamNotYours)).toBeInTheDocument();
  });
});
