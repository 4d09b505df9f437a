import type { Me } from '@wallet/contract';

export function makeMe(overrides: Partial<Me> = {}): Me {
  return {
    id: 1,
    name: 'Ada Lovelace',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@demo.test',
    cell_phone: null,
    address: null,
    address2: null,
    city: null,
    state_province: null,
    postal: null,
    roles: ['wallet-user'],
    avatar_url: null,
    stripe_cardholder_id: null,
    issuing_tos_acceptance: { accepted_at: null },
    organization: { id: 1, slug: 'demo', name: 'Demo Charity' },
    created_at: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const signedIn = (me: Me) => ({ 'GET /api/me': { status: 200, body: { data: me } } });
export const signedOut = { 'GET /api/me': { status: 401, body: { message: 'Unauthenticated.' } } };
