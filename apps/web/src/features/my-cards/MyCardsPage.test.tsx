import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCard } from '../../test/cards';
import { installFakeApi } from '../../test/fake-api';
import { makeMe } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render-ui';
import { MyCardsPage } from './MyCardsPage';
import { UI_TEXTS } from '@wallet/contract';

configure({ asyncUtilTimeout: 5000, defaultHidden: true });

const member = makeMe({ id: 4, name: 'Jordan Lee', roles: ['wallet-user'] });

describe('/my-cards', { timeout: 120_000 }, () => {
  it("is titled 'Total Cards(n)' from meta.total and lists the user's cards, 10 a page", async () => {
    const fake = installFakeApi({
      'GET /api/users/4/cards': {
        status: 200,
        body: {
          data: [
            makeCard({ id: 7, last4: '1111', spending_limit: 12_345, available_to_spend: 12_345 }),
            makeCard({ id: 8, last4: '2222', type: 'physical' }),
          ],
          meta: { total: 12, current_page: 1, per_page: 10, last_page: 2 },
        },
      },
    });
    renderWithProviders(<MyCardsPage />, { path: '/my-cards', me: member });

    expect(await screen.findByRole('heading', { name: 'Total Cards(12)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Virtual card ending in 1111 · Available\s*\$123\.45/ })).toHaveAttribute(
      'href',
      '/cards/7',
    );
    expect(screen.getByRole('link', { name: /Physical card ending in 2222/ })).toHaveAttribute('href', '/cards/8');
    expect(screen.getByText('$123.45')).toBeInTheDocument();
    const url = new URL(String(fake.fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('page[size]')).toBe('10');
    expect(url.searchParams.get('include')).toBe('user,pendingIssuingAuthorizationHolds');
  });

  it('names each tile by its nickname, the holder and purpose last, so one person’s cards are told apart', async () => {
    installFakeApi({
      'GET /api/users/4/cards': {
        status: 200,
        body: {
          data: [
            makeCard({ id: 7, last4: '1111', nickname: 'AWS', purpose: 'Cloud hosting' }),
            makeCard({ id: 8, last4: '2222', nickname: 'Team offsite', purpose: null }),
            makeCard({ id: 9, last4: '3333' }),
          ],
          meta: { total: 3, current_page: 1, per_page: 10, last_page: 1 },
        },
      },
    });
    renderWithProviders(<MyCardsPage />, { path: '/my-cards', me: member });
    expect(
      await screen.findByRole('link', {
        name: /^AWS\s*Active\s*Virtual card ending in 1111 .*Jordan Lee · Cloud hosting$/,
      }),
    ).toHaveAttribute('href', '/cards/7');
    expect(screen.getByRole('link', { name: /^Team offsite .*2222.*Jordan Lee$/ })).toHaveAttribute('href', '/cards/8');
    // Without a nickname the holder's name leads, as before.
    expect(screen.getByRole('link', { name: /^Jordan Lee .*3333/ })).toHaveAttribute('href', '/cards/9');
  });

  it('says so when there are no cards', async () => {
    installFakeApi({
      'GET /api/users/4/cards': {
        status: 200,
        body: { data: [], meta: { total: 0, current_page: 1, per_page: 10, last_page: 1 } },
      },
    });
    renderWithProviders(<MyCardsPage />, { path: '/my-cards', me: member });
    expect(await screen.findByRole('heading', { name: 'Total Cards(0)' })).toBeInTheDocument();
    expect(screen.getByText(UI_TEXTS.myCardsEmpty)).toBeInTheDocument();
  });

  it('tells an admin without cards where cards come from, not that an admin issues them', async () => {
    installFakeApi({
      'GET /api/users/1/cards': {
        status: 200,
        body: { data: [], meta: { total: 0, current_page: 1, per_page: 10, last_page: 1 } },
      },
    });
    renderWithProviders(<MyCardsPage />, {
      path: '/my-cards',
      me: makeMe({ id: 1, name: 'Alex Morgan', roles: ['super-admin'] }),
    });
    expect(await screen.findByText(UI_TEXTS.myCardsEmptyAdmin)).toBeInTheDocument();
    expect(screen.queryByText(UI_TEXTS.myCardsEmpty)).not.toBeInTheDocument();
  });
});
