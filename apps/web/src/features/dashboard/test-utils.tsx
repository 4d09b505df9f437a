import { render } from '@testing-library/react';
import type { Me, PurchaseRequestResource } from '@wallet/contract';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { meQueryKey } from '../../lib/session';
import { createTestQueryClient } from '../../test/render-app';

export interface ApiCall {
  method: string;
  url: URL;
  body: unknown;
}

type Reply = { status: number; body?: unknown };
export type Handler = Reply | ((call: ApiCall) => Reply);

/**
 * Stubs fetch with routes keyed 'METHOD /path'; handlers see the whole URL (query included), so one path can answer
 * per filter. Unknown routes answer 404. Returns every call made.
 */
export function fakeApi(routes: Record<string, Handler>) {
  document.cookie = 'XSRF-TOKEN=t';
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const call: ApiCall = { method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body };
      calls.push(call);
      const handler = routes[`${method} ${url.pathname}`];
      const reply =
        typeof handler === 'function' ? handler(call) : (handler ?? { status: 404, body: { message: 'Not Found.' } });
      if (reply.body === undefined) return new Response(null, { status: reply.status });
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return {
    calls,
    /** The calls to `path` (GET unless told), as URLs. */
    urls: (path: string, method = 'GET') =>
      calls.filter((call) => call.method === method && call.url.pathname === path).map((call) => call.url),
  };
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const list = <T,>(data: T[], total = data.length) => ({
  data,
  meta: { total, current_page: 1, per_page: Math.max(1, data.length), last_page: 1 },
});

/** Monthly rows ending with the current month: {date: 'YYYY-MM-01', amount}. */
export function monthRows(amounts: number[], today = new Date()): Array<{ date: string; amount: number }> {
  return amounts.map((amount, index) => {
    const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (amounts.length - 1 - index), 1));
    return { date: date.toISOString().slice(0, 10), amount };
  });
}

/** Daily rows ending today. */
export function dayRows(amounts: number[], today = new Date()): Array<{ date: string; amount: number }> {
  return amounts.map((amount, index) => {
    const date = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (amounts.length - 1 - index)),
    );
    return { date: date.toISOString().slice(0, 10), amount };
  });
}

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

/** Shows where the router is (path and query), for navigation assertions. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

/** `ui` with the app's providers, a router at `path` (under `route` when given) and the signed-in user `me`. */
export function renderScreen(ui: ReactNode, { me, path = '/', route }: { me: Me; path?: string; route?: string }) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(meQueryKey, me);
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route ?? '*'} element={ui} />
          {route && <Route path="*" element={null} />}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}
