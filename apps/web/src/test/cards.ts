import type { CardResource, UserResource } from '@wallet/contract';

/** A card as GET /api/cards answers it (with the user included). */
export function makeCard(overrides: Partial<CardResource> = {}): CardResource {
  return {
    id: 7,
    name: 'Jordan Lee',
    brand: 'Visa',
    type: 'virtual',
    status: 'active',
    cancellation_reason: null,
    canceled_at: null,
    last4: '4242',
    exp_month: 4,
    exp_year: 2029,
    spending_limit: 50_000,
    issuing_holds_amount: 0,
    available_to_spend: 50_000,
    user_id: 4,
    user: { id: 4, name: 'Jordan Lee', email: 'member@demo.test', avatar_url: null },
    pending_issuing_authorization_holds: [],
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
  };
}

export function makeUser(overrides: Partial<UserResource> = {}): UserResource {
  return {
    id: 4,
    name: 'Jordan Lee',
    first_name: 'Jordan',
    last_name: 'Lee',
    email: 'member@demo.test',
    cell_phone: null,
    address: null,
    address2: null,
    city: null,
    state_province: null,
    postal: null,
    avatar_url: null,
    stripe_cardholder_id: null,
    issuing_tos_acceptance: { accepted_at: null },
    invitation_pending: false,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function listOf<T>(data: T[], perPage = 8) {
  return { data, meta: { total: data.length, current_page: 1, per_page: perPage, last_page: 1 } };
}
