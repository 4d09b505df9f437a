import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUDIT_TEXTS, type AuditEntryResource } from '@wallet/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { csrfCookieRoute, installFakeApi } from '../../../test/fake-api';
import { makeMe, signedIn } from '../../../test/fixtures';
import { getButton } from '../../../test/queries';
import { renderApp } from '../../../test/render-app';

// antd renders slowly in jsdom; role queries skip the computed-style visibility check.
configure({ asyncUtilTimeout: 15_000, defaultHidden: true });

const admin = makeMe({ id: 1, first_name: 'Alex', last_name: 'Morgan', name: 'Alex Morgan', roles: ['wallet-admin'] });
const URL_OF_TAB = '/account-settings?tab=auditLog';

function entry(overrides: Partial<AuditEntryResource>): AuditEntryResource {
  return {
    id: 1,
    action: 'card.funded',
    actor_kind: 'user',
    actor_user_id: 1,
    actor: { id: 1, name: 'Alex Morgan' },
    subject_type: 'card',
    subject_id: 9,
    subject_label: 'Jordan Lee •••• 4242',
    details: { old_spending_limit: 0, new_spending_limit: 12_000, delta: 12_000, description: 'Travel' },
    ip: '203.0.113.9',
    user_agent: 'Firefox',
    created_at: '2025-03-04T10:00:00Z',
    ...overrides,
  };
}

const page = (data: AuditEntryResource[], total = data.length) => ({
  status: 200,
  body: { data, meta: { total, current_page: 1, per_page: 10, last_page: Math.max(1, Math.ceil(total / 10)) } },
});

const admins = {
  status: 200,
  body: {
    data: [
      { id: 1, name: 'Alex Morgan', email: 'alex@demo.test' },
      { id: 2, name: 'Fin Ance', email: 'fin@demo.test' },
    ],
    meta: { total: 2, current_page: 1, per_page: 200, last_page: 1 },
  },
};

function auditApi(rows: AuditEntryResource[] = [entry({})], total = rows.length) {
  return installFakeApi({
    ...signedIn(admin),
    ...csrfCookieRoute,
    'GET /api/audit-log': page(rows, total),
    'GET /api/users': admins,
  });
}

/** The query of every GET /api/audit-log made so far. */
function logCalls(api: ReturnType<typeof installFakeApi>): URLSearchParams[] {
  return api.fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/audit-log')
    .map((url) => url.searchParams);
}
const lastCall = (api: ReturnType<typeof installFakeApi>) => logCalls(api).at(-1)!;

async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

beforeAll(async () => {
  await Promise.all([import('../AccountSettingsPage'), import('./AuditLogTab')]);
}, 120_000);

afterEach(() => vi.restoreAllMocks());

describe('Account Settings -> Audit Log', { timeout: 90_000 }, () => {
  it('lists entries newest first: when, actor (or System), the action in words, the subject and the details', async () => {
    const api = auditApi([
      entry({
        id: 3,
        action: 'recurring.paused',
        actor_kind: 'system',
        actor_user_id: null,
        actor: null,
        subject_type: 'recurring_purchase_request',
        subject_label: 'Request #5 (monthly)',
        details: { paused_by: 'system', reason: 'Insufficient funds' },
        ip: null,
        user_agent: null,
      }),
      entry({
        id: 2,
        action: 'user.roles_changed',
        actor: { id: 2, name: 'Fin Ance' },
        subject_type: 'user',
        subject_label: 'Rae Role',
        details: { old_roles: ['wallet-user'], new_roles: ['wallet-finance'] },
      }),
      entry({ id: 1 }),
    ]);
    renderApp(URL_OF_TAB);
    const funded = (await screen.findByText('Set a card balance')).closest('tr')!;
    expect(within(funded).getByText('Alex Morgan')).toBeInTheDocument();
    expect(within(funded).getByText('Card · Jordan Lee •••• 4242')).toBeInTheDocument();
    expect(within(funded).getByText('Spending limit $0.00 → $120.00 (Travel)')).toBeInTheDocument();
    expect(within(funded).getByText('From 203.0.113.9')).toBeInTheDocument();
    expect(within(funded).getByText(/Mar 4, 2025/)).toBeInTheDocument();

    const paused = screen.getByText('Paused a recurring request').closest('tr')!;
    expect(within(paused).getByText(AUDIT_TEXTS.system)).toBeInTheDocument();
    expect(within(paused).getByText('Paused by the system: Insufficient funds')).toBeInTheDocument();
    expect(
      within(screen.getByText('Changed a role').closest('tr')!).getByText('wallet-user → wallet-finance'),
    ).toBeInTheDocument();

    const rows = [...document.querySelectorAll('tbody tr.ant-table-row')].map(
      (row) => row.querySelectorAll('td')[2]?.textContent,
    );
    expect(rows).toEqual(['Paused a recurring request', 'Changed a role', 'Set a card balance']);
    const first = lastCall(api);
    expect(first.get('include')).toBe('actor');
    expect(first.get('sort')).toBe('-created_at');
    expect(first.get('page[number]')).toBe('1');
    expect(first.get('page[size]')).toBe('10');
  });

  it('filters by actor, actions and dates on the server, and Clear Filters removes them', async () => {
    const api = auditApi();
    renderApp(URL_OF_TAB);
    await screen.findByText('Set a card balance');

    await pick('Actor', 'Fin Ance');
    await waitFor(() => expect(lastCall(api).get('filter[actor_id]')).toBe('2'));

    await pick('Action', 'Added funds');
    await pick('Action', 'Changed a role');
    await waitFor(() => expect(lastCall(api).get('filter[action]')).toBe('topup.created,user.roles_changed'));

    const [start, end] = screen.getAllByRole('textbox').filter((input) => input.closest('.ant-picker-range'));
    fireEvent.mouseDown(start!);
    fireEvent.click(start!);
    fireEvent.change(start!, { target: { value: 'Mar 1, 2025' } });
    fireEvent.keyDown(start!, { key: 'Enter', code: 'Enter' });
    fireEvent.change(end!, { target: { value: 'Mar 5, 2025' } });
    fireEvent.keyDown(end!, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(lastCall(api).get('filter[between]')).toBe('2025-03-01,2025-03-05'));
    expect(lastCall(api).get('filter[actor_id]')).toBe('2');

    fireEvent.click(getButton('Clear Filters'));
    await waitFor(() => {
      const params = lastCall(api);
      expect(['filter[actor_id]', 'filter[action]', 'filter[between]'].some((name) => params.has(name))).toBe(false);
    });
  });

  it('pages on the server', async () => {
    const api = auditApi(
      Array.from({ length: 10 }, (_, index) => entry({ id: 30 - index })),
      25,
    );
    renderApp(URL_OF_TAB);
    await screen.findAllByText('Set a card balance');
    expect(screen.getByText('1-10 of 25')).toBeInTheDocument();
    fireEvent.click(document.querySelector<HTMLElement>('.ant-pagination-item-2')!);
    await waitFor(() => expect(lastCall(api).get('page[number]')).toBe('2'));
  });

  it('says so when nothing matches a filter, and that nothing is recorded yet when no filter is set', async () => {
    auditApi([]);
    renderApp(URL_OF_TAB);
    expect(await screen.findByText(AUDIT_TEXTS.none)).toBeInTheDocument();
    expect(screen.queryByText(AUDIT_TEXTS.empty)).not.toBeInTheDocument();
    await pick('Action', 'Added funds');
    expect(await screen.findByText(AUDIT_TEXTS.empty)).toBeInTheDocument();
  });
});
