import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { useTestApp } from '../../test/context.js';
import { TestClient } from '../../test/client.js';
import { TEST_PASSWORD } from '../../test/factories.js';
import { spendWorld, type SpendWorld } from '../analytics/test-fixtures.js';
import { EXPORT_FIELD_NAMES } from './service.js';

/**
 * Exports connect with DATABASE_DIRECT_URL: a CSV's COPY holds its connection for the whole download, which a
 * transaction pooler (PgBouncer) cannot share, and sets its parallel plan through startup options a pooler drops. An
 * app whose DATABASE_URL leads nowhere (as if through a pooler) still exports, over the direct URL.
 */
const ctx = useTestApp();
let world: SpendWorld;
let app: FastifyInstance;

beforeAll(async () => {
  world = await spendWorld(ctx);
  app = await buildApp({
    ...ctx.deps,
    databaseUrl: 'postgres://nobody@127.0.0.1:9/no_such_pooler',
    directDatabaseUrl: ctx.databaseUrl,
  });
});
afterAll(() => app?.close());

describe('exports over the direct connection', () => {
  it('a CSV of every row comes from PostgreSQL over DATABASE_DIRECT_URL, not DATABASE_URL', async () => {
    const admin = await ctx.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select('users.email')
      .where('users.org_id', '=', world.orgId)
      .where('user_roles.role', '=', 'super-admin')
      .executeTakeFirstOrThrow();
    const client = await new TestClient(app, world.host).signIn(admin.email, TEST_PASSWORD);
    const response = await client.get(
      `/api/expenses/export?export_as=csv&export_fields=${EXPORT_FIELD_NAMES.join(',')}`,
    );
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const lines = response.body.trim().split('\r\n');
    // The heading and the organisation's seven transactions (analytics/test-fixtures.ts spendWorld).
    expect(lines).toHaveLength(8);
    expect(lines.slice(1).map((line) => line.slice(0, 10))).toEqual([
      '2025-06-01',
      '2025-04-30',
      '2025-03-15',
      '2025-02-03',
      '2025-02-01',
      '2025-02-01',
      '2025-01-31',
    ]);
  });
});
