import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { ROLES, type Role } from '@wallet/contract';
import { useTestApp } from '../test/context.js';
import type { TestClient } from '../test/client.js';
import { multipartFile, PNG_BYTES } from '../test/helpers.js';
import { newCardBody } from '../test/card-factories.js';
import { requestBody } from '../modules/purchase-requests/test-fixtures.js';
import {
  accessOf,
  fillPath,
  routeKey,
  routesOf,
  STATE_CHANGING,
  type Access,
  type CollectedRoute,
} from './route-table.js';
import { changedTables, orgFingerprint, securityWorld, sessionClient, type SecurityWorld } from './fixtures.js';

vi.mock('fastify', async (original) =>
  (await import('./route-table.js')).instrumentFastify(await original<Record<string, unknown>>()),
);

/**
 * ARCHITECTURE.md D5, issue 9 "security review": a tenant-isolation and role matrix generated from the route table. Every
 * registered route (collected as Fastify registers it) is called signed out, by each role of its own organisation,
 * by an admin and a member of another organisation on that organisation's host addressing the first one's object
 * ids, and with the first organisation's session cookie on the other host.
 */
const ctx = useTestApp();

let world: SecurityWorld;
let routes: CollectedRoute[];
/** One signed-in browser per role of organisation A (GETs reuse them; state-changing calls get a fresh session). */
const userIdOfRole = {} as Record<Role, number>;
const clientOfRole = {} as Record<Role, TestClient>;

/** Route parameter values: the first path segment names the resource an :id belongs to. */
const ID_OF_RESOURCE: Record<string, keyof SecurityWorld['ids']> = {
  cards: 'card',
  users: 'member',
  teams: 'team',
  'purchase-requests': 'request',
  'recurring-purchase-requests': 'recurring',
  expenses: 'expense',
  receipts: 'receipt',
  'wallet-categories': 'category',
  simulator: 'authorization',
  dev: 'mail',
};
const MISSING_AUTHORIZATION = `iauth_sim_${'0'.repeat(20)}`;
const MISSING_ID = 2_000_000_000;
/** A month organisation A closed (beforeAll), and one nobody closed: DELETE /api/month-closes/:month. */
const CLOSED_MONTH = '2020-01';
const MISSING_MONTH = '1999-01';

function resourceOf(url: string): string {
  const parts = url.split('/').filter(Boolean);
  return parts[0] === 'api' ? parts[1]! : parts[0]!;
}

/** Organisation A's ids for this route's parameters, or (missing) ids no organisation has. */
function paramsFor(route: CollectedRoute, missing = false): Record<string, string | number> {
  const names = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);
  const values: Record<string, string | number> = {};
  for (const name of names) {
    if (name === 'month') {
      values[name] = missing ? MISSING_MONTH : CLOSED_MONTH;
      continue;
    }
    const kind =
      name === 'id'
        ? ID_OF_RESOURCE[resourceOf(route.url)]
        : name === 'userId'
          ? 'member'
          : name === 'approvalId'
            ? 'approval'
            : undefined;
    if (!kind) throw new Error(`${routeKey(route)}: no fixture id for :${name}; add its resource to ID_OF_RESOURCE`);
    values[name] = missing ? (kind === 'authorization' ? MISSING_AUTHORIZATION : MISSING_ID) : world.ids[kind];
  }
  return values;
}

type Sample = unknown | { multipart: { payload: Buffer; headers: Record<string, string> } };

/**
 * Valid bodies for routes that address organisation A's objects (in the path or in the body), so another
 * organisation's call gets past validation to the lookup that must answer 404. A route with a body schema and a
 * parameter or an id in its body needs one here (a test fails otherwise); each is checked against the route's schema.
 */
