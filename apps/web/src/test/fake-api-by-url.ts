import { vi } from 'vitest';

/*
 * A fake API for screen tests whose handlers see the whole URL (query included), so one path can answer per filter;
 * test/fake-api.ts is the one keyed by path alone.
 */

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
export const list = <T>(data: T[], total = data.length) => ({
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
