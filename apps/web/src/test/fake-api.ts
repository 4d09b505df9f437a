import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters (routes match on the path alone; a handler may answer by these). */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export type FakeReply = { status: number; body?: unknown; setCookie?: string };
type Handler = FakeReply | ((call: RecordedCall) => FakeReply);

/**
 * Stubs the global fetch with a tiny in-memory API: keys are 'METHOD /path' (query string ignored).
 * Unknown routes answer 404. `setCookie` writes a readable cookie, as the server's Set-Cookie would.
 */
export function installFakeApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      credentials: init.credentials,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const reply =
      typeof handler === 'function' ? handler(call) : (handler ?? { status: 404, body: { message: 'Not Found.' } });
    if (reply.setCookie) document.cookie = reply.setCookie;
    if (reply.body === undefined) return new Response(null, { status: reply.status });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, routes };
}

export const csrfCookieRoute: Record<string, FakeReply> = {
  'GET /sanctum/csrf-cookie': { status: 204, setCookie: 'XSRF-TOKEN=token%3Dvalue' },
};