function samples(w: SecurityWorld): Record<string, Sample> {
  const { ids } = w;
  const decision = { approving: true, status: 'approved', notes: null };
  return {
    'PUT /api/cards/:id/balance': { amount: 100, description: 'Probe' },
    'PUT /api/cards/:id/status': { status: 'inactive' },
    'PUT /api/cards/:id/spending-controls': { spending_limits: [{ amount: 100, interval: 'daily' }] },
    'PATCH /api/cards/:id': { nickname: 'Probe' },
    'PUT /api/cards/:id/low-balance-alert': { threshold: 100 },
    'POST /api/cards/:id/ephemeral-keys': { nonce: 'ephkn_pub_probe' },
    'PATCH /api/expenses/:id': { notes: 'Probe' },
    'PUT /api/purchase-requests/:id': requestBody(w.a),
    'PUT /api/purchase-requests/:id/approvals/:approvalId': decision,
    'PUT /api/purchase-requests/:id/finance-approval': decision,
    'PUT /api/recurring-purchase-requests/:id': { is_paused: true },
    'POST /api/simulator/authorizations/:id/capture': {},
    'POST /api/simulator/authorizations/:id/increment': { amount: 1 },
    'POST /api/simulator/authorizations/:id/refund': { amount: 1 },
    'PUT /api/teams/:id': { name: 'Probe' },
    'POST /api/teams/:id/users': { users: [ids.member] },
    'POST /api/users/:id/invitations': { role: 'wallet-user' },
    'PUT /api/users/:id': { first_name: 'Pro', last_name: 'Be', email: 'probe@example.test' },
    'PUT /api/users/:id/notification-preferences': {
      approval_needed: false,
      request_decided: false,
      card_funded: false,
    },
    'POST /api/users/:id/purchase-requests': requestBody(w.a),
    'PUT /api/users/:id/roles': { roles: ['wallet-admin'] },
    'PUT /api/wallet-categories/:id': { name: 'Probe' },
    'POST /users/:id/avatar': { multipart: multipartFile('avatar', 'a.png', 'image/png', PNG_BYTES) },
    'POST /api/expenses/:id/receipts': { multipart: multipartFile('receipt', 'r.png', 'image/png', PNG_BYTES) },
    'POST /api/receipts/:id/attach': { expense_id: ids.expense },
    'POST /api/expenses/reviews': { ids: [ids.expense], action: 'flag' },
    // No parameter, but the body names A's objects:
    'POST /api/cards': newCardBody(ids.member),
    'POST /api/cards/fund': { card_ids: [ids.card], amount: 1, description: 'Probe' },
    'POST /api/simulator/purchases': { card_id: ids.card, amount: 1 },
    'POST /api/teams': {
      name: 'Probe',
      color: '#1677FF',
      team: { users: [ids.member] },
      approval_path: [w.a.first.id],
    },
  };
}
/** Query strings a route needs to get past validation (so the lookup answers, not the validator). */
const QUERIES: Record<string, string> = {
  'GET /api/cards/:id/expenses/export': '?from=2020-01-01&to=2030-12-31',
  'GET /api/expenses/export': '?from=2020-01-01&to=2030-12-31',
};

/**
 * Routes that refuse, by rule, any id but the caller's own before looking anything up: the answer is the same 403
 * for an existing, a missing and another organisation's id, so it tells nothing about organisation A.
 */
const SAME_403_FOR_ANY_ID: Record<string, string> = {
  'POST /api/users/:id/purchase-requests': 'requests are filed by the cardholder for themselves only',
};

/** State-changing routes without a parameter whose body names no object: the other organisation acts on its own. */
const OWN_ORGANISATION_ONLY = new Set([
  'POST /api/topups',
  'POST /api/users',
  'POST /api/wallet-categories',
  'PUT /api/card-settings',
  'POST /api/outbound-sso',
  'POST /api/issuing-tos-acceptances/accept',
  'POST /api/organization/logo',
  'DELETE /api/organization/logo',
  'POST /logout',
  'PUT /user/password',
  'POST /user/confirm-password',
  'POST /user/two-factor-authentication',
  'DELETE /user/two-factor-authentication',
  'POST /user/confirmed-two-factor-authentication',
  'POST /user/two-factor-recovery-codes',
  // Its ids are notifications, and only the caller's own are ever marked: another organisation's ids change nothing.
  'POST /api/notifications/read',
  // Receipts into the caller's own inbox: the files name nothing of anyone's.
  'POST /api/receipts',
  // A month of the caller's own organisation.
  'POST /api/month-closes',
]);

function send(
  client: TestClient,
  route: CollectedRoute,
  params: Record<string, string | number>,
  body?: Sample,
): Promise<LightMyRequestResponse> {
  const url = fillPath(route.url, params) + (QUERIES[routeKey(route)] ?? '');
  if (body && typeof body === 'object' && 'multipart' in body) {
    const { payload, headers } = (body as { multipart: { payload: Buffer; headers: Record<string, string> } })
      .multipart;
    return client.request(route.method as 'POST', url, payload, headers);
  }
  return client.request(
    route.method as 'GET',
    url,
    route.method === 'GET' || route.method === 'DELETE' ? undefined : (body ?? {}),
  );
}

const guarded = () => routes.filter((route) => accessOf(route) !== 'public');
/** Per route key, the statuses seen, for the printed matrix. */
const matrix = new Map<string, Record<string, string>>();
function note(route: CollectedRoute, column: string, response: LightMyRequestResponse) {
  const row = matrix.get(routeKey(route)) ?? {};
  row[column] = String(response.statusCode);
  matrix.set(routeKey(route), row);
}

