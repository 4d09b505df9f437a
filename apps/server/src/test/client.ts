import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE } from '@wallet/contract';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A browser stand-in: keeps cookies, sends the Host of its organisation and echoes XSRF-TOKEN like the SPA. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  /** When false, state-changing requests go without the X-XSRF-TOKEN header. */
  sendCsrfHeader = true;

  constructor(
    private readonly app: FastifyInstance,
    readonly host: string,
  ) {}

  get(url: string, headers: Record<string, string> = {}) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request('POST', url, body, headers);
  }
  put(url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request('PUT', url, body, headers);
  }
  patch(url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request('PATCH', url, body, headers);
  }
  delete(url: string, headers: Record<string, string> = {}) {
    return this.request('DELETE', url, undefined, headers);
  }

  async request(
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    if (method !== 'GET' && this.sendCsrfHeader && !this.cookies.has(CSRF_COOKIE))
      await this.get('/sanctum/csrf-cookie');
    const options: InjectOptions = {
      method,
      url,
      headers: {
        host: this.host,
        ...(this.cookies.size > 0 && {
          cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        }),
        ...(method !== 'GET' && this.sendCsrfHeader && { 'x-xsrf-token': this.cookies.get(CSRF_COOKIE) ?? '' }),
        ...headers,
      },
    };
    if (body !== undefined) {
      if (typeof body === 'string' || Buffer.isBuffer(body)) options.payload = body;
      else options.payload = body as InjectOptions['payload'];
    }
    const response = await this.app.inject(options);
    for (const cookie of response.cookies) {
      const expired = cookie.expires instanceof Date && cookie.expires.getTime() <= Date.now();
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  /** Signs in through the real endpoint; throws when it fails so tests read cleanly. */
  async signIn(email: string, password: string) {
    const response = await this.post('/login', { email, password });
    if (response.statusCode !== 200)
      throw new Error(`sign-in failed for ${email}: ${response.statusCode} ${response.body}`);
    return this;
  }
}
