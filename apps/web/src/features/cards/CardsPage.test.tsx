import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import { CARD_MESSAGES } from '@wallet/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { listOf, makeCard } from '../../test/cards';
import { findDialog } from '../../test/dialogs';
import { installFakeApi, type FakeReply, type RecordedCall } from '../../test/fake-api';
import { makeMe } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render-ui';
import { CardsPage } from './CardsPage';

configure({ asyncUtilTimeout: 5000, defaultHidden: true });

const admin = makeMe({ id: 1, name: 'Alex Morgan', roles: ['super-admin'] });
const jordans = makeCard({ id: 7, last4: '1111', spending_limit: 10_000 });
const sams = makeCard({ id: 8, last4: '2222', name: 'Sam Rivera', user_id: 5, spending_limit: 2_550, user: { id: 5, name: 'Sam Rivera', email: 'sam@demo.test', avatar_url: null } });

function api(extra: Record<string, FakeReply | ((call: RecordedCall) => FakeReply)> = {}) {
  document.cookie = 'XSRF-TOKEN=t';
  return installFakeApi({
    'GET /api/cards': { status: 200, body: { ...listOf([jordans, sams]), meta: { total: 12, current_page: 1, per_page: 8, last_page: 2 } } },
    'GET /api/cards/7': { status: 200, body: { data: jordans } },
    'GET /api/cards/8': { status: 200, body: { data: sams } },
    ...extra,
  });
}

function renderPage(path = '/cards') {
  return renderWithProviders(<CardsPage />, { path, me: admin });
}

describe('/cards', { timeout: 120_000 }, () => {
  let user: UserEvent;
  beforeEach(() => {
    user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  });

  it('is titled Cards(total) and shows tiles linking to each card, 8 a page', async () => {
    const fake = api();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Cards(12)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Jordan Lee, virtual card ending in 1111/ })).toHaveAttribute('href', '/cards/7');
    expect(screen.getByRole('link', { name: /Sam Rivera, virtual card ending in 2222/ })).toHaveAttribute('href', '/cards/8');
    const list = fake.fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/cards?'))!;
    const query = new URL(list, 'http://localhost').searchParams;
    expect(query.get('page[size]')).toBe('8');
    expect(query.get('include')).toBe('user,pendingIssuingAuthorizationHolds');
  });

  it('searches by user with the spaces removed, after the 800 ms debounce', async () => {
    const fake = api();
    renderPage();
    await screen.findByRole('heading', { name: 'Cards(12)' });
    fireEvent.change(screen.getByLabelText('Search cards by user'), { target: { value: 'Jordan Lee, Sam' } });
    await waitFor(
      () => {
        const urls = fake.fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost'));
        expect(urls.some((url) => url.searchParams.get('filter[name]') === 'JordanLee,Sam')).toBe(true);
      },
      { timeout: 5000 },
    );
  });

  it('opens the create-card drawer with ?action=addCard', async () => {
    api({ 'GET /api/users': { status: 200, body: listOf([]) } });
    renderPage('/cards?action=addCard');
    expect(await findDialog('Add New Card')).toBeInTheDocument();
  });

  it('funds the selected cards: each new limit is its own limit plus the amount, at least $0.01', async () => {
    const fake = api({
      'PUT /api/cards/7/balance': (call) => ({ status: 200, body: { data: { ...jordans, spending_limit: (call.body as { amount: number }).amount }, message: CARD_MESSAGES.balanceUpdated } }),
      'PUT /api/cards/8/balance': (call) => ({ status: 200, body: { data: { ...sams, spending_limit: (call.body as { amount: number }).amount }, message: CARD_MESSAGES.balanceUpdated } }),
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Cards(12)' });
    await user.click(screen.getByText('List'));
    const table = (await screen.findByText('•••• •••• •••• 2222')).closest('table')!;
    const [row7, row8] = ['1111', '2222'].map((last4) => within(table).getByText(`•••• •••• •••• ${last4}`).closest('tr')!);
    await user.click(within(row7!).getByRole('checkbox'));
    await user.click(within(row8!).getByRole('checkbox'));

    await user.click(screen.getByRole('button', { name: /Action/ }));
    await user.click(await screen.findByText('Fund Card(s)'));
    const modal = await findDialog('Fund Card(s)');

    fireEvent.change(within(modal).getByLabelText('Amount'), { target: { value: '0' } });
    fireEvent.change(within(modal).getByLabelText('Description'), { target: { value: 'Quarterly top-up' } });
    await user.click(within(modal).getByRole('button', { name: 'Fund Card(s)' }));
    await waitFor(() => expect(within(modal).getByText(CARD_MESSAGES.amountInvalid)).toBeInTheDocument());
    expect(fake.calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(within(modal).getByLabelText('Amount'), { target: { value: '0.01' } });
    await user.click(within(modal).getByRole('button', { name: 'Fund Card(s)' }));

    expect(await screen.findByText(CARD_MESSAGES.balanceUpdated)).toBeInTheDocument();
    const puts = fake.calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => [call.path, call.body])).toEqual([
      ['/api/cards/7/balance', { amount: 10_001, description: 'Quarterly top-up' }],
      ['/api/cards/8/balance', { amount: 2_551, description: 'Quarterly top-up' }],
    ]);
    expect(new Set(puts.map((call) => call.headers.get('Idempotency-Key'))).size).toBe(2);
  });

  it('activates the selected cards and reports the ones that could not be', async () => {
    const fake = api({
      'PUT /api/cards/7/status': { status: 200, body: { data: { ...jordans, status: 'active' }, message: CARD_MESSAGES.statusUpdated } },
      'PUT /api/cards/8/status': { status: 409, body: { message: CARD_MESSAGES.termsNotAccepted } },
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Cards(12)' });
    await user.click(screen.getByText('List'));
    const table = (await screen.findByText('•••• •••• •••• 2222')).closest('table')!;
    await user.click(within(table).getAllByRole('checkbox')[0]!);
    await user.click(screen.getByRole('button', { name: /Action/ }));
    await user.click(await screen.findByText('Activate Card(s)'));

    expect(await screen.findByText(CARD_MESSAGES.statusUpdated)).toBeInTheDocument();
    expect(await screen.findByText(CARD_MESSAGES.termsNotAccepted)).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ status: 'active' }, { status: 'active' }]);
    // The card that failed stays selected.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Action (1 selected)' })).toBeInTheDocument());
  });
});
