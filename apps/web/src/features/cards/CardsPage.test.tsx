import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import { CARD_MESSAGES, multiFundDoneText } from '@wallet/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { listOf, makeCard } from '../../test/cards';
import { findDialog } from '../../test/dialogs';
import { installFakeApi, type FakeReply, type RecordedCall } from '../../test/fake-api';
import { makeMe } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render-ui';
import { onPhone } from '../../test/viewport';
import { Route, Routes } from 'react-router';
import { CardsPage } from './CardsPage';

configure({ asyncUtilTimeout: 5000, defaultHidden: true });

const admin = makeMe({ id: 1, name: 'Alex Morgan', roles: ['super-admin'] });
const jordans = makeCard({ id: 7, last4: '1111', spending_limit: 10_000 });
const sams = makeCard({
  id: 8,
  last4: '2222',
  name: 'Sam Rivera',
  user_id: 5,
  spending_limit: 2_550,
  user: { id: 5, name: 'Sam Rivera', email: 'sam@demo.test', avatar_url: null },
});

function api(extra: Record<string, FakeReply | ((call: RecordedCall) => FakeReply)> = {}) {
  document.cookie = 'XSRF-TOKEN=t';
  return installFakeApi({
    'GET /api/cards': {
      status: 200,
      body: { ...listOf([jordans, sams]), meta: { total: 12, current_page: 1, per_page: 8, last_page: 2 } },
    },
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
    expect(
      screen.getByRole('link', { name: /^Jordan Lee\s*Active\s*Virtual card ending in 1111 · Available\s*\$/ }),
    ).toHaveAttribute('href', '/cards/7');
    expect(screen.getByRole('link', { name: /^Sam Rivera.*Virtual card ending in 2222/ })).toHaveAttribute(
      'href',
      '/cards/8',
    );
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

  it('filters by status, Canceled included, and shows a canceled card with the reason the issuer gave', async () => {
    const lost = makeCard({
      id: 9,
      last4: '3333',
      status: 'canceled',
      cancellation_reason: 'lost',
      canceled_at: '2025-03-01T00:00:00.000Z',
    });
    const fake = api();
    renderPage();
    await screen.findByRole('link', { name: /ending in 1111/ });
    fake.routes['GET /api/cards'] = { status: 200, body: listOf([lost]) };
    await user.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await user.click(await screen.findByText('Canceled', { selector: '.ant-select-item-option-content' }));
    expect(
      await screen.findByRole('link', { name: /Canceled · Lost\s*Virtual card ending in 3333/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Canceled · Lost')).toBeInTheDocument();
    expect(
      fake.fetchMock.mock.calls.some(
        ([url]) => new URL(String(url), 'http://localhost').searchParams.get('filter[status]') === 'canceled',
      ),
    ).toBe(true);
  });

  it('opens the create-card drawer with ?action=addCard', async () => {
    api({ 'GET /api/users': { status: 200, body: listOf([]) } });
    renderPage('/cards?action=addCard');
    expect(await findDialog('Add New Card')).toBeInTheDocument();
  });

  it('opens a card from its row in the list, by click or by Enter', async () => {
    api();
    renderWithProviders(
      <Routes>
        <Route path="/cards" element={<CardsPage />} />
        <Route path="/cards/:cardId" element={<p>Card page</p>} />
      </Routes>,
      { path: '/cards', me: admin },
    );
    await screen.findByRole('heading', { name: 'Cards(12)' });
    await user.click(screen.getByText('List'));
    await user.click(await screen.findByText('sam@demo.test'));
    expect(await screen.findByText('Card page')).toBeInTheDocument();
  });

  it('opens a card from its focused row with Enter', async () => {
    api();
    renderWithProviders(
      <Routes>
        <Route path="/cards" element={<CardsPage />} />
        <Route path="/cards/:cardId" element={<p>Card page</p>} />
      </Routes>,
      { path: '/cards', me: admin },
    );
    await screen.findByRole('heading', { name: 'Cards(12)' });
    await user.click(screen.getByText('List'));
    (await screen.findByText('sam@demo.test')).closest('tr')!.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Card page')).toBeInTheDocument();
  });

  describe('on a phone', () => {
    onPhone();

    it('lists each card as one item with every field', async () => {
      api();
      renderPage();
      await screen.findByRole('heading', { name: 'Cards(12)' });
      await user.click(screen.getByText('List'));
      const item = (await screen.findByText('sam@demo.test')).closest('tr')!;
      expect(item.querySelectorAll('td:not(.ant-table-selection-column)')).toHaveLength(1);
      const field = (label: string) => within(item).getByText(label, { selector: 'dt' }).nextElementSibling;
      expect(within(item).getByText('Sam Rivera')).toBeInTheDocument();
      expect(within(item).getByText('•••• •••• •••• 2222')).toBeInTheDocument();
      expect(within(item).getByText('Active')).toBeInTheDocument();
      expect(field('Type')).toHaveTextContent('Virtual');
      expect(field('Spending Limit')).toHaveTextContent('$25.50');
      expect(field('Available')).toHaveTextContent('$');
      expect(field('Last Used')).toBeInTheDocument();
      expect(field('Created')).toBeInTheDocument();
    });
  });

  /** List view, both cards selected, Fund Card(s) open. */
  async function openFundModal() {
    renderPage();
    await screen.findByRole('heading', { name: 'Cards(12)' });
    await user.click(screen.getByText('List'));
    const table = (await screen.findByText('•••• •••• •••• 2222')).closest('table')!;
    const [row7, row8] = ['1111', '2222'].map((last4) =>
      within(table).getByText(`•••• •••• •••• ${last4}`).closest('tr')!,
    );
    await user.click(within(row7!).getByRole('checkbox'));
    await user.click(within(row8!).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Action (2 selected)' }));
    await user.click(await screen.findByText('Fund Card(s)'));
    return findDialog('Fund Card(s)');
  }

  const funded = (amount: number) => ({
    status: 200,
    body: {
      data: [
        { ...jordans, spending_limit: jordans.spending_limit + amount },
        { ...sams, spending_limit: sams.spending_limit + amount },
      ],
      message: CARD_MESSAGES.balanceUpdated,
      meta: { funded: 2 },
    },
  });

  it('funds the selected cards with one server call that adds the amount (at least $0.01) to each, then clears the selection', async () => {
    const fake = api({ 'POST /api/cards/fund': funded(1) });
    const modal = await openFundModal();

    fireEvent.change(within(modal).getByLabelText('Amount'), { target: { value: '0' } });
    fireEvent.change(within(modal).getByLabelText('Description'), { target: { value: 'Quarterly top-up' } });
    await user.click(within(modal).getByRole('button', { name: 'Fund Card(s)' }));
    await waitFor(() => expect(within(modal).getByText(CARD_MESSAGES.amountInvalid)).toBeInTheDocument());
    expect(fake.calls.some((call) => call.method !== 'GET')).toBe(false);

    fireEvent.change(within(modal).getByLabelText('Amount'), { target: { value: '0.01' } });
    await user.click(within(modal).getByRole('button', { name: 'Fund Card(s)' }));

    expect(await screen.findByText(CARD_MESSAGES.balanceUpdated)).toBeInTheDocument();
    expect(screen.getByText(multiFundDoneText(1, 2))).toBeInTheDocument();
    const writes = fake.calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/api/cards/fund', { card_ids: [7, 8], amount: 1, description: 'Quarterly top-up' }],
    ]);
    expect(writes[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // No card is read and written back: the server adds to what each card has when it funds.
    expect(fake.calls.some((call) => call.path === '/api/cards/7' || call.path === '/api/cards/8')).toBe(false);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Action (0 selected)' })).toBeInTheDocument());
  });

  it("on a refusal shows the server's message, keeps the selection, and a retry of the same submission reuses its key", async () => {
    let answer: FakeReply = { status: 409, body: { message: CARD_MESSAGES.insufficientFunds } };
    const fake = api({ 'POST /api/cards/fund': () => answer });
    const modal = await openFundModal();
    fireEvent.change(within(modal).getByLabelText('Amount'), { target: { value: '25' } });
    fireEvent.change(within(modal).getByLabelText('Description'), { target: { value: 'Travel' } });
    await user.click(within(modal).getByRole('button', { name: 'Fund Card(s)' }));

    expect(await within(modal).findByText(CARD_MESSAGES.multiFundFailed)).toBeInTheDocument();
    expect(within(modal).getByText(CARD_MESSAGES.insufficientFunds)).toBeInTheDocument();
    expect(screen.queryByText(CARD_MESSAGES.balanceUpdated)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Action (2 selected)' })).toBeInTheDocument();

    // The same submission again (say, after adding funds): the same key, so it can never count twice.
    answer = funded(2_500);
    await user.click(within(modal).getByRole('button', { name: 'Fund Card(s)' }));
    expect(await screen.findByText(CARD_MESSAGES.balanceUpdated)).toBeInTheDocument();
    const posts = fake.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([
      { card_ids: [7, 8], amount: 2_500, description: 'Travel' },
      { card_ids: [7, 8], amount: 2_500, description: 'Travel' },
    ]);
    const keys = posts.map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it("a changed submission gets a new key; a 422 puts the server's message on its field", async () => {
    const fake = api({
      'POST /api/cards/fund': {
        status: 422,
        body: {
          message: 'May not be greater than 255 characters.',
          errors: { description: ['May not be greater than 255 characters.'] },
        },
      },
    });
    const modal = await openFundModal();
    fireEvent.change(within(modal).getByLabelText('Amount'), { target: { value: '5' } });
    fireEvent.change(within(modal).getByLabelText('Description'), { target: { value: 'First' } });
    await user.click(within(modal).getByRole('button', { name: 'Fund Card(s)' }));
    await waitFor(() =>
      expect(within(modal).getAllByText('May not be greater than 255 characters.').length).toBeGreaterThan(0),
    );
    fireEvent.change(within(modal).getByLabelText('Description'), { target: { value: 'Second' } });
    await user.click(within(modal).getByRole('button', { name: 'Fund Card(s)' }));
    await waitFor(() => expect(fake.calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    const keys = fake.calls.filter((call) => call.method === 'POST').map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[1]).not.toBe(keys[0]);
    expect(screen.getByRole('button', { name: 'Action (2 selected)' })).toBeInTheDocument();
  });

  it('activates the selected cards and reports the ones that could not be', async () => {
    const fake = api({
      'PUT /api/cards/7/status': {
        status: 200,
        body: { data: { ...jordans, status: 'active' }, message: CARD_MESSAGES.statusUpdated },
      },
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
    expect(fake.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { status: 'active' },
      { status: 'active' },
    ]);
    // The card that failed stays selected.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Action (1 selected)' })).toBeInTheDocument());
  });
});
