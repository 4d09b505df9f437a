import type { AnalyticsTopRow, ExpenseResource, Me } from '@wallet/contract';
import { vi } from 'vitest';

/** One request the reports screens made: the whole URL (query included), its method, body and credentials. */
export interface ApiCall {
  method: string;
  url: URL;
  body: unknown;
  credentials: RequestCredentials | undefined;
  at: number;
}

export type Reply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | Promise<{ status: number; body?: unknown; headers?: Record<string, string> }>;
type Handler = (call: ApiCall) => Reply | undefined;

export const TOP_ROWS: Record<string, AnalyticsTopRow[]> = {
  top_five_spender: [
    { id: 10, label: 'Jordan Lee', amount: 1_001_635 },
    { id: 11, label: 'Sam Rivera', amount: 457_377 },
  ],
  top_five_card_balances: [{ id: 7, label: 'Travel card •••• 3531', amount: 1_684_598 }],
  top_five_categories: [
    { id: 1, label: 'Travel', amount: 916_226 },
    { id: null, label: 'Uncategorized', amount: 12_345 },
  ],
  top_five_teams: [{ id: 5, label: 'Engineering', amount: 1_459_012 }],
};

export function makeExpense(overrides: Partial<ExpenseResource> = {}): ExpenseResource {
  return {
    id: 1,
    stripe_created: Date.UTC(2025, 2, 4, 15, 0, 0) / 1000,
    amount: 4_598,
    type: 'capture',
    wallet: 'apple_pay',
    merchant_data: { name: 'Sweetgreen', category: 'eating_places_restaurants' },
    wallet_card: { id: 7, last4: '3531', name: 'Travel card' },
    user: { id: 10, name: 'Jordan Lee' },
    wallet_category: null,
    team: { id: 5, name: 'Engineering', color: '#1677FF' },
    notes: null,
    ...overrides,
  };
}

const months = (amounts: number[]) =>
  amounts.map((amount, index) => ({ date: `2025-${String(index + 1).padStart(2, '0')}-01`, amount }));

/** A series for whichever endpoint and filter, and totals for group_single. */
function analytics(path: string, call: ApiCall): Reply {
  const filters = call.url.searchParams;
  for (const name of Object.keys(TOP_ROWS))
    if (filters.has(`filter[${name}]`)) return { status: 200, body: { data: TOP_ROWS[name] } };
  const totals: Record<string, number> = { '/api/expenses/analytics': 1_459_012, '/api/topups/analytics': 8_500_000 };
  if (filters.has('filter[group_single]'))
    return { status: 200, body: { data: [{ date: null, amount: totals[path] ?? 0 }] } };
  const series: Record<string, number[]> = {
    '/api/expenses/analytics': [200_000, 250_000, 300_000, 269_421, 285_777, 200_142],
    '/api/topups/analytics': [0, 0, 0, 0, 0, 8_500_000],
    '/api/journal-entries/analytics': [0, 0, 0, 0, 0, 7_436_900],
    '/api/wallet-balances/analytics': [0, 0, 0, 0, 0, 1_063_100],
  };
  return { status: 200, body: { data: months(series[path] ?? []) } };
}

/**
 * Stubs fetch with the reports API: analytics answers by filter, a page of transactions, notes updates and exports.
 * `handlers` run first; one answering undefined falls through to the defaults.
 */
export function installReportsApi(
  me: Me,
  handlers: Record<string, Handler> = {},
  expenses: ExpenseResource[] = [makeExpense()],
) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: ApiCall = {
      method,
      url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      credentials: init.credentials,
      at: Date.now(),
    };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    let reply = handlers[key]?.(call);
    if (!reply) {
      if (key === 'GET /api/me') reply = { status: 200, body: { data: me } };
      else if (key === 'GET /sanctum/csrf-cookie') {
        document.cookie = 'XSRF-TOKEN=token';
        reply = { status: 204 };
      } else if (method === 'GET' && url.pathname.endsWith('/analytics')) reply = analytics(url.pathname, call);
      else if (key === 'GET /api/expenses') {
        const size = Number(url.searchParams.get('page[size]') ?? 10);
        reply = {
          status: 200,
          body: {
            data: expenses.slice(0, size),
            meta: { total: expenses.length, current_page: 1, per_page: size, last_page: 1 },
          },
        };
      } else reply = { status: 404, body: { message: 'Not Found.' } };
    }
    const { status, body, headers = {} } = await reply;
    if (body === undefined) return new Response(null, { status, headers });
    if (typeof body === 'string') return new Response(body, { status, headers });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  });
  vi.stubGlobal('fetch', fetchMock);

  const find = (predicate: (call: ApiCall) => boolean) => calls.filter(predicate);
  return {
    calls,
    /** Calls to a path (GET unless told), newest last. */
    to: (path: string, method = 'GET') => find((call) => call.url.pathname === path && call.method === method),
  };
}
