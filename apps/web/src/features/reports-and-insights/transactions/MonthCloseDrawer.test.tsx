import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { monthLabel, type MonthCloseResource } from '@wallet/contract';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-ui';
import { onPhone, onWideScreen } from '../../../test/viewport';
import { installReportsApi } from '../test-api';
import { endedMonths, MonthCloseDrawer } from './MonthCloseDrawer';

/** Issue 21.6: admins close a month that has ended; a super-admin reopens one. */
const walletAdmin = makeMe({ id: 1, name: 'Alex Morgan', roles: ['wallet-admin'] });
const superAdmin = makeMe({ id: 2, name: 'Sam Super', roles: ['super-admin'] });
configure({ asyncUtilTimeout: 5000, defaultHidden: true });

const JANUARY: MonthCloseResource = {
  month: '2026-01',
  label: 'January 2026',
  closed_at: '2026-02-03T10:00:00.000Z',
  closed_by: { id: 1, name: 'Alex Morgan' },
};
const page = (data: MonthCloseResource[]) => ({
  status: 200,
  body: { data, meta: { total: data.length, current_page: 1, per_page: 200, last_page: 1 } },
});

async function chooseMonth(label: string) {
  fireEvent.mouseDown(screen.getByLabelText('Month'));
  fireEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
}

describe('Month close', { timeout: 120_000 }, () => {
  onWideScreen();
  afterEach(() => vi.useRealTimers());

  it('months that have ended, in UTC, newest first', () => {
    expect(endedMonths(new Date('2026-03-01T00:30:00Z'), 3)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(endedMonths(new Date('2026-01-31T23:59:59Z'), 1)).toEqual(['2025-12']);
  });

  it('lists the closed months; an admin picks an ended month, confirms, and it closes (POST /api/month-closes)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T12:00:00Z'));
    const closed = [JANUARY];
    const api = installReportsApi(walletAdmin, {
      'GET /api/month-closes': () => page(closed),
      'POST /api/month-closes': () => {
        const february = { ...JANUARY, month: '2026-02', label: 'February 2026' };
        closed.unshift(february);
        return { status: 201, body: { data: february, message: 'February 2026 closed.' } };
      },
    });
    renderWithProviders(<MonthCloseDrawer open onClose={() => undefined} />, { me: walletAdmin });
    const row = (await screen.findByText('January 2026')).closest('tr')!;
    expect(within(row).getByText('Alex Morgan')).toBeInTheDocument();
    // A wallet-admin closes months but does not reopen them.
    expect(screen.queryByRole('button', { name: /^Reopen/ })).not.toBeInTheDocument();

    fireEvent.mouseDown(screen.getByLabelText('Month'));
    // This month has not ended: it is not offered; a closed one is, disabled.
    expect(screen.queryByText('March 2026', { selector: '.ant-select-item-option-content' })).toBeNull();
    expect(
      (await screen.findByText('January 2026 (closed)', { selector: '.ant-select-item-option-content' })).closest(
        '.ant-select-item-option',
      ),
    ).toHaveClass('ant-select-item-option-disabled');
    fireEvent.click(screen.getByText('February 2026', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close month' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Close February 2026?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Close month' }));
    await waitFor(() => expect(api.to('/api/month-closes', 'POST')).toHaveLength(1));
    expect(api.to('/api/month-closes', 'POST')[0]!.body).toEqual({ month: '2026-02' });
    expect(await screen.findByText('February 2026 closed.')).toBeInTheDocument();
    expect(await screen.findByText('February 2026', { selector: 'td' })).toBeInTheDocument();
  });

  it("warns before the close how many of the picked month's transactions still need review, in the confirmation too", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T12:00:00Z'));
    const needing: Record<string, number> = { 'day,2026-02-01,2026-02-28': 3, 'day,2026-01-01,2026-01-31': 0 };
    const api = installReportsApi(walletAdmin, {
      'GET /api/month-closes': () => page([]),
      'GET /api/expenses': (call) => {
        const query = call.url.searchParams;
        const total = needing[query.get('filter[between]') ?? ''] ?? 0;
        return { status: 200, body: { data: [], meta: { total, current_page: 1, per_page: 1, last_page: 1 } } };
      },
    });
    renderWithProviders(<MonthCloseDrawer open onClose={() => undefined} />, { me: walletAdmin });
    await chooseMonth('February 2026');
    const warning =
      'in February 2026 still need review. Once the month is closed, they can no longer be marked reviewed.';
    expect(await screen.findByRole('alert')).toHaveTextContent(`3 transactions ${warning}`);
    const asked = api.to('/api/expenses', 'GET').at(-1)!.url.searchParams;
    expect(asked.get('filter[review]')).toBe('needed');
    fireEvent.click(screen.getByRole('button', { name: 'Close month' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent(`Close February 2026?3 transactions ${warning}`);

    await chooseMonth('January 2026');
    expect(await screen.findByText('Nothing in January 2026 needs review.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal under the month", async () => {
    installReportsApi(walletAdmin, {
      'GET /api/month-closes': () => page([]),
      'POST /api/month-closes': () => ({
        status: 422,
        body: { message: 'The given data was invalid.', errors: { month: ['February 2026 has not ended yet.'] } },
      }),
    });
    renderWithProviders(<MonthCloseDrawer open onClose={() => undefined} />, { me: walletAdmin });
    expect(await screen.findByText('No month is closed yet.')).toBeInTheDocument();
    await chooseMonth(monthLabel(endedMonths(new Date(), 1)[0]!));
    fireEvent.click(screen.getByRole('button', { name: 'Close month' }));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Close month' }));
    expect(await screen.findByText('February 2026 has not ended yet.')).toBeInTheDocument();
  });

  it('a super-admin reopens a month after confirming (DELETE /api/month-closes/{month})', async () => {
    const api = installReportsApi(superAdmin, {
      'GET /api/month-closes': () => page([JANUARY]),
      'DELETE /api/month-closes/2026-01': () => ({ status: 200, body: { message: 'January 2026 reopened.' } }),
    });
    renderWithProviders(<MonthCloseDrawer open onClose={() => undefined} />, { me: superAdmin });
    fireEvent.click(await screen.findByRole('button', { name: 'Reopen January 2026' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Reopen January 2026?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(api.to('/api/month-closes/2026-01', 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('January 2026 reopened.')).toBeInTheDocument();
  });

  describe('on a phone', () => {
    onPhone();

    it('each closed month is one item with who closed it and Reopen', async () => {
      installReportsApi(superAdmin, { 'GET /api/month-closes': () => page([JANUARY]) });
      renderWithProviders(<MonthCloseDrawer open onClose={() => undefined} />, { me: superAdmin });
      const item = (await screen.findByText('January 2026')).closest('tr')!;
      expect(item.querySelectorAll('td')).toHaveLength(1);
      const field = (label: string) => within(item).getByText(label, { selector: 'dt' }).nextElementSibling;
      expect(field('Closed by')).toHaveTextContent('Alex Morgan');
      expect(within(item).getByRole('button', { name: 'Reopen January 2026' })).toBeInTheDocument();
    });
  });
});
