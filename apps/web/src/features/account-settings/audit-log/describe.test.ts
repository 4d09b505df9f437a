import { describe, expect, it } from 'vitest';
import { describeDetails, describeSubject } from './describe';

describe('audit details in words', () => {
  it.each([
    ['card.created', { type: 'virtual', holder_user_id: 3 }, 'Virtual card'],
    ['card.status_changed', { old_status: 'inactive', new_status: 'active' }, 'Inactive → Active'],
    [
      'card.status_changed',
      { old_status: 'active', new_status: 'inactive', reason: 'Receipt policy: 2 purchases without a receipt' },
      'Active → Inactive: Receipt policy: 2 purchases without a receipt',
    ],
    [
      'card.funded',
      { old_spending_limit: 12_000, new_spending_limit: 5_000, delta: -7_000, description: '' },
      'Spending limit $120.00 → $50.00',
    ],
    ['topup.created', { amount: 750_000, description: 'March wire' }, '$7,500.00 (March wire)'],
    ['user.roles_changed', { old_roles: [], new_roles: ['wallet-user'] }, 'no role → wallet-user'],
    ['user.invited', { roles: ['wallet-user'], new_user: true }, 'As wallet-user (new user)'],
    [
      'purchase_request.force_decided',
      { status: 'approved', amount: 800, funded: 800 },
      'Force approved, $8.00; $8.00 funded',
    ],
    ['purchase_request.force_decided', { status: 'rejected', amount: 800, funded: 0 }, 'Force rejected, $8.00'],
    [
      'purchase_request.approval_decided',
      { status: 'rejected', position: 2, amount: 4_200, funded: 0, notes: 'Too much' },
      'Rejected at step 2, $42.00: “Too much”',
    ],
    ['recurring.paused', { paused_by: 'admin' }, 'Paused by an admin'],
    ['recurring.unpaused', { next_run: null }, 'No further funding'],
    ['recurring.deleted', { interval: 'weekly', purchase_request_id: 12 }, 'Weekly request #12'],
    [
      'team.approval_path_changed',
      {
        old_path: [],
        new_path: [
          { id: 1, name: 'Fay First' },
          { id: 2, name: null },
        ],
      },
      'Was nobody; now Fay First → User #2',
    ],
    ['wallet_category.created', { name: 'Hardware' }, 'Hardware'],
    ['wallet_category.renamed', { old_name: 'Hardware', new_name: 'Devices' }, 'Hardware → Devices'],
    ['wallet_category.created', { name: 'Travel', gl_code: '6000-01' }, 'Travel (GL code 6000-01)'],
    ['wallet_category.gl_code_changed', { old_gl_code: null, new_gl_code: '6000' }, 'GL code none → 6000'],
    ['wallet_category.gl_code_changed', { old_gl_code: '6000', new_gl_code: null }, 'GL code 6000 → none'],
  ] as const)('%s', (action, details, words) => {
    expect(describeDetails({ action, details })).toBe(words);
  });

  it('names the subject by its label, else by its kind and id', () => {
    expect(describeSubject({ subject_type: 'team', subject_id: 4, subject_label: 'Ops' })).toBe('Team · Ops');
    expect(describeSubject({ subject_type: 'purchase_request', subject_id: 4, subject_label: null })).toBe(
      'Request #4',
    );
  });
});
