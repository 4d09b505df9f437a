import { configure, fireEvent, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import { CARD_CONTROLS_TEXTS, CARD_CONTROL_MESSAGES, declineSentence } from '@wallet/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { listOf, makeCard, makeUser } from '../../test/cards';
import { findDialog } from '../../test/dialogs';
import { installFakeApi, type FakeReply, type RecordedCall } from '../../test/fake-api';
import { makeMe } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render-ui';
import { CardDetailPage } from './CardDetailPage';

configure({ asyncUtilTimeout: 5000, defaultHidden: true });

const admin = makeMe({ id: 1, name: 'Alex Morgan', roles: ['super-admin'] });
const holder = makeMe({
  id: 4,
  name: 'Jordan Lee',
  roles: ['wallet-user'],
  stripe_cardholder_id: 'ich_1',
  issuing_tos_acceptance: { accepted_at: '2025-02-01T00:00:00.000Z' },
});

/** "AWS": a $500.00 monthly limit with $120.50 spent this month, $50.00 a purchase, gambling blocked. */
const card = makeCard({
  id: 7,
  nickname: 'AWS',
  purpose: 'Cloud hosting for the data team',
  merchant_lock: 'Amazon Web Services',
  allocation_expires_on: '2026-12-31',
  spending_controls: {
    spending_limits: [
      { interval: 'monthly', amount: 50_000 },
      { interval: 'per_authorization', amount: 5_000 },
    ],
    allowed_categories: [],
    blocked_categories: ['betting_casino_gambling'],
  },
  spending_usage: [
    { interval: 'monthly', limit: 50_000, spent: 12_050, left: 37_950, resets_on: '2026-12-01' },
    { interval: 'per_authorization', limit: 5_000, spent: 0, left: 5_000, resets_on: null },
  ],
});

const detail = { interval: 'monthly' as const, limit: 50_000, left: 3_000, resets_on: '2026-12-01' };
const decline = {
  id: 31,
  status: 'declined',
  amount: 0,
  requested_amount: 4_500,
  merchant_data: { name: 'Rocket Rides', category: 'taxicabs_limousines' },
  wallet: null,
  created_at: '2026-11-20T10:00:00.000Z',
  stripe_created: 1_795_168_800,
  decline_reason: 'spending_limit_exceeded',
  decline_detail: detail,
  decline_explanation: declineSentence('spending_limit_exceeded', detail, { last4: '4242' }),
};

type Routes = Record<string, FakeReply | ((call: RecordedCall) => FakeReply)>;

function api(declines: unknown[] = [decline], extra: Routes = {}) {
  document.cookie = 'XSRF-TOKEN=t';
  return installFakeApi({
    'GET /api/cards/7': { status: 200, body: { data: card } },
    'GET /api/users/4': {
      status: 200,
      body: { data: makeUser({ id: 4, issuing_tos_acceptance: { accepted_at: '2025-02-01T00:00:00.000Z' } }) },
    },
    'GET /api/cards/7/issuing-authorization-holds': (call) =>
      call.query.get('filter[status]') === 'declined'
        ? { status: 200, body: listOf(declines, 5) }
        : { status: 200, body: listOf([], 5) },
    ...extra,
  });
}

function renderPage(me = admin) {
  return renderWithProviders(<CardDetailPage />, { path: '/cards/7', route: '/cards/:cardId', me });
}

const panelOf = async (title: string) => (await screen.findByText(title)).closest<HTMLElement>('.ant-card')!;

describe('/cards/{cardId}: controls, identity and declines', { timeout: 120_000 }, () => {
  let user: UserEvent;
  beforeEach(() => {
    user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  });

  it('names the card by its nickname with its purpose, and shows each limit with what is spent, left and when it resets', async () => {
    api();
    renderPage();
    expect(await screen.findByText('AWS')).toBeInTheDocument();
    expect(screen.getByText('Cloud hosting for the data team')).toBeInTheDocument();
    const panel = await panelOf(CARD_CONTROLS_TEXTS.controlsTitle);
    expect(within(panel).getByText('Monthly limit')).toBeInTheDocument();
    expect(within(panel).getByText('$500.00')).toBeInTheDocument();
    expect(within(panel).getByText('$120.50 spent · $379.50 left')).toBeInTheDocument();
    expect(within(panel).getByText('Resets Dec 1, 2026')).toBeInTheDocument();
    expect(within(panel).getByText('Up to $50.00 each')).toBeInTheDocument();
    expect(within(panel).getByText('Betting Casino Gambling')).toBeInTheDocument();
    expect(within(panel).getByText('Amazon Web Services')).toBeInTheDocument();
    expect(within(panel).getByText('Dec 31, 2026')).toBeInTheDocument();
  });

  it('an admin edits the controls: the limits go to PUT spending-controls in cents with the category rule', async () => {
    const fake = api([], {
      'PUT /api/cards/7/spending-controls': (call) => ({
        status: 200,
        body: { data: { ...card, spending_controls: call.body }, message: CARD_CONTROL_MESSAGES.controlsUpdated },
      }),
    });
    renderPage();
    const panel = await panelOf(CARD_CONTROLS_TEXTS.controlsTitle);
    await user.click(within(panel).getByRole('button', { name: CARD_CONTROLS_TEXTS.editControls }));
    const modal = await findDialog(CARD_CONTROLS_TEXTS.controlsTitle);
    expect(within(modal).getByLabelText('Monthly amount')).toHaveValue('500.00');
    fireEvent.change(within(modal).getByLabelText('Monthly amount'), { target: { value: '750' } });
    await user.click(within(modal).getByRole('button', { name: 'Remove the per purchase limit' }));
    await user.click(within(modal).getByRole('radio', { name: 'No category rule' }));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(CARD_CONTROL_MESSAGES.controlsUpdated)).toBeInTheDocument();
    const put = fake.calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe('/api/cards/7/spending-controls');
    expect(put.body).toEqual({
      spending_limits: [{ interval: 'monthly', amount: 75_000 }],
      allowed_categories: [],
      blocked_categories: [],
    });
  });

  it('an admin edits the details through PATCH; the holder sees no edit but sets a low-balance alert in cents', async () => {
    const fake = api([], {
      'PATCH /api/cards/7': (call) => ({
        status: 200,
        body: { data: { ...card, ...(call.body as object) }, message: CARD_CONTROL_MESSAGES.detailsUpdated },
      }),
      'PUT /api/cards/7/low-balance-alert': {
        status: 200,
        body: { data: { ...card, low_balance_threshold: 2_500 }, message: CARD_CONTROL_MESSAGES.lowBalanceAlertSaved },
      },
    });
    const { unmount } = renderPage();
    const panel = await panelOf(CARD_CONTROLS_TEXTS.controlsTitle);
    await user.click(within(panel).getByRole('button', { name: CARD_CONTROLS_TEXTS.editDetails }));
    const modal = await findDialog(CARD_CONTROLS_TEXTS.editDetails);
    fireEvent.change(within(modal).getByLabelText(/^Nickname/), { target: { value: 'AWS prod' } });
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CARD_CONTROL_MESSAGES.detailsUpdated)).toBeInTheDocument();
    const patch = fake.calls.find((call) => call.method === 'PATCH')!;
    // Only what changed.
    expect(patch.body).toEqual({ nickname: 'AWS prod' });
    unmount();

    renderPage(holder);
    const holderPanel = await panelOf(CARD_CONTROLS_TEXTS.controlsTitle);
    expect(within(holderPanel).queryByRole('button', { name: CARD_CONTROLS_TEXTS.editControls })).toBeNull();
    await user.click(within(holderPanel).getByRole('button', { name: 'Set alert' }));
    const alertModal = await findDialog(CARD_CONTROLS_TEXTS.lowBalanceTitle);
    fireEvent.change(within(alertModal).getByLabelText(/^Notify me below/), { target: { value: '25' } });
    await user.click(within(alertModal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CARD_CONTROL_MESSAGES.lowBalanceAlertSaved)).toBeInTheDocument();
    const alertPut = fake.calls.find((call) => call.path === '/api/cards/7/low-balance-alert')!;
    expect(alertPut.body).toEqual({ threshold: 2_500 });
  });

  it('lists the card’s declines with the reason and the sentence, asking the server for declined holds only', async () => {
    const fake = api();
    renderPage(holder);
    const declined = await panelOf(CARD_CONTROLS_TEXTS.declinedTitle);
    expect(await within(declined).findByText('Rocket Rides')).toBeInTheDocument();
    expect(within(declined).getByText('Spending limit exceeded')).toBeInTheDocument();
    expect(within(declined).getByText('$45.00')).toBeInTheDocument();
    expect(
      within(declined).getByText(
        'Your monthly limit of $500.00 on •••• 4242 would be exceeded; $30.00 is left until 1 December.',
      ),
    ).toBeInTheDocument();
    const call = fake.calls.find((each) => each.query.get('filter[status]') === 'declined')!;
    expect(call.query.get('sort')).toBe('-created_at');
    expect(call.query.get('page[size]')).toBe('5');
  });

  it('says when a card has no declines', async () => {
    api([]);
    renderPage();
    const declined = await panelOf(CARD_CONTROLS_TEXTS.declinedTitle);
    expect(await within(declined).findByText(CARD_CONTROLS_TEXTS.noDeclines)).toBeInTheDocument();
  });
});