beforeAll(async () => {
  world = await securityWorld(ctx);
  routes = routesOf(ctx.app);
  const closed = await world.a.adminClient.post('/api/month-closes', { month: CLOSED_MONTH });
  if (closed.statusCode !== 201) throw new Error(closed.body);
  const { a } = world;
  Object.assign(userIdOfRole, {
    'super-admin': a.admin.id,
    'wallet-admin': a.first.id,
    'wallet-finance': a.second.id,
    'wallet-user': a.member.id,
  });
  Object.assign(clientOfRole, {
    'super-admin': a.adminClient,
    'wallet-admin': a.firstClient,
    'wallet-finance': a.secondClient,
    'wallet-user': a.memberClient,
  });
}, 60_000);

describe('the route table', () => {
  it('classifies every route: requireUser/requireAdmin on the route, or listed as public or guarded in the handler', () => {
    expect(routes.length).toBeGreaterThan(50);
    const unclassified = routes.filter((route) => accessOf(route) === undefined).map(routeKey);
    expect(unclassified, 'add a guard to the route, or list it in route-table.ts with a reason').toEqual([]);
  });

  it("has a valid sample body for each route that addresses an object, checked against the route's own schema", () => {
    const table = samples(world);
    const problems: string[] = [];
    for (const route of guarded()) {
      const key = routeKey(route);
      if (!STATE_CHANGING.has(route.method) || route.method === 'DELETE') continue;
      const schema = (route.options.schema as { body?: z.ZodType } | undefined)?.body;
      const addresses = route.url.includes(':');
      if (!(key in table)) {
        if (addresses && schema) problems.push(`${key}: no sample body`);
        else if (!addresses && !OWN_ORGANISATION_ONLY.has(key))
          problems.push(`${key}: unclassified (sample body with A's ids, or OWN_ORGANISATION_ONLY)`);
        continue;
      }
      const sample = table[key];
      if (
        schema &&
        typeof schema.safeParse === 'function' &&
        !(sample && typeof sample === 'object' && 'multipart' in sample)
      ) {
        const parsed = schema.safeParse(sample);
        if (!parsed.success) problems.push(`${key}: sample rejected by the schema: ${parsed.error.message}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('signed out and with a cookie of another organisation', () => {
  it('signed out: every guarded route answers 401 (pages: a redirect to /login), and nothing is written', async () => {
    const before = await orgFingerprint(ctx.db, world.a.organization.id);
    const wrong: string[] = [];
    for (const route of guarded()) {
      const response = await send(ctx.client(world.a.host), route, paramsFor(route), samples(world)[routeKey(route)]);
      note(route, 'anon', response);
      const ok =
        accessOf(route) === 'admin-page'
          ? response.statusCode === 302 && response.headers.location === '/login'
          : response.statusCode === 401;
      if (!ok) wrong.push(`${routeKey(route)} -> ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(changedTables(before, await orgFingerprint(ctx.db, world.a.organization.id))).toEqual([]);
  });

  it("organisation A's session cookie on organisation B's host is no session there: 401 everywhere", async () => {
    const before = await orgFingerprint(ctx.db, world.a.organization.id);
    const wrong: string[] = [];
    for (const route of guarded()) {
      const client = ctx.client(world.b.host);
      for (const [name, value] of world.a.adminClient.cookies) client.cookies.set(name, value);
      const response = await send(client, route, paramsFor(route), samples(world)[routeKey(route)]);
      note(route, 'A@B', response);
      const ok = accessOf(route) === 'admin-page' ? response.statusCode === 302 : response.statusCode === 401;
      if (!ok) wrong.push(`${routeKey(route)} -> ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(changedTables(before, await orgFingerprint(ctx.db, world.a.organization.id))).toEqual([]);
  });
});

describe('roles of the organisation', () => {
  it('admin-only routes: 403 for a wallet-user, through the guard for super-admin, wallet-admin and wallet-finance; user routes: every role passes', async () => {
    const wrong: string[] = [];
    for (const route of guarded()) {
      const access = accessOf(route) as Access;
      for (const role of ROLES) {
        // Reads use A's real objects; writes get a fresh session and ids no one has (the guard's answer is what counts).
        const changes = STATE_CHANGING.has(route.method);
        const client = changes
          ? await sessionClient(ctx, world.a.host, world.a.organization.id, userIdOfRole[role])
          : clientOfRole[role];
        const response = await send(client, route, paramsFor(route, changes));
        note(route, role, response);
        const status = response.statusCode;
        const adminOnly = access === 'admin' || access === 'admin-page';
        if (adminOnly && role === 'wallet-user' && status !== 403)
          wrong.push(`${routeKey(route)} as ${role} -> ${status}, expected 403`);
        if (
          (!adminOnly || role !== 'wallet-user') &&
          (status === 401 || status === 403 || status === 302 || status >= 500)
        ) {
          // A member may be refused another person's object by the handler; the guard itself let them through.
          const refusedObject = !adminOnly && role === 'wallet-user' && status === 403;
          if (!refusedObject) wrong.push(`${routeKey(route)} as ${role} -> ${status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Every route for four roles, one after another (about 450 requests and a session per write): on a loaded
    // 2-core machine that passed 30 s, so it gets its own limit.
  }, 120_000);
});

describe('another organisation', () => {
  it("its admin and member addressing organisation A's ids get what a missing id gets: 404 (never 2xx, never a 403 that tells it exists); nothing written in A", async () => {
    const before = await orgFingerprint(ctx.db, world.a.organization.id);
    const table = samples(world);
    const wrong: string[] = [];
    for (const route of guarded()) {
      const key = routeKey(route);
      const addresses =
        route.url.includes(':') ||
        (key in table && !OWN_ORGANISATION_ONLY.has(key) && STATE_CHANGING.has(route.method));
      if (!addresses) continue;
      for (const [who, client] of [
        ['B-admin', world.b.adminClient],
        ['B-user', world.b.memberClient],
      ] as const) {
        const fresh = STATE_CHANGING.has(route.method)
          ? await sessionClient(
              ctx,
              world.b.host,
              world.b.orgId,
              who === 'B-admin' ? world.b.adminId : await memberIdOf(client),
            )
          : client;
        const response = await send(fresh, route, paramsFor(route), table[key]);
        note(route, who, response);
        const status = response.statusCode;
        const adminOnly = accessOf(route) === 'admin' || accessOf(route) === 'admin-page';
        if (status < 400 || status >= 500) wrong.push(`${key} by ${who} -> ${status} ${response.body.slice(0, 120)}`);
        if (!route.url.includes(':')) {
          // Ids only in the body: a refusal naming the field (422) or 404; a member of B is refused an admin route first.
          const expected = who === 'B-user' && adminOnly ? [403] : [404, 422];
          if (!expected.includes(status)) wrong.push(`${key} by ${who} -> ${status}`);
          continue;
        }
        const missing = await send(
          STATE_CHANGING.has(route.method)
            ? await sessionClient(
                ctx,
                world.b.host,
                world.b.orgId,
                who === 'B-admin' ? world.b.adminId : await memberIdOf(client),
              )
            : client,
          route,
          paramsFor(route, true),
          table[key],
        );
        if (missing.statusCode !== status)
          wrong.push(
            `${key} by ${who}: A's id -> ${status}, a missing id -> ${missing.statusCode} (tells A's object exists)`,
          );
        const expected = key in SAME_403_FOR_ANY_ID ? 403 : who === 'B-user' && adminOnly ? 403 : 404;
        if (status !== expected) wrong.push(`${key} by ${who} -> ${status}, expected ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(changedTables(before, await orgFingerprint(ctx.db, world.a.organization.id))).toEqual([]);
  });

  it('its lists and reports contain nothing of organisation A', async () => {
    const leaks: string[] = [];
    for (const route of guarded().filter((candidate) => candidate.method === 'GET' && !candidate.url.includes(':'))) {
      for (const [who, client] of [
        ['B-admin', world.b.adminClient],
        ['B-user', world.b.memberClient],
      ] as const) {
        const response = await send(client, route, {});
        note(route, who, response);
        const found = world.markersOfA.filter((marker) => response.body.includes(marker));
        if (found.length > 0) leaks.push(`${routeKey(route)} by ${who}: ${found.join(', ')}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});

const memberIds = new Map<TestClient, number>();
async function memberIdOf(client: TestClient): Promise<number> {
  if (!memberIds.has(client)) memberIds.set(client, (await client.get('/api/me')).json().data.id as number);
  return memberIds.get(client)!;
}

describe('summary', () => {
  it('prints the matrix', () => {
    const columns = ['anon', 'A@B', ...ROLES, 'B-admin', 'B-user'];
    const short: Record<string, string> = {
      'super-admin': 'super',
      'wallet-admin': 'admin',
      'wallet-finance': 'finance',
      'wallet-user': 'user',
    };
    const lines = [
      `${'route'.padEnd(58)} ${'access'.padEnd(10)} ${columns.map((column) => (short[column] ?? column).padStart(8)).join('')}`,
    ];
    for (const route of routes) {
      const row = matrix.get(routeKey(route)) ?? {};
      lines.push(
        `${routeKey(route).padEnd(58)} ${(accessOf(route) ?? '?').padEnd(10)} ${columns.map((column) => (row[column] ?? '-').padStart(8)).join('')}`,
      );
    }
    console.log(
      `Security matrix (${routes.length} routes; status per caller; - = not applicable):\n${lines.join('\n')}`,
    );
    expect(matrix.size).toBeGreaterThan(0);
  });
});
