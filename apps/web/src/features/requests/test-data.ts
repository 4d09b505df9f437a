import type {
  ApprovalResource,
  CardResource,
  ListResponse,
  PurchaseRequestResource,
  RecurringResource,
} from '@wallet/contract';

export const jordan = { id: 4, name: 'Jordan Lee', email: 'member@demo.test', avatar_url: null };
export const maya = { id: 2, name: 'Maya Patel', email: 'manager@demo.test', avatar_url: null };
export const frank = { id: 3, name: 'Frank Osei', email: 'finance@demo.test', avatar_url: null };

export function makeApproval(overrides: Partial<ApprovalResource> = {}): ApprovalResource {
  return {
    id: 11,
    approver_id: maya.id,
    approver: maya,
    approved: 'pending',
    notes: null,
    position: 0,
    decided_at: null,
    ...overrides,
  };
}

export function makeRequest(overrides: Partial<PurchaseRequestResource> = {}): PurchaseRequestResource {
  return {
    id: 7,
    submitted: '2026-03-02T10:00:00.000Z',
    transferred: null,
    amount: 25_050,
    notes: 'Annual IDE licence',
    interval: null,
    start_date: null,
    end_date: null,
    approved_path: 'pending',
    approved_accounting: 'pending',
    accounting_notes: null,
    status: 'Pending',
    user_id: jordan.id,
    card_id: 2,
    team_id: 1,
    wallet_category_id: 2,
    user: jordan,
    card: { id: 2, brand: 'Visa', exp_month: 11, exp_year: 2029, last4: '9448', status: 'active' },
    team: { id: 1, name: 'Engineering', color: '#1677FF' },
    wallet_category: { id: 2, name: 'Software' },
    approvals: [makeApproval(), makeApproval({ id: 12, approver_id: frank.id, approver: frank, position: 1 })],
    recurring_purchase_request: null,
    ...overrides,
  };
}

export function makeRecurring(overrides: Partial<RecurringResource> = {}): RecurringResource {
  return {
    id: 31,
    created_at: '2026-03-02T10:00:00.000Z',
    start_date: '2026-03-05',
    end_date: null,
    last_run: '2026-03-02',
    next_run: '2026-04-04',
    interval: 'monthly',
    status: 'active',
    is_paused: false,
    paused_by: null,
    amount: 25_050,
    purchase_request: makeRequest({ interval: 'monthly', approved_path: 'approved', status: 'Approved' }),
    ...overrides,
  };
}

export function makeMyCard(overrides: Partial<CardResource> = {}): CardResource {
  return {
    id: 2,
    name: 'Jordan Lee',
    brand: 'Visa',
    type: 'physical',
    status: 'active',
    cancellation_reason: null,
    canceled_at: null,
    last4: '9448',
    exp_month: 11,
    exp_year: 2029,
    spending_limit: 50_000,
    issuing_holds_amount: 0,
    available_to_spend: 50_000,
    user_id: jordan.id,
    stripe_cardholder_id: 'ich_1',
    shipping: null,
    last_used_at: null,
    created_at: '2026-01-02T10:00:00.000Z',
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

export function listOf<T>(data: T[], perPage = 10): { status: number; body: ListResponse<T> } {
  return {
    status: 200,
    body: { data, meta: { total: data.length, current_page: 1, per_page: perPage, last_page: 1 } },
  };
}
