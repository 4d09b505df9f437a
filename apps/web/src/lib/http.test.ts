import { afterEach, describe, expect, it } from 'vitest';
import { csrfCookieRoute, installFakeApi } from '../test/fake-api';
import { http, HttpError } from './http';

afterEach(() => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('http client', () => {
  it('sends the decoded XSRF-TOKEN cookie as X-XSRF-TOKEN on writes, with credentials', async () => {
    document.cookie = 'XSRF-TOKEN=abc%2B123%3D';
    const api = installFakeApi({ 'POST /api/things': { status: 201, body: { data: { id: 7 } } } });
    await expect(http.post('/api/things', { name: 'x' })).resolves.toEqual({ data: { id: 7 } });
    const [call] = api.calls;
    expect(call?.headers.get('X-XSRF-TOKEN')).toBe('abc+123=');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.credentials).toBe('include');
    expect(call?.body).toEqual({ name: 'x' });
  });

  it.each(['put', 'patch', 'delete'] as const)('sends the XSRF header on %s', async (method) => {
    document.cookie = 'XSRF-TOKEN=t';
    const api = installFakeApi({ [`${method.toUpperCase()} /api/things/1`]: { status: 204 } });
    await http[method]('/api/things/1');
    expect(api.calls[0]?.headers.get('X-XSRF-TOKEN')).toBe('t');
  });

  it('fetches /sanctum/csrf-cookie first when the cookie is absent', async () => {
    const api = installFakeApi({ ...csrfCookieRoute, 'POST /logout': { status: 204 } });
    await expect(http.post('/logout')).resolves.toBeUndefined();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /sanctum/csrf-cookie', 'POST /logout']);
    expect(api.calls[1]?.headers.get('X-XSRF-TOKEN')).toBe('token=value');
  });

  it('does not send the XSRF header on GET, and encodes query parameters', async () => {
    document.cookie = 'XSRF-TOKEN=t';
    const api = installFakeApi({ 'GET /api/cards': { status: 200, body: { data: [] } } });
    await http.get('/api/cards', { query: { 'page[size]': 8, 'filter[name]': undefined } });
    expect(api.calls[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(String(api.fetchMock.mock.calls[0]?.[0])).toBe('/api/cards?page%5Bsize%5D=8');
  });

  it('retries once with a fresh token after a 419', async () => {
    document.cookie = 'XSRF-TOKEN=stale';
    let attempts = 0;
    installFakeApi({
      ...csrfCookieRoute,
      'POST /api/things': () => (++attempts === 1 ? { status: 419, body: { message: 'CSRF token mismatch.' } } : { status: 200, body: { ok: true } }),
    });
    await expect(http.post('/api/things')).resolves.toEqual({ ok: true });
    expect(attempts).toBe(2);
  });

  it('throws a typed HttpError with the status, message and field errors', async () => {
    document.cookie = 'XSRF-TOKEN=t';
    installFakeApi({
      'POST /api/users': { status: 422, body: { message: 'The given data was invalid.', errors: { email: ['Taken.'] } } },
    });
    const error = await http.post('/api/users', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 422, message: 'The given data was invalid.', errors: { email: ['Taken.'] } });
  });

  it('turns a network failure into an HttpError with status 0', async () => {
    const { fetchMock } = installFakeApi({});
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await http.get('/api/me').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(0);
  });
});
