import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS } from '@wallet/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { MOBILE_QUERY } from '../../../lib/use-media-query';
import { renderWithProviders } from '../../../test/render-ui';
import { onPhone, onWideScreen } from '../../../test/viewport';
import { installReportsApi, makeExpense } from '../test-api';
import { TransactionsCard } from './TransactionsCard';

const admin = makeMe({ id: 1, name: 'Alex Morgan', roles: ['wallet-admin'] });
configure({ asyncUtilTimeout: 5000, defaultHidden: true });

const listCalls = (api: ReturnType<typeof installReportsApi>) =>
  api.to('/api/expenses').map((call) => call.url.searchParams);
const lastList = (api: ReturnType<typeof installReportsApi>) => listCalls(api).at(-1)!;
const button = (text: string) => screen.getByText(text, { selector: 'button, button *' }).closest('button')!;

async function renderTable(expenses = [makeExpense()]) {
  const api = installReportsApi(admin, {}, expenses);
  renderWithProviders(<TransactionsCard />, { me: admin });
  await screen.findByText('Sweetgreen');
  return api;
}

/** Picks `values` in the filter select labelled `label` (above the table). */
async function filterBy(label: string, values: string[]) {
  for (const value of values) {
    fireEvent.mouseDown(screen.getByLabelText(label));
    fireEvent.click(await screen.findByText(value, { selector: '.ant-select-item-option-content' }));
  }
}

