import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-ui';
import { onWideScreen } from '../../../test/viewport';
import { installReportsApi } from '../test-api';
import { DeclinesCard } from './DeclinesCard';

const admin = makeMe({ id: 1, name: 'Alex Morgan', roles: ['wallet-admin'] });

describe('Declined Purchases', { timeout: 60_000 }, () => {
  onWideScreen();

  it('lists declines with the cardholder, card, reason and sentence, and filters by reason on the server', async () => {
    const api = installReportsApi(admin, {
      'GET /api/declines': () => ({
        status: 200,
        body: {
          data: [
            {
              id: 9,
              card: { id: 7, last4: '3531', name: 'Travel card', nickname: 'Offsite' },
              user: { id: 10, name: 'Jordan Lee' },
              merchant_data: { name: 'Lucky Star Casino' },
              requested_amount: 2_500,
              decline_reason: 'merchant_category_blocked',
              decline_detail: { category: 'betting_casino_gambling' },
              decline_explanation: 'Betting Casino Gambling purchases are blocked on •••• 3531.',
              created_at: '2026-11-20T10:00:00Z',
            },
          ],
          meta: { total: 1, current_page: 1, per_page: 10, last_page: 1 },
        },
      }),
    });
    renderWithProviders(<DeclinesCard />, { me: admin });
    expect(await screen.findByText('Lucky Star Casino')).toBeInTheDocument();
    expect(screen.getByText('Jordan Lee')).toBeInTheDocument();
    expect(screen.getByText('Offsite •••• 3531')).toBeInTheDocument();
    expect(screen.getByText('Category blocked')).toBeInTheDocument();
    expect(screen.getByText('Betting Casino Gambling purchases are blocked on •••• 3531.')).toBeInTheDocument();
    expect(screen.getByText('$25.00')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText('Filter by decline reason'));
    fireEvent.click(
      await screen.findByText('Spending limit exceeded', { selector: '.ant-select-item-option-content' }),
    );
    await waitFor(() =>
      expect(api.to('/api/declines').at(-1)!.url.searchParams.get('filter[reason]')).toBe('spending_limit_exceeded'),
    );
  });
});
