import { Writable } from 'node:stream';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { requireAdmin, requireUser } from '../http/guards.js';

/**
 * The security tests' view of the app: every route Fastify registers (collected by an onRoute hook on each
 * instance buildApp creates, so a new route is covered without touching the tests) and, when asked, every log line
 * the app writes.
 *
 * Use from a test file with
 *   vi.mock('fastify', async (original) => (await import('./route-table.js')).instrumentFastify(await original()));
 * (vi.mock is hoisted above the imports, so buildApp sees the instrumented factory).
 */

export interface CollectedRoute {
  method: string;
  url: string;
  options: RouteOptions;
}

const routesByApp = new WeakMap<FastifyInstance, CollectedRoute[]>();
const logSink: { stream: Writable | null } = { stream: null };

/** Wraps the fastify module's factory: every instance records its routes, and logs into captureLogs()' stream. */
export function instrumentFastify(original: Record<string, unknown>): Record<string, unknown> {
  const factory = original.default as (options?: Record<string, unknown>) => FastifyInstance;
  const instrumented = (options: Record<string, unknown> = {}) => {
    const logger = options.logger;
    const withStream =
      logSink.stream && logger && typeof logger === 'object'
        ? { ...options, logger: { ...logger, stream: logSink.stream } }
        : options;
    const app = factory(withStream);
    const routes: CollectedRoute[] = [];
    routesByApp.set(app, routes);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, options: route });
    });
    return app;
  };
  Object.assign(instrumented, factory);
  return { ...original, default: instrumented, fastify: instrumented };
}

/** Routes of an app built after the mock was in place; HEAD twins of GET routes are left out. */
export function routesOf(app: FastifyInstance): CollectedRoute[] {
  const routes = routesByApp.get(app);
  if (!routes)
    throw new Error(
      'routesOf: this app was not built through instrumentFastify (is vi.mock("fastify", ...) at the top of the test file?)',
    );
  return routes
    .filter((route) => route.method !== 'HEAD')
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

/** Every line the apps built from now on write, until the returned stop() is called. */
export function captureLogs(): { lines: string[]; text(): string; stop(): void } {
  const lines: string[] = [];
  logSink.stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return {
    lines,
    text: () => lines.join('\n'),
    stop: () => {
      logSink.stream = null;
    },
  };
}

export type Access = 'public' | 'user' | 'admin' | 'admin-page';

export const routeKey = (route: Pick<CollectedRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

/**
 * Routes anyone may call signed out, with why. Everything else must carry requireUser or requireAdmin as an
 * onRequest hook (read from the route's options) or be listed in GUARDED_IN_HANDLER.
 */
export const PUBLIC_ROUTES: Record<string, string> = {
  'GET /healthz': 'load balancer health check, no organisation data',
  'GET /readyz': 'load balancer readiness check (database, migrations, job queue), no organisation data',
  'GET /metrics':
    'Prometheus metrics, no organisation data: 404 unless METRICS_TOKEN is set, then 401 without it as bearer',
  'GET /sanctum/csrf-cookie': 'hands out the double-submit token the sign-in form needs',
  'POST /login': 'sign-in (rate limited)',
  'POST /two-factor-challenge': 'second sign-in step; needs the httpOnly challenge cookie from /login (rate limited)',
  'POST /forgot-password': 'password reset request; same answer for every email (rate limited)',
  'POST /reset-password': 'password reset with the mailed single-use token (rate limited)',
  'POST /api/auth/register': 'registration with the mailed single-use invitation token (rate limited)',
  'GET /api/auth/sign-in-options': 'tells the sign-in page whether Google sign-in is configured',
  'GET /oauth/google/redirect': 'starts Google sign-in',
  'GET /oauth/google/callback': 'Google sign-in return; needs the httpOnly state cookie (rate limited)',
  'GET /sso/login':
    'inbound single sign-on with a signed, single-use token (rate limited); signs nobody in, asks to confirm',
  'GET /api/sso/sign-in': "whom the inbound single sign-on waiting in this browser's httpOnly cookie would sign in",
  'POST /api/sso/sign-in':
    'confirms the inbound single sign-on of the httpOnly cookie from GET /sso/login (XSRF header needed)',
  'DELETE /api/sso/sign-in': 'cancels the inbound single sign-on waiting in this browser',
  'GET /api/sso/config': 'the giving product name and link shown before sign-in',
  'GET /api/logo/:segment': 'the organisation logo on the sign-in page',
  'GET /api/approval-links/:token': 'one-click approval links from mail; the single-use token is the credential',
  'GET /api/registration-requests/links/:token':
    "approve/block links from the admins' mail; the single-use token is the credential",
  'GET /api/email-changes/confirm':
    'confirms a new email from the link mailed to it; the single-use token is the credential',
  'POST /webhooks/stripe': 'Stripe calls it; authenticated by the Stripe-Signature HMAC, not by a session',
  'GET /api/docs': 'the OpenAPI document (ARCHITECTURE.md D6): route shapes, no data',
  'GET /api/docs/json': 'the OpenAPI document as JSON',
};

/** Routes that check the session in the handler because they answer pages, not JSON: redirect to /login, 403 page. */
export const GUARDED_IN_HANDLER: Record<string, Access> = {
  'GET /dev/mailbox': 'admin-page',
  'GET /dev/mailbox/:id': 'admin-page',
  'GET /dev/mailbox/:id/html': 'admin-page',
};

/** Who may call a route, from its onRequest guard; undefined when it is neither guarded nor listed (a test fails). */
export function accessOf(route: CollectedRoute): Access | undefined {
  const hooks = [route.options.onRequest ?? []].flat();
  if (hooks.includes(requireAdmin)) return 'admin';
  if (hooks.includes(requireUser)) return 'user';
  const key = routeKey(route);
  if (key in PUBLIC_ROUTES) return 'public';
  return GUARDED_IN_HANDLER[key];
}

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Fills a route's :params from a table; unknown params get `fallback`. */
export function fillPath(
  url: string,
  values: Record<string, string | number>,
  fallback: string | number = 999_999,
): string {
  return url.replace(/:([A-Za-z_]+)/g, (_match, name: string) => String(values[name] ?? fallback));
}
