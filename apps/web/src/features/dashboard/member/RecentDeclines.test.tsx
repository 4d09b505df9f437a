import { configure, screen, within } from '@testing-library/react';
import { CARD_CONTROLS_TEXTS, type UserDecline } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { listOf } from '../../../test/cards';
import { installFakeApi } from '../../../test/fake-api';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-ui';
import { RecentDeclines } from './RecentDeclines';

configure({ asyncUtilTimeout: 5000, defaultHidden: true });

const member = makeMe({ id: 4, name: 'Jordan Lee', roles: ['wallet-user'] });

const decline: UserDecline = {
  id: 31,
  requested_amount: 4_500,
  merchant_data: { name: 'Lucky Casino', category: 'betting_casino_gambling' },
  created_at: '2026-11-20T10:00:00.000Z',
  card: { id: 7, last4: '4242', name: 'Jordan Lee', nickname: 'Travel' },
  decline_reason: 'merchant_category_blocked',
  decline_detail: { category: 'betting_casino_gambling' },
  decline_explanation: 'Betting Casino Gambling purchases are blocked on •••• 4242.',
};

describe('member dashboard: Recent Declines', { timeout: 60_000 }, () => {
  it('lists the latest five declines with their reason, sentence and card, asking for five', async () => {
    const fake = installFakeApi({ 'GET /api/users/4/declines': { status: 200, body: listOf([decline], 5) } });
    renderWithProviders(<RecentDeclines userId={4} />, { path: '/dashboard', me: member });
    const list = await screen.findByRole('list', { name: CARD_CONTROLS_TEXTS.recentDeclines });
    expect(within(list).getByText('Lucky Casino')).toBeInTheDocument();
    expect(within(list).getByText('Category blocked')).toBeInTheDocument();
    expect(within(list).getByText('Betting Casino Gambling purchases are blocked on •••• 4242.')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Travel •••• 4242' })).toHaveAttribute('href', '/cards/7');
    expect(within(list).getByText('$45.00')).toBeInTheDocument();
    const url = new URL(String(fake.fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('page[size]')).toBe('5');
  });

  it('stays hidden while there are none', async () => {
    const fake = installFakeApi({ 'GET /api/users/4/declines': { status: 200, body: listOf([], 5) } });
    renderWithProviders(
      <>
        <h1>Dashboard</h1>
        <RecentDeclines userId={4} />
      </>,
      { path: '/dashboard', me: member },
    );
    await screen.findByRole('heading', { name: 'Dashboard' });
    await expect.poll(() => fake.calls.length).toBe(1);
    expect(screen.queryByText(CARD_CONTROLS_TEXTS.recentDeclines)).not.toBeInTheDocument();
  });
});
