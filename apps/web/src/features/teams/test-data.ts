import type { ListResponse, TeamResource, UserResource } from '@wallet/contract';

export function makeUser(overrides: Partial<UserResource> = {}): UserResource {
  return {
    id: 10,
    name: 'Jordan Lee',
    first_name: 'Jordan',
    last_name: 'Lee',
    email: 'jordan@demo.test',
    cell_phone: null,
    address: null,
    address2: null,
    city: null,
    state_province: null,
    postal: null,
    avatar_url: null,
    roles: ['wallet-user'],
    teams: [],
    stripe_cardholder_id: null,
    issuing_tos_acceptance: { accepted_at: null },
    invitation_pending: false,
    created_at: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeTeam(overrides: Partial<TeamResource> = {}): TeamResource {
  return {
    id: 5,
    name: 'Engineering',
    color: '#1677FF',
    created_at: '2024-01-01T00:00:00.000Z',
    approval_path: [],
    members_count: 0,
    active_cards_count: 0,
    approved_request_amount: 0,
    ...overrides,
  };
}

export function listOf<T>(data: T[]): { status: number; body: ListResponse<T> } {
  return { status: 200, body: { data, meta: { total: data.length, current_page: 1, per_page: 10, last_page: 1 } } };
}
