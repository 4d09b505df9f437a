import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { SESSION_COOKIE } from '@wallet/contract';
import type { Db } from '../db/database.js';
import type { TestContext } from '../test/context.js';
import type { TestClient } from '../test/client.js';
import { makeOrganization, makeUser } from '../test/factories.js';
import { fundCard, waitForIssuerOutbox } from '../test/card-factories.js';
import { multipartFile, PNG_BYTES, waitFor } from '../test/helpers.js';
import { waitForNotificationMails } from '../modules/notifications/test-fixtures.js';
import { openSession } from '../modules/auth/service.js';
import { decide, fileRequest, requestWorld, type RequestWorld } from '../modules/purchase-requests/test-fixtures.js';
import { daysFromToday } from '../modules/purchase-requests/test-fixtures.js';

/** A signed-in browser made without the password round trip (argon2 is slow): a session opened in the database. */
export async function sessionClient(
  ctx: TestContext,
  host: string,
  orgId: number,
  userId: number,
): Promise<TestClient> {
  const client = ctx.client(host);
  client.cookies.set(
    SESSION_COOKIE,
    await openSession(ctx.db, orgId, userId, { ip: '127.0.0.1', userAgent: 'security-test' }),
  );
  return client;
}

export interface SecurityWorld {
  a: RequestWorld;
  /** Ids of one object of each kind in organisation A, by route parameter / resource. */
  ids: {
    card: number;
    member: number;
    team: number;
    request: number;
    approval: number;
    recurring: number;
    expense: number;
    receipt: number;
    category: number;
    authorization: string;
    mail: number;
  };
  b: { orgId: number; host: string; adminClient: TestClient; memberClient: TestClient; adminId: number };
  /** Strings only organisation A's data contains (emails, its name): never in an answer to organisation B. */
  markersOfA: string[];
}

/**
 * Organisation A with an object of every kind (card with a captured purchase, team, purchase request with approval
 * steps, recurring request, category, mail) and a signed-in user of each role; organisation B ("acme-…") on another
 * host with a signed-in admin and member.
 */
export async function securityWorld(ctx: TestContext): Promise<SecurityWorld> {
  const a = await requestWorld(ctx, { funds: 1_000_000 });
  await fundCard(a.adminClient, a.card.id, 50_000);
  const purchase = await a.adminClient.post('/api/simulator/purchases', {
    card_id: a.card.id,
    amount: 1_234,
    capture: 'now',
  });
  expect(purchase.statusCode, purchase.body).toBe(201);
  const { authorization_id: authorization, expense_id: expense } = purchase.json().data as {
    authorization_id: string;
    expense_id: number;
  };
  const { payload, headers } = multipartFile('receipt', 'receipt.png', 'image/png', PNG_BYTES);
  const attached = await a.adminClient.post(`/api/expenses/${expense}/receipts`, payload, headers);
  expect(attached.statusCode, attached.body).toBe(201);
  const receipt = (attached.json().data as { id: number }).id;
  const request = await fileRequest(a, { amount: 2_000 });
  const recurringRequest = await fileRequest(a, { amount: 3_000, interval: 'monthly', start_date: daysFromToday(1) });
  for (const approval of recurringRequest.approvals) {
    const client = approval.approver_id === a.first.id ? a.firstClient : a.secondClient;
    const decided = await decide(client, recurringRequest.id, approval.id, 'approved');
    expect(decided.statusCode, decided.body).toBe(200);
  }
  const recurring = await ctx.db
    .selectFrom('recurring_purchase_requests')
    .select('id')
    .where('org_id', '=', a.organization.id)
    .executeTakeFirstOrThrow();
  const category = await ctx.db
    .selectFrom('wallet_categories')
    .select('id')
    .where('org_id', '=', a.organization.id)
    .executeTakeFirstOrThrow();
  const mail = await ctx.db
    .selectFrom('mail_messages')
    .select('id')
    .where('org_id', '=', a.organization.id)
    .executeTakeFirstOrThrow();
  // Mail delivery runs as jobs (notices' mails are written by one first); let it finish so later fingerprints of A see
  // only what requests change.
  await waitForNotificationMails(ctx.db);
  await waitFor(
    async () =>
      !(await ctx.db
        .selectFrom('mail_messages')
        .select('id')
        .where('org_id', '=', a.organization.id)
        .where('status', '=', 'queued')
        .executeTakeFirst()),
    15_000,
  );

  const other = await makeOrganization(ctx.db, `acme-${a.organization.id}-${Date.now().toString(36)}`);
  const bMember = await makeUser(ctx.db, other.organization.id, 'wallet-user');
  const b = {
    orgId: other.organization.id,
    host: other.host,
    adminId: other.admin.id,
    adminClient: await sessionClient(ctx, other.host, other.organization.id, other.admin.id),
    memberClient: await sessionClient(ctx, other.host, other.organization.id, bMember.id),
  };
  return {
    a,
    ids: {
      card: a.card.id,
      member: a.member.id,
      team: a.team.id,
      request: request.id,
      approval: request.approvals[0]!.id,
      recurring: recurring.id,
      expense,
      receipt,
      category: category.id,
      authorization,
      mail: mail.id,
    },
    b,
    markersOfA: [a.admin.email, a.member.email, a.first.email, a.second.email, a.organization.name],
  };
}

/**
 * A digest of every row of organisation A in every table that has org_id (one per table), to prove a sweep of
 * requests wrote nothing there. Throttle counters and sessions change on reads and are left out.
 */
export async function orgFingerprint(
  db: Db,
  orgId: number,
  skip: string[] = ['sessions', 'throttles'],
): Promise<Record<string, string>> {
  // The issuer outbox sends earlier changes in the background (marking its commands sent): let it finish first, so
  // only what the call under test wrote can differ.
  await waitForIssuerOutbox(db, { orgId });
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'org_id' ORDER BY table_name`.execute(db);
  const result: Record<string, string> = {};
  for (const { table_name: table } of tables.rows) {
    if (skip.includes(table)) continue;
    const rows = await sql<{
      row: string;
    }>`SELECT t::text AS row FROM ${sql.table(table)} t WHERE t.org_id = ${orgId} ORDER BY 1`.execute(db);
    result[table] = createHash('sha256')
      .update(rows.rows.map((row) => row.row).join('\n'))
      .digest('hex')
      .slice(0, 16);
  }
  return result;
}

/** Names of the tables whose fingerprint changed. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}
