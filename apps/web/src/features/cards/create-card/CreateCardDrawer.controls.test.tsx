import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import { CARD_CONTROLS_TEXTS, CARD_MESSAGES, DEFAULT_CARD_SETTINGS, type CardSettings } from '@wallet/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listOf, makeCard, makeUser } from '../../../test/cards';
import { findDialog } from '../../../test/dialogs';
import { installFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render-ui';
import { CreateCardDrawer } from './CreateCardDrawer';

configure({ asyncUtilTimeout: 5000, defaultHidden: true });

const jordan = makeUser({
  id: 4,
  name: 'Jordan Lee',
  first_name: 'Jordan',
  last_name: 'Lee',
  address: '410 Market Street',
  city: 'San Francisco',
  state_province: 'CA',
  postal: '94111',
});

/** An organisation whose new cards start with a $500.00 monthly limit and gambling blocked. */
const settings: CardSettings = {
  ...DEFAULT_CARD_SETTINGS,
  default_spending_controls: {
    spending_limits: [{ interval: 'monthly', amount: 50_000 }],
    allowed_categories: [],
    blocked_categories: ['betting_casino_gambling'],
  },
};

function api() {
  document.cookie = 'XSRF-TOKEN=t';
  return installFakeApi({
    'GET /api/users': { status: 200, body: listOf([jordan], 200) },
    'GET /api/users/4/cardholder': { status: 200, body: { data: null } },
    'GET /api/card-settings': { status: 200, body: { data: settings } },
    'POST /api/cards': {
      status: 201,
      body: { data: makeCard({ id: 9, status: 'inactive', nickname: 'AWS' } as never), message: CARD_MESSAGES.added },
    },
  });
}

describe('create-card drawer: spending controls and identity', { timeout: 120_000 }, () => {
  let user: UserEvent;
  beforeEach(() => {
    user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  });

  it('starts from Card Settings, says so, and sends the limits in cents with the category rule and the nickname', async () => {
    const fake = api();
    const onClose = vi.fn();
    renderWithProviders(<CreateCardDrawer open onClose={onClose} />);
    const drawer = await findDialog('Add New Card');
    expect(within(drawer).getByText(CARD_CONTROLS_TEXTS.startsFromSettings)).toBeInTheDocument();
    // Card Settings' monthly limit and blocked category are filled in.
    expect(await within(drawer).findByLabelText('Monthly amount')).toHaveValue('500.00');
    await waitFor(() => expect(within(drawer).getByRole('radio', { name: 'Block' })).toBeChecked());
    expect(within(drawer).getByText('Betting Casino Gambling')).toBeInTheDocument();

    await user.click(within(drawer).getByLabelText('User'));
    await user.click(await screen.findByTitle('Jordan Lee'));
    await waitFor(() => expect(within(drawer).getByLabelText(/^Nickname/)).toBeEnabled());
    fireEvent.change(within(drawer).getByLabelText(/^Nickname/), { target: { value: 'AWS' } });
    fireEvent.change(within(drawer).getByLabelText(/^Purpose/), { target: { value: 'Cloud hosting' } });

    // A second limit: the next free interval (per purchase) with its own amount.
    await user.click(within(drawer).getByRole('button', { name: CARD_CONTROLS_TEXTS.addLimit }));
    fireEvent.change(await within(drawer).findByLabelText('Per purchase amount'), { target: { value: '50' } });

    await user.click(within(drawer).getByRole('button', { name: 'Add Card' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = fake.calls.find((call) => call.method === 'POST' && call.path === '/api/cards')!;
    expect(post.body).toMatchObject({
      user_id: 4,
      nickname: 'AWS',
      purpose: 'Cloud hosting',
      spending_controls: {
        spending_limits: [
          { interval: 'monthly', amount: 50_000 },
          { interval: 'per_authorization', amount: 5_000 },
        ],
        allowed_categories: [],
        blocked_categories: ['betting_casino_gambling'],
      },
    });
  });

  it('refuses a limit without an amount before anything is sent', async () => {
    const fake = api();
    renderWithProviders(<CreateCardDrawer open onClose={vi.fn()} />);
    const drawer = await findDialog('Add New Card');
    await user.click(within(drawer).getByLabelText('User'));
    await user.click(await screen.findByTitle('Jordan Lee'));
    await waitFor(() => expect(within(drawer).getByLabelText('Monthly amount')).toBeEnabled());
    fireEvent.change(within(drawer).getByLabelText('Monthly amount'), { target: { value: '' } });
    await user.click(within(drawer).getByRole('button', { name: 'Add Card' }));
    expect(await within(drawer).findByText('Enter a limit of at least $0.01.')).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
