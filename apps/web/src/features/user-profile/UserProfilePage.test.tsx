import { configure, screen, within } from '@testing-library/react';
import { MESSAGES, cardholderWarning, type CardResource, type CardholderStanding } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { makeMe, signedIn } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { fakeApi, list, monthRows, ok } from '../../test/fake-api-by-url';
import { renderScreen } from '../../test/render-screen';
import { UserProfilePage } from './UserProfilePage';

configure({ asyncUtilTimeout: 8000 });

const LOAD = { timeout: 15_000 };
const admin = makeMe({ id: 1, name: 'Alex Morgan', roles: ['super-admin'] });

const jordan = {
  id: 4,
  name: 'Jordan Lee',
  first_name: 'Jordan',
  last_name: 'Lee',
  email: 'member@demo.test',
  cell_phone: '555-0100',
  address: '1 Main St',
  address2: 'Suite 2',
  city: 'Springfield',
  state_province: 'IL',
  postal: '62701',
  avatar_url: null,
  roles: ['wallet-user'],
  teams: [{ id: 1, name: 'Engineering', color: '#1677FF' }],
  cards: [],
  stripe_cardholder_id: 'ich_1',
  issuing_tos_acceptance: { accepted_at: null },
  invitation_pending: false,
  created_at: '2025-01-01T00:00:00.000Z',
};

const card = (overrides: Partial<CardResource>): CardResource => ({
  id: 1,
  name: 'Jordan Lee',
  brand: 'Visa',
  type: 'virtual',
  status: 'active',
  cancellation_reason: null,
  canceled_at: null,
  last4: '1666',
  exp_month: 4,
  exp_year: 2029,
  spending_limit: 1_717_955,
  issuing_holds_amount: 33_357,
  available_to_spend: 1_684_598,
  user_id: 4,
  stripe_cardholder_id: 'ich_1',
  shipping: null,
  last_used_at: null,
  created_at: '2025-01-02T10:00:00.000Z',
  issuer_sync: { state: 'synced', error: null },
  nickname: null,
  purpose: null,
  merchant_lock: null,
  allocation_expires_on: null,
  low_balance_threshold: null,
  held_for_receipts: false,
  spending_controls: { spending_limits: [], allowed_categories: [], blocked_categories: [] },
  ...overrides,
});

describe('/users/{id}', { timeout: 60_000 }, () => {
  it('is not found for members', async () => {
    installFakeApi(signedIn(makeMe({ id: 4, roles: ['wallet-user'] })));
    renderApp('/users/4');
    expect(await screen.findByText(MESSAGES.notFoundCode, {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByText('Contact Details')).not.toBeInTheDocument();
  });

  it('shows admins the profile: who, how to reach them, teams, cards with status and available, 6 months of spend', async () => {
    const fake = fakeApi({
      'GET /api/users/4': ok({ data: jordan }),
      'GET /api/users/4/cards': ok(
        list([
          card({}),
          card({
            id: 2,
            last4: '4603',
            type: 'physical',
            status: 'inactive',
            spending_limit: 10_000,
            issuing_holds_amount: 0,
          }),
        ]),
      ),
      'GET /api/users/4/expenses/analytics': ok({ data: monthRows([100_000, 0, 50_000, 25_050, 0, 1_000]) }),
    });
    renderScreen(<UserProfilePage />, { me: admin, path: '/users/4', route: '/users/:userId' });
    expect(await screen.findByText('Jordan Lee', { selector: 'h1' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Member', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(screen.getByText('Wallet User', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(screen.getByText('555-0100').closest('a')).toHaveAttribute('href', 'tel:555-0100');
    expect(screen.getByText('1 Main St, Suite 2')).toBeInTheDocument();
    expect(screen.getByText('Engineering').closest('a')).toHaveAttribute('href', '/teams/1');

    const virtual = (await screen.findByLabelText('Virtual card ending in 1666', { selector: 'a' })).closest('tr')!;
    expect(within(virtual).getByText('Active')).toBeInTheDocument();
    expect(within(virtual).getByText('$16,845.98')).toBeInTheDocument();
    const physical = screen.getByLabelText('Physical card ending in 4603', { selector: 'a' }).closest('tr')!;
    expect(within(physical).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('Cards (2)')).toBeInTheDocument();

    expect(await screen.findByTestId('profile-spend-total')).toHaveTextContent('$1,760.50');
    expect(await screen.findByLabelText('Spend per month, last 6 months', { selector: 'figure' })).toBeInTheDocument();
    expect(fake.urls('/api/users/4')[0]!.searchParams.get('include')).toBe('cards,teams');
    expect(fake.urls('/api/users/4/expenses/analytics')[0]!.searchParams.get('filter[sum_over_months]')).toBe('6');
  });

  it('warns when the card issuer deactivated the person as a cardholder; a canceled card reads Canceled with its reason', async () => {
    const standing: CardholderStanding = { status: 'inactive', disabled_reason: null, past_due: [] };
    fakeApi({
      'GET /api/users/4': ok({ data: jordan }),
      'GET /api/users/4/cardholder': ok({ data: { id: 1, stripe_cardholder_id: 'ich_1', issuer_standing: standing } }),
      'GET /api/users/4/cards': ok(
        list([card({ status: 'canceled', cancellation_reason: 'lost', canceled_at: '2025-03-01T00:00:00.000Z' })]),
      ),
      'GET /api/users/4/expenses/analytics': ok({ data: monthRows([0, 0, 0, 0, 0, 0]) }),
    });
    renderScreen(<UserProfilePage />, { me: admin, path: '/users/4', route: '/users/:userId' });
    const warning = cardholderWarning('Jordan Lee', standing);
    const alert = (await screen.findByText(warning.title, {}, LOAD)).closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByText(warning.description)).toBeInTheDocument();
    const row = (await screen.findByLabelText('Virtual card ending in 1666', { selector: 'a' })).closest('tr')!;
    expect(within(row).getByText('Canceled · Lost')).toBeInTheDocument();
  });

  it('is not found when the user does not exist (or is in another organisation)', async () => {
    fakeApi({ 'GET /api/users/999': { status: 404, body: { message: 'Not Found.' } } });
    renderScreen(<UserProfilePage />, { me: admin, path: '/users/999', route: '/users/:userId' });
    expect(await screen.findByText(MESSAGES.notFoundCode, {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByText("That resource wasn't found.")).not.toBeInTheDocument();
  });
});
