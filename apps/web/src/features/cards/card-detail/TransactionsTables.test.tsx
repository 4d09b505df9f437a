import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { csrfCookieRoute, installFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render-ui';
import { onPhone } from '../../../test/viewport';
import { PendingTransactions, PostedTransactions } from './TransactionsTables';

configure({ asyncUtilTimeout: 5000 });

const listMeta = (total: number) => ({ total, current_page: 1, per_page: 5, last_page: 1 });

describe("a card's transactions", () => {
  it('posted: a refund reads -$15.65 (not "+-$15.65") beside a $42.00 capture, categories by name', async () => {
    installFakeApi({
      'GET /api/cards/7/expenses': {
        status: 200,
        body: {
          data: [
            {
              id: 2,
              stripe_created: 1_740_000_000,
              amount: -1_565,
              type: 'refund',
              wallet: null,
              notes: null,
              merchant_data: { name: 'Marriott Hotels', category: 'hotels_motels_and_resorts' },
            },
            {
              id: 1,
              stripe_created: 1_739_000_000,
              amount: 4_200,
              type: 'capture',
              wallet: null,
              notes: null,
              merchant_data: { name: 'Sweetgreen', category: 'eating_places_restaurants' },
            },
          ],
          meta: listMeta(2),
        },
      },
    });
    renderWithProviders(<PostedTransactions cardId={7} />);
    expect(await screen.findByText('-$15.65')).toBeInTheDocument();
    expect(screen.getByText('$42.00')).toBeInTheDocument();
    expect(screen.queryByText(/\+-/)).not.toBeInTheDocument();
    expect(screen.getByText('Hotels Motels and Resorts')).toBeInTheDocument();
    expect(screen.getByText('Eating Places Restaurants')).toBeInTheDocument();
    expect(screen.queryByText(/_/)).not.toBeInTheDocument();
  });

  it("posted: the holder writes a purchase's memo in place (PATCH /api/expenses/{id})", async () => {
    const expense = {
      id: 1,
      stripe_created: 1_739_000_000,
      amount: 4_200,
      type: 'capture',
      wallet: null,
      notes: null as string | null,
      merchant_data: { name: 'Sweetgreen', category: 'eating_places_restaurants' },
      receipt: null,
      receipt_status: 'missing',
    };
    const api = installFakeApi({
      ...csrfCookieRoute,
      'GET /api/cards/7/expenses': () => ({ status: 200, body: { data: [expense], meta: listMeta(1) } }),
      'PATCH /api/expenses/1': (call) => {
        expense.notes = (call.body as { notes: string }).notes;
        return { status: 200, body: { data: expense } };
      },
    });
    renderWithProviders(<PostedTransactions cardId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add notes' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Transaction notes' }), 'Client lunch{Enter}');
    expect(await screen.findByText('Client lunch')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')!.body).toEqual({ notes: 'Client lunch' });
  });

  it('posted: a closed month locks memo and receipt (disabled, the tooltip says why); a missing required memo says so', async () => {
    const base = {
      type: 'capture',
      wallet: null,
      notes: null,
      receipt: null,
      receipt_status: 'missing',
      merchant_data: { name: 'Delta', category: 'airlines_air_carriers' },
    };
    installFakeApi({
      'GET /api/cards/7/expenses': {
        status: 200,
        body: {
          data: [
            // 8 February 2025 (UTC), in a closed month.
            { ...base, id: 1, stripe_created: 1_739_000_000, amount: 4_200, locked: true, memo_required: true },
            {
              ...base,
              id: 2,
              stripe_created: 1_760_000_000,
              amount: 9_900,
              merchant_data: { name: 'Hilton' },
              memo_required: true,
            },
          ],
          meta: listMeta(2),
        },
      },
    });
    renderWithProviders(<PostedTransactions cardId={7} />);
    const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
    const locked = await rowOf('Delta');
    const reason = 'February 2025 is closed. A super-admin can reopen it.';
    expect(within(locked).getByRole('img', { name: reason })).toBeInTheDocument();
    expect(within(locked).getByRole('button', { name: 'Add notes' })).toBeDisabled();
    expect(within(locked).getByRole('button', { name: /^Attach a receipt for/ })).toBeDisabled();
    expect(within(locked).getByText('Memo required')).toBeInTheDocument();
    await userEvent.hover(within(locked).getByRole('img', { name: reason }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
    const open = await rowOf('Hilton');
    expect(within(open).queryByRole('img', { name: /is closed/ })).not.toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Add notes' })).toBeEnabled();
    expect(within(open).getByText('Memo required')).toBeInTheDocument();
  });

  it('pending: the category of a hold by name', async () => {
    installFakeApi({
      'GET /api/cards/7/issuing-authorization-holds': {
        status: 200,
        body: {
          data: [
            {
              id: 3,
              stripe_created: 1_740_000_000,
              amount: 2_500,
              wallet: null,
              merchant_data: { name: 'Uber Trip', category: 'taxicabs_limousines' },
            },
          ],
          meta: listMeta(1),
        },
      },
    });
    renderWithProviders(<PendingTransactions cardId={7} />);
    expect(await screen.findByText('Taxicabs Limousines')).toBeInTheDocument();
    expect(screen.queryByText('taxicabs_limousines')).not.toBeInTheDocument();
  });

  describe('on a phone', () => {
    onPhone();

    it('posted: each transaction is one item with its amount in view and every field', async () => {
      installFakeApi({
        'GET /api/cards/7/expenses': {
          status: 200,
          body: {
            data: [
              {
                id: 1,
                stripe_created: 1_739_000_000,
                amount: 4_200,
                type: 'capture',
                wallet: 'apple_pay',
                notes: null,
                merchant_data: { name: 'Sweetgreen', category: 'eating_places_restaurants' },
              },
            ],
            meta: listMeta(1),
          },
        },
      });
      renderWithProviders(<PostedTransactions cardId={7} />);
      const item = (await screen.findByText('Sweetgreen')).closest('tr')!;
      expect(item.querySelectorAll('td')).toHaveLength(1);
      expect(within(item).getByText('$42.00')).toBeInTheDocument();
      const field = (label: string) => within(item).getByText(label, { selector: 'dt' }).nextElementSibling;
      expect(field('Posted Date')).toHaveTextContent('2025');
      expect(field('Category')).toHaveTextContent('Eating Places Restaurants');
      expect(field('Type')).toHaveTextContent('Capture');
      expect(field('Digital Wallet')).toHaveTextContent('Apple Pay');
    });
  });
});