describe('All Transactions', { timeout: 120_000 }, () => {
  onWideScreen();
  afterEach(() => vi.useRealTimers());

  it('lists the first page newest first with the product columns, Uncategorized and a link to the card', async () => {
    const api = await renderTable([
      makeExpense(),
      makeExpense({
        id: 2,
        amount: -1_250,
        type: 'refund',
        wallet: null,
        wallet_category: { id: 3, name: 'Meals' },
        merchant_data: { name: 'Uber' },
      }),
    ]);
    const params = lastList(api);
    expect(params.get('sort')).toBe('-posted_date');
    expect(params.get('page[size]')).toBe('10');
    expect(params.get('page[number]')).toBe('1');
    expect(params.get('include')).toBe('user,walletCard,walletCategory,team');
    for (const title of [
      'Posted Date',
      'Amount',
      'Cardholder',
      'Card',
      'Merchant',
      'Category',
      'Team',
      'Notes',
      'Type',
      'Digital Wallet',
    ]) {
      expect(screen.getByText(title, { selector: 'th *' })).toBeInTheDocument();
    }
    const row = screen.getByText('Sweetgreen').closest('tr')!;
    expect(within(row).getByText('$45.98')).toBeInTheDocument();
    expect(within(row).getByText('Jordan Lee')).toBeInTheDocument();
    expect(within(row).getByText('Uncategorized')).toBeInTheDocument();
    expect(within(row).getByText('Engineering')).toBeInTheDocument();
    expect(within(row).getByText('Apple Pay')).toBeInTheDocument();
    expect(within(row).getByText('Capture')).toBeInTheDocument();
    expect(within(row).getByText('Eating Places Restaurants')).toBeInTheDocument();
    expect(within(row).queryByText('eating_places_restaurants')).not.toBeInTheDocument();
    expect(within(row).getByText('•••• 3531', { exact: false }).closest('a')).toHaveAttribute('href', '/cards/7');
    const refund = screen.getByText('Uber').closest('tr')!;
    expect(within(refund).getByText('-$12.50')).toBeInTheDocument();
    expect(within(refund).getByText('Meals')).toBeInTheDocument();
    expect(within(refund).getByText('Refund')).toBeInTheDocument();
    // The total says what it counts: every transaction, as no dates are chosen.
    expect(screen.getByText('1-2 of 2 transactions, all time')).toBeInTheDocument();
  });

  it('sends the search as filter[custom_search] once typing has stopped for 800 ms', async () => {
    const api = await renderTable();
    // A controlled clock: the debounce's timer fires when the test moves time on, whatever the machine's speed.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const searched = () => api.to('/api/expenses').filter((call) => call.url.searchParams.has('filter[custom_search]'));
    const search = screen.getByLabelText('Search transactions');
    fireEvent.change(search, { target: { value: 'cof' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 100));
    fireEvent.change(search, { target: { value: 'coffee' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    expect(searched()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searched()).toHaveLength(1);
    expect(searched()[0]!.url.searchParams.get('filter[custom_search]')).toBe('coffee');
    expect(searched()[0]!.url.searchParams.get('page[number]')).toBe('1');
  });

  it('applies a date preset as filter[between]=day,{from},{to} with Apply Filters', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 14, 10, 0, 0));
    const api = await renderTable();
    fireEvent.mouseDown(screen.getByPlaceholderText('Start date'));
    fireEvent.click(screen.getByPlaceholderText('Start date'));
    fireEvent.click(await screen.findByText('Last 7 Days', { selector: '.ant-picker-presets li' }));
    // Nothing changes until Apply Filters.
    expect(listCalls(api).some((params) => params.has('filter[between]'))).toBe(false);
    fireEvent.click(button('Apply Filters'));
    await waitFor(() => expect(lastList(api).get('filter[between]')).toBe('day,2025-03-08,2025-03-14'));

    fireEvent.mouseDown(screen.getByPlaceholderText('Start date'));
    fireEvent.click(screen.getByPlaceholderText('Start date'));
    fireEvent.click(await screen.findByText('Last Month', { selector: '.ant-picker-presets li' }));
    fireEvent.click(button('Apply Filters'));
    await waitFor(() => expect(lastList(api).get('filter[between]')).toBe('day,2025-02-01,2025-02-28'));
  });

  it('on a phone offers the presets as a menu beside two one-month pickers', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 14, 10, 0, 0));
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === MOBILE_QUERY });
    try {
      const api = await renderTable();
      fireEvent.mouseDown(screen.getByLabelText('Date range'));
      fireEvent.click(await screen.findByText('Yesterday', { selector: '.ant-select-item-option-content' }));
      expect(screen.getByPlaceholderText('Start date')).toHaveValue('Mar 13, 2025');
      expect(screen.getByPlaceholderText('End date')).toHaveValue('Mar 13, 2025');
      fireEvent.click(button('Apply Filters'));
      await waitFor(() => expect(lastList(api).get('filter[between]')).toBe('day,2025-03-13,2025-03-13'));
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('filters by Type and by Digital Wallet on the server, with selects above the table (keyboard and phone reach them)', async () => {
    const api = await renderTable();
    await filterBy('Filter by type', ['Refund']);
    await waitFor(() => expect(lastList(api).get('filter[type]')).toBe('refund'));
    await filterBy('Filter by digital wallet', ['Apple Pay', 'Samsung Pay']);
    await waitFor(() => expect(lastList(api).get('filter[wallet]')).toBe('apple_pay,samsung_pay'));
    expect(lastList(api).get('filter[type]')).toBe('refund');
    // No filter icon inside a header: a header holds its title and sorter only.
    expect(document.querySelector('thead .ant-table-filter-trigger, thead [role="button"] [tabindex]')).toBeNull();
  });

  it('filters by receipt status (filter[receipt]) and shows each row’s receipt: Attach, View or Not required', async () => {
    const api = await renderTable([
      makeExpense({ id: 1, receipt: null, receipt_status: 'missing' }),
      makeExpense({
        id: 2,
        merchant_data: { name: 'Delta' },
        receipt: { id: 9, type: 'png', file_url: '/api/receipts/9/file' },
        receipt_status: 'attached',
      }),
      makeExpense({
        id: 3,
        type: 'refund',
        amount: -500,
        merchant_data: { name: 'Refunded' },
        receipt: null,
        receipt_status: 'not_required',
      }),
    ]);
    const rows = screen.getAllByRole('row');
    expect(
      within(rows.find((row) => within(row).queryByText('Sweetgreen'))!).getByRole('button', {
        name: /^Attach a receipt for/,
      }),
    ).toBeTruthy();
    expect(
      within(rows.find((row) => within(row).queryByText('Delta'))!).getByRole('button', {
        name: /^View the receipt for/,
      }),
    ).toBeTruthy();
    expect(within(rows.find((row) => within(row).queryByText('Refunded'))!).getByText('Not required')).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('Filter by receipt'));
    fireEvent.click(await screen.findByText('Missing', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(lastList(api).get('filter[receipt]')).toBe('missing'));
  });

  it('lets an admin choose transactions and mark them reviewed (POST /api/expenses/reviews), and view those needing review', async () => {
    const api = await renderTable([
      makeExpense({ id: 1, reviewed_at: null, flagged: false }),
      makeExpense({ id: 2, merchant_data: { name: 'Delta' }, reviewed_at: '2026-11-01T00:00:00Z', flagged: false }),
      makeExpense({ id: 3, merchant_data: { name: 'Flaggy' }, reviewed_at: null, flagged: true }),
    ]);
    const rowOf = (name: string) => screen.getAllByRole('row').find((row) => within(row).queryByText(name))!;
    expect(within(rowOf('Delta')).getByText('Reviewed')).toBeTruthy();
    expect(within(rowOf('Flaggy')).getByText('Flagged')).toBeTruthy();
    fireEvent.click(within(rowOf('Sweetgreen')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('Flaggy')).getByRole('checkbox'));
    const chosen = await screen.findByRole('region', { name: 'Chosen transactions' });
    expect(within(chosen).getByText('2 chosen')).toBeTruthy();
    fireEvent.click(within(chosen).getByRole('button', { name: 'Mark reviewed' }));
    await waitFor(() => expect(api.to('/api/expenses/reviews', 'POST')).toHaveLength(1));
    expect(api.to('/api/expenses/reviews', 'POST')[0]!.body).toEqual({ ids: [1, 3], action: 'review' });
    fireEvent.click(screen.getByRole('radio', { name: 'Needs review' }));
    await waitFor(() => expect(lastList(api).get('filter[review]')).toBe('needed'));
  });

  it('sorts every column on the server', async () => {
    const api = await renderTable();
    fireEvent.click(screen.getByText('Merchant', { selector: 'th *' }));
    await waitFor(() => expect(lastList(api).get('sort')).toBe('merchant'));
    fireEvent.click(screen.getByText('Merchant', { selector: 'th *' }));
    await waitFor(() => expect(lastList(api).get('sort')).toBe('-merchant'));
    fireEvent.click(screen.getByText('Digital Wallet', { selector: 'th *' }));
    await waitFor(() => expect(lastList(api).get('sort')).toBe('wallet'));
  });

  it('lets an admin edit notes in place (PATCH /api/expenses/{id})', async () => {
    const rows = [makeExpense()];
    const api = installReportsApi(
      admin,
      {
        'PATCH /api/expenses/1': (call) => {
          rows[0] = { ...rows[0]!, notes: (call.body as { notes: string }).notes };
          return { status: 200, body: { data: rows[0] } };
        },
      },
      rows,
    );
    renderWithProviders(<TransactionsCard />, { me: admin });
    const row = (await screen.findByText('Sweetgreen')).closest('tr')!;
    fireEvent.click(within(row).getByLabelText('Add notes'));
    const input = within(row).getByLabelText('Transaction notes');
    fireEvent.change(input, { target: { value: '  Team lunch ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(api.to('/api/expenses/1', 'PATCH')).toHaveLength(1));
    expect(api.to('/api/expenses/1', 'PATCH')[0]!.body).toEqual({ notes: 'Team lunch' });
    expect(await within(row).findByText('Team lunch')).toBeInTheDocument();
  });

  describe('on a phone', () => {
    onPhone();

    it('lists each transaction as one item with every field, notes editable', async () => {
      await renderTable();
      const item = screen.getByText('Sweetgreen').closest('tr')!;
      expect(item.querySelectorAll('td')).toHaveLength(1);
      expect(within(item).getByText('$45.98')).toBeInTheDocument();
      const field = (label: string) => within(item).getByText(label, { selector: 'dt' }).nextElementSibling;
      expect(field('Posted Date')).toHaveTextContent(/\d{4}/);
      expect(field('Cardholder')).toHaveTextContent('Jordan Lee');
      expect(field('Card')).toHaveTextContent('3531');
      expect(field('Category')).toHaveTextContent('Uncategorized');
      expect(field('Team')).toHaveTextContent('Engineering');
      expect(field('Type')).toHaveTextContent('Capture');
      expect(field('Digital Wallet')).toHaveTextContent('Apple Pay');
      expect(within(field('Notes') as HTMLElement).getByLabelText('Add notes')).toBeInTheDocument();
    });
  });
});
