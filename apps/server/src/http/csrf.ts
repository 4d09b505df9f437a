import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@wallet/contract';
import { csrfMismatch } from './errors.js';
import { safeEqual } from '../crypto/tokens.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Provider webhooks are authenticated by their signature, not by a browser cookie. */
const EXEMPT_PREFIXES = ['/webhooks/'];

/** Double-submit CSRF (ARCHITECTURE.md D5): a state-changing request must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN. */
export function registerCsrf(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || EXEMPT_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, decodeURIComponentSafe(header)))
      throw csrfMismatch();
  });
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
