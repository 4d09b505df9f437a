import { afterEach, describe, expect, it, vi } from 'vitest';
import { csrfCookieRoute, installFakeApi } from '../test/fake-api';
import { ensureCsrfCookie, http, HttpError, setPasswordConfirmer } from './http';

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

  it('asks for the XSRF cookie once for callers at the same time, and not at all when the browser holds it', async () => {
    const api = installFakeApi({ ...csrfCookieRoute, 'POST /logout': { status: 204 } });
    ensureCsrfCookie();
    await http.post('/logout');
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /logout',
    ]);
    ensureCsrfCookie();
    await http.post('/logout');
    expect(api.calls.filter((call) => call.path === '/sanctum/csrf-cookie')).toHaveLength(1);
  });

  it('fetches /sanctum/csrf-cookie first when the cookie is absent', async () => {
    const api = installFakeApi({ ...csrfCookieRoute, 'POST /logout': { status: 204 } });
    await expect(http.post('/logout')).resolves.toBeUndefined();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /logout',
    ]);
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
      'POST /api/things': () =>
        ++attempts === 1
          ? { status: 419, body: { message: 'CSRF token mismatch.' } }
          : { status: 200, body: { ok: true } },
    });
    await expect(http.post('/api/things')).resolves.toEqual({ ok: true });
    expect(attempts).toBe(2);
  });

  it('throws a typed HttpError with the status, message and field errors', async () => {
    document.cookie = 'XSRF-TOKEN=t';
    installFakeApi({
      'POST /api/users': {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { email: ['Taken.'] } },
      },
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

  describe('423: password confirmation', () => {
    const locked = { status: 423, body: { message: 'Password confirmation required.' } };

    it('asks the registered confirmer, then makes the same call again', async () => {
      document.cookie = 'XSRF-TOKEN=t';
      let unlocked = false;
      const api = installFakeApi({
        'POST /api/secret': () => (unlocked ? { status: 200, body: { data: 'open' } } : locked),
      });
      const confirmer = vi.fn(async () => {
        unlocked = true;
        return true;
      });
      const unregister = setPasswordConfirmer(confirmer);
      try {
        await expect(http.post('/api/secret', { a: 1 })).resolves.toEqual({ data: 'open' });
      } finally {
        unregister();
      }
      expect(confirmer).toHaveBeenCalledTimes(1);
      expect(api.calls.map((call) => call.body)).toEqual([{ a: 1 }, { a: 1 }]);
    });

    it('gives the caller the 423 when the person gives up, and retries at most once', async () => {
      const api = installFakeApi({ 'GET /api/secret': locked });
      const unregister = setPasswordConfirmer(async () => false);
      const givenUp = await http.get('/api/secret').catch((caught: unknown) => caught);
      expect(givenUp).toMatchObject({ status: 423 });
      expect(api.calls).toHaveLength(1);
      unregister();

      const stillLocked = setPasswordConfirmer(async () => true);
      const again = await http.get('/api/secret').catch((caught: unknown) => caught);
      stillLocked();
      expect(again).toMatchObject({ status: 423 });
      expect(api.calls).toHaveLength(3);
    });

    it('asks once for calls locked at the same time', async () => {
      let unlocked = false;
      installFakeApi({ 'GET /api/secret': () => (unlocked ? { status: 200, body: { ok: true } } : locked) });
      let release: (value: boolean) => void = () => {};
      const confirmer = vi.fn(
        () =>
          new Promise<boolean>((resolve) => {
            release = resolve;
          }),
      );
      const unregister = setPasswordConfirmer(confirmer);
      const both = Promise.all([http.get('/api/secret'), http.get('/api/secret')]);
      await vi.waitFor(() => expect(confirmer).toHaveBeenCalled());
      unlocked = true;
      release(true);
      await expect(both).resolves.toEqual([{ ok: true }, { ok: true }]);
      unregister();
      expect(confirmer).toHaveBeenCalledTimes(1);
    });

    it('without a confirmer (or for the confirmation itself) a 423 is just an error', async () => {
      document.cookie = 'XSRF-TOKEN=t';
      installFakeApi({ 'GET /api/secret': locked, 'POST /user/confirm-password': locked });
      expect(await http.get('/api/secret').catch((caught: unknown) => caught)).toMatchObject({ status: 423 });
      const confirmer = vi.fn(async () => true);
      const unregister = setPasswordConfirmer(confirmer);
      expect(
        await http.post('/user/confirm-password', { password: 'x' }).catch((caught: unknown) => caught),
      ).toMatchObject({ status: 423 });
      unregister();
      expect(confirmer).not.toHaveBeenCalled();
    });
  });
});
