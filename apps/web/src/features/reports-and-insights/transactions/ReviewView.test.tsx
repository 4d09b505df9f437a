import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-ui';
import { onPhone, onWideScreen } from '../../../test/viewport';
import { installReportsApi, makeExpense } from '../test-api';
import { TransactionsCard } from './TransactionsCard';

/** Issue 21.5, 21.6 in All Transactions: the review views, why a row needs review, "Memo required", locked rows. */
const admin = makeMe({ id: 1, name: 'Alex Morgan', roles: ['wallet-admin'] });
const member = makeMe({ id: 10, name: 'Jordan Lee', roles: ['wallet-user'] });
configure({ asyncUtilTimeout: 5000, defaultHidden: true });

const LOCKED = 'February 2025 is closed. A super-admin can reopen it.';
const FEBRUARY = Date.UTC(2025, 1, 10, 12) / 1000;
const rows = [
  makeExpense({ id: 1, receipt: null, receipt_status: 'missing', memo_required: true, flagged: true }),
  makeExpense({
    id: 2,
    merchant_data: { name: 'Delta' },
    stripe_created: FEBRUARY,
    receipt: { id: 9, type: 'png', file_url: '/api/receipts/9/file' },
    receipt_status: 'attached',
    notes: 'Flight to the conference',
    locked: true,
  }),
];
const rowOf = (name: string) => screen.getAllByRole('row').find((row) => within(row).queryByText(name))!;
const reviewParam = (api: ReturnType<typeof installReportsApi>) =>
  api.to('/api/expenses').at(-1)!.url.searchParams.get('filter[review]');

describe('All Transactions: review and month close', { timeout: 120_000 }, () => {
  onWideScreen();

  it('offers All / Needs review / Reviewed (filter[review]); the queue says why each row is there', async () => {
    const api = installReportsApi(admin, {}, rows);
    renderWithProviders(<TransactionsCard />, { me: admin });
    await screen.findByText('Sweetgreen');
    const views = screen.getByRole('radiogroup', { name: 'Review view' });
    expect(within(views).getByRole('radio', { name: 'All' })).toBeChecked();
    // The All view keeps the row's review state only (the Receipt column says what is missing).
    expect(within(rowOf('Sweetgreen')).queryByText('Missing receipt')).not.toBeInTheDocument();

    fireEvent.click(within(views).getByRole('radio', { name: 'Needs review' }));
    await waitFor(() => expect(reviewParam(api)).toBe('needed'));
    const queued = rowOf('Sweetgreen');
    expect(within(queued).getByText('Missing receipt')).toBeInTheDocument();
    expect(within(queued).getByText('Missing memo')).toBeInTheDocument();
    expect(within(queued).getByText('Flagged')).toBeInTheDocument();
    // The memo cell says it is required where it is missing.
    expect(within(queued).getByText('Memo required')).toBeInTheDocument();

    fireEvent.click(within(views).getByRole('radio', { name: 'Reviewed' }));
    await waitFor(() => expect(reviewParam(api)).toBe('reviewed'));
    fireEvent.click(within(views).getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(reviewParam(api)).toBeNull());
  });

  it('an empty queue says nothing needs review', async () => {
    installReportsApi(admin, {
      'GET /api/expenses': (call) =>
        call.url.searchParams.get('filter[review]') === 'needed'
          ? { status: 200, body: { data: [], meta: { total: 0, current_page: 1, per_page: 10, last_page: 1 } } }
          : undefined,
    });
    renderWithProviders(<TransactionsCard />, { me: admin });
    await screen.findByText('Sweetgreen');
    fireEvent.click(screen.getByRole('radio', { name: 'Needs review' }));
    expect(await screen.findByText(/^Nothing needs review\./)).toBeInTheDocument();
  });

  it('a transaction of a closed month shows a lock; its memo, receipt and row choice are disabled, saying why', async () => {
    installReportsApi(admin, {}, rows);
    renderWithProviders(<TransactionsCard />, { me: admin });
    await screen.findByText('Delta');
    const locked = rowOf('Delta');
    expect(within(locked).getByRole('img', { name: LOCKED })).toBeInTheDocument();
    expect(within(locked).getByRole('button', { name: 'Edit notes' })).toBeDisabled();
    expect(within(locked).getByRole('checkbox')).toBeDisabled();
    await userEvent.hover(within(locked).getByRole('img', { name: LOCKED }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LOCKED);
    // Its receipt opens, but Replace and Remove are disabled with the reason beside them.
    fireEvent.click(within(locked).getByRole('button', { name: /^View the receipt for/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('button', { name: /^Replace a receipt for/ })).toBeDisabled();
    expect(within(drawer).getByRole('button', { name: /Remove/ })).toBeDisabled();
    expect(within(drawer).getByText(LOCKED)).toBeInTheDocument();
    // The open month's row stays editable.
    const open = rowOf('Sweetgreen');
    expect(within(open).queryByRole('img', { name: LOCKED })).not.toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Add notes' })).toBeEnabled();
    expect(within(open).getByRole('checkbox')).toBeEnabled();
  });

  it('a member sees neither the review views nor Month close', async () => {
    installReportsApi(member, {}, rows);
    renderWithProviders(<TransactionsCard />, { me: member });
    await screen.findByText('Sweetgreen');
    expect(screen.queryByRole('radiogroup', { name: 'Review view' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Month close' })).not.toBeInTheDocument();
  });

  describe('on a phone', () => {
    onPhone();

    it('the views fit above the list and each item in the queue lists its reasons', async () => {
      installReportsApi(admin, {}, rows);
      renderWithProviders(<TransactionsCard />, { me: admin });
      await screen.findByText('Sweetgreen');
      fireEvent.click(screen.getByRole('radio', { name: 'Needs review' }));
      const item = await waitFor(() => {
        const found = screen.getByText('Sweetgreen').closest('tr')!;
        expect(within(found).getByText('Missing receipt')).toBeInTheDocument();
        return found;
      });
      const field = (label: string) => within(item).getByText(label, { selector: 'dt' }).nextElementSibling;
      expect(field('Review')).toHaveTextContent('Flagged');
      expect(field('Notes')).toHaveTextContent('Memo required');
      expect(screen.getByRole('button', { name: 'Month close' })).toBeInTheDocument();
    });
  });
});
