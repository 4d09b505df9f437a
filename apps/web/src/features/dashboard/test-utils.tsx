import type { PurchaseRequestResource } from '@wallet/contract';

export { dayRows, fakeApi, list, monthRows, ok, type ApiCall, type Handler } from '../../test/fake-api-by-url';
export { renderScreen } from '../../test/render-screen';

export function makeRequest(overrides: Partial<PurchaseRequestResource> = {}): PurchaseRequestResource {
  return {
    id: 1,
    submitted: '2025-03-10T10:00:00.000Z',
    transferred: null,
    amount: 12_000,
    notes: 'Team offsite flights',
    interval: null,
    start_date: null,
    end_date: null,
    approved_path: 'pending',
    approved_accounting: 'pending',
    accounting_notes: null,
    status: 'Pending',
    user_id: 4,
    card_id: 7,
    team_id: 1,
    wallet_category_id: null,
    user: { id: 4, name: 'Jordan Lee', email: 'member@demo.test', avatar_url: null },
    ...overrides,
  };
}
