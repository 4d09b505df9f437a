import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { Db } from '../db/database.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../test/factories.js';
import { acceptTermsInDb, newCardBody } from '../test/card-factories.js';
import { HttpClient } from '../test/server-process.js';
import { requestBody } from '../modules/purchase-requests/test-fixtures.js';
import { ledgerIntegrity, SOUND_LEDGER } from '../modules/ledger/service.js';
import { notExactlyOnce } from './recorded-once.js';

/**
 * A mixed money load over real HTTP for the crash tests (issue 9 point 2): top-ups, card fundings, purchase-request
 * approvals, authorisations, their captures and issuer webhooks, sent concurrently; every answer is recorded so a
 * test can tell what the client saw acknowledged from what it never heard back about.
 */
export const WEBHOOK_SECRET = 'whsec_resilience_test_secret';
const stripe = new Stripe('sk_test_resilience_signing_only');

export interface LoadWorld {
  orgId: number;
  slug: string;
  adminEmail: string;
  authCards: number[];
  authCardLimit: number;
  fundingCards: number[];
  requestCard: number;
  requestIds: number[];
  /** Top-ups made at "Stripe" that wait for its topup.succeeded event (rows inserted directly). */
  stripeTopups: Array<{ id: number; providerId: string; amount: number }>;
}

export type Operation =
  | { kind: 'topup'; key: string; amount: number }
  | { kind: 'funding'; cardId: number; key: string; amount: number }
  | { kind: 'approval'; requestId: number }
  | { kind: 'authorise'; cardId: number; amount: number }
  | { kind: 'capture'; authorizationId: string }
  | { kind: 'webhook'; eventId: string; payload: string; topupId: number };

export interface Outcome {
  operation: Operation;
  /** The HTTP status, or 'no answer' (connection refused or reset, timeout). */
  status: number | 'no answer';
  body?: unknown;
}

const acknowledged = (outcome: Outcome) =>
  typeof outcome.status === 'number' && outcome.status >= 200 && outcome.status < 300;

async function expectOk(response: { status: number; text: string }, status: number, what: string) {
  if (response.status !== status)
    throw new Error(`${what}: expected ${status}, got ${response.status} ${response.text}`);
}

/** The organisation of the load (served as DEFAULT_ORG by the process at baseUrl), built through the API. */
export async function buildLoadWorld(
  db: Db,
  baseUrl: string,
  slug: string,
  sizes = { authCards: 4, fundingCards: 40, requests: 40, stripeTopups: 16 },
): Promise<LoadWorld> {
  const { organization, admin } = await makeOrganization(db, slug);
  const member = await makeUser(db, organization.id, 'wallet-user');
  await acceptTermsInDb(db, member.id);
  const adminClient = await new HttpClient(baseUrl).signIn(admin.email, TEST_PASSWORD);
  const memberClient = await new HttpClient(baseUrl).signIn(member.email, TEST_PASSWORD);
  await expectOk(
    await adminClient.post(
      '/api/topups',
      { amount: 10_000_000, description: 'Opening funds' },
      { 'idempotency-key': randomUUID() },
    ),
    201,
    'top-up',
  );
  const newCard = async (limit: number) => {
    const response = await adminClient.post('/api/cards', newCardBody(member.id));
    await expectOk(response, 201, 'create card');
    const id = (response.json() as { data: { id: number } }).data.id;
    if (limit > 0)
      await expectOk(
        await adminClient.put(`/api/cards/${id}/balance`, { amount: limit, description: 'Opening' }),
        200,
        'fund card',
      );
    await expectOk(await adminClient.put(`/api/cards/${id}/status`, { status: 'active' }), 200, 'activate card');
    return id;
  };
  const authCardLimit = 1_000_000;
  const authCards: number[] = [];
  for (let index = 0; index < sizes.authCards; index++) authCards.push(await newCard(authCardLimit));
  const fundingCards: number[] = [];
  for (let index = 0; index < sizes.fundingCards; index++) fundingCards.push(await newCard(0));
  const requestCard = await newCard(0);
  const team = await adminClient.post('/api/teams', {
    name: 'Ops',
    color: '#1677FF',
    team: { users: [member.id] },
    approval_path: [],
  });
  await expectOk(team, 201, 'team');
  const teamId = (team.json() as { data: { id: number } }).data.id;
  const requestIds: number[] = [];
  for (let index = 0; index < sizes.requests; index++) {
    const response = await memberClient.post(
      `/api/users/${member.id}/purchase-requests`,
      requestBody({ card: { id: requestCard }, team: { id: teamId } }, { amount: 10_000 + index }),
    );
    await expectOk(response, 201, 'purchase request');
    requestIds.push((response.json() as { data: { id: number } }).data.id);
  }
  const stripeTopups = [];
  for (let index = 0; index < sizes.stripeTopups; index++) {
    const providerId = `tu_resilience_${randomBytes(8).toString('hex')}`;
    const amount = 50_000 + index;
    const row = await db
      .insertInto('topups')
      .values({
        org_id: organization.id,
        amount,
        description: 'Wire at Stripe',
        status: 'pending',
        provider: 'stripe',
        provider_topup_id: providerId,
        idempotency_key: randomUUID(),
        created_by: admin.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    stripeTopups.push({ id: row.id, providerId, amount });
  }
  return {
    orgId: organization.id,
    slug,
    adminEmail: admin.email,
    authCards,
    authCardLimit,
    fundingCards,
    requestCard,
    requestIds,
    stripeTopups,
  };
}

/** A Stripe-style topup.succeeded event for one of the world's Stripe top-ups, as JSON text. */
export function topupSucceededEvent(topup: { providerId: string }, eventId = `evt_${randomBytes(12).toString('hex')}`) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'topup.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: topup.providerId, object: 'topup', status: 'succeeded' } },
  });
  return { eventId, payload };
}

/** Every operation of the load, shuffled; captures are added as their authorisations are approved. */
export function loadOperations(world: LoadWorld, stripeTopups = world.stripeTopups): Operation[] {
  const operations: Operation[] = [
    ...Array.from({ length: 40 }, (): Operation => ({
      kind: 'topup',
      key: randomUUID(),
      amount: 1_000 + Math.floor(Math.random() * 100_000),
    })),
    ...world.fundingCards.map((cardId): Operation => ({
      kind: 'funding',
      cardId,
      key: randomUUID(),
      amount: 5_000 + Math.floor(Math.random() * 50_000),
    })),
    ...world.requestIds.map((requestId): Operation => ({ kind: 'approval', requestId })),
    ...Array.from({ length: 160 }, (_, index): Operation => ({
      kind: 'authorise',
      cardId: world.authCards[index % world.authCards.length]!,
      amount: 100 + Math.floor(Math.random() * 5_000),
    })),
    ...stripeTopups.map((topup): Operation => ({ kind: 'webhook', topupId: topup.id, ...topupSucceededEvent(topup) })),
  ];
  return operations.sort(() => Math.random() - 0.5);
}

/** Sends one operation; a refused connection or a timeout is 'no answer'. */
export async function send(client: HttpClient, operation: Operation): Promise<Outcome> {
  try {
    let response: { status: number; text: string };
    switch (operation.kind) {
      case 'topup':
        response = await client.post(
          '/api/topups',
          { amount: operation.amount, description: 'Load top-up' },
          { 'idempotency-key': operation.key },
        );
        break;
      case 'funding':
        response = await client.put(
          `/api/cards/${operation.cardId}/balance`,
          { amount: operation.amount, description: 'Load funding' },
          { 'idempotency-key': operation.key },
        );
        break;
      case 'approval':
        response = await client.put(`/api/purchase-requests/${operation.requestId}/finance-approval`, {
          approving: true,
          status: 'approved',
          notes: null,
        });
        break;
      case 'authorise':
        response = await client.post('/api/simulator/purchases', {
          card_id: operation.cardId,
          amount: operation.amount,
          capture: 'later',
        });
        break;
      case 'capture':
        response = await client.post(`/api/simulator/authorizations/${operation.authorizationId}/capture`, {});
        break;
      case 'webhook': {
        const signature = stripe.webhooks.generateTestHeaderString({
          payload: operation.payload,
          secret: WEBHOOK_SECRET,
        });
        const answer = await fetch(`${client.baseUrl}/webhooks/stripe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: operation.payload,
          signal: AbortSignal.timeout(client.timeoutMs ?? 30_000),
        });
        response = { status: answer.status, text: await answer.text() };
        break;
      }
    }
    let body: unknown;
    try {
      body = JSON.parse(response.text);
    } catch {
      body = response.text;
    }
    return { operation, status: response.status, body };
  } catch {
    return { operation, status: 'no answer' };
  }
}

/**
 * Runs the operations with a few concurrent senders until they are done or `halt()` is called (the test kills
 * something). An approved authorisation that was acknowledged queues its capture.
 */
export class MixedLoad {
  readonly outcomes: Outcome[] = [];
  private halted = false;
  /** Who waits for what: each resolves once its condition holds after an outcome, or when the load ends. */
  private readonly waiting: Array<{ met: () => boolean; resolve: () => void }> = [];

  constructor(
    private readonly client: HttpClient,
    private readonly queue: Operation[],
  ) {}

  get acknowledgedCount() {
    return this.outcomes.filter(acknowledged).length;
  }

  /** Resolves once this many operations were acknowledged (or the load ended). */
  acknowledgedAtLeast(count: number): Promise<void> {
    return this.until(() => this.acknowledgedCount >= count);
  }

  /** Resolves once an operation after the first `since` outcomes got a 5xx or no answer (or the load ended). */
  failedSince(since: number): Promise<void> {
    const failed = (outcome: Outcome) => outcome.status === 'no answer' || outcome.status >= 500;
    return this.until(() => this.outcomes.slice(since).some(failed));
  }

  private until(met: () => boolean): Promise<void> {
    if (met()) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push({ met, resolve }));
  }

  halt() {
    this.halted = true;
  }

  /** Operations never sent (the load was halted first). */
  unsent(): Operation[] {
    return [...this.queue];
  }

  async run(concurrency: number): Promise<void> {
    const worker = async () => {
      while (!this.halted) {
        const operation = this.queue.shift();
        if (!operation) return;
        const outcome = await send(this.client, operation);
        this.outcomes.push(outcome);
        if (operation.kind === 'authorise' && acknowledged(outcome)) {
          const data = (outcome.body as { data: { authorization_id: string; approved: boolean } }).data;
          if (data.approved && Math.random() < 0.7)
            this.queue.splice(Math.floor(Math.random() * (this.queue.length + 1)), 0, {
              kind: 'capture',
              authorizationId: data.authorization_id,
            });
        }
        for (const waiter of this.waiting.filter((item) => item.met())) waiter.resolve();
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    for (const waiter of this.waiting) waiter.resolve();
  }
}

/** The ledger reference an operation records (authorisations record none: a hold, no money moves yet). */
function referenceOf(outcome: Outcome): string | undefined {
  const { operation } = outcome;
  switch (operation.kind) {
    case 'topup':
      return `topup:${(outcome.body as { data: { id: number } }).data.id}`;
    case 'funding':
      return `card-balance:${operation.cardId}:${operation.key}`;
    case 'approval':
      return `purchase-request:${operation.requestId}`;
    case 'capture':
      return `capture:simulator:ipi_sim_capture_${operation.authorizationId.replace(/^iauth_sim_/, '')}`;
    case 'webhook':
      return `topup:${operation.topupId}`;
    case 'authorise':
      return undefined;
  }
}

/**
 * Waits until every stored webhook event of these ids is processed (jobs resumed); returns those still waiting,
 * with the states of their processing jobs. With `orphansAllowed`, an event whose only job is 'active' counts as
 * resumed: its job was running when the database died, and pg-boss runs it again when it expires (as the server's
 * catch-up sweep and its next start do).
 */
export async function waitForEventsProcessed(
  db: Db,
  eventIds: string[],
  options: { timeoutMs?: number; orphansAllowed?: boolean } = {},
): Promise<Array<{ id: string; jobs: string[] | null }>> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    const { rows } =
      eventIds.length === 0
        ? { rows: [] }
        : await sql<{ id: string; jobs: string[] | null }>`
      SELECT e.id, array_agg(j.state::text) FILTER (WHERE j.id IS NOT NULL) AS jobs FROM webhook_events e
      LEFT JOIN pgboss.job j ON j.name = 'webhook.process' AND j.data->>'id' = e.id
      WHERE e.id IN (${sql.join(eventIds)}) AND e.processed_at IS NULL GROUP BY e.id`.execute(db);
    const waiting = rows.filter(
      (row) => !(options.orphansAllowed && row.jobs?.length && row.jobs.every((state) => state === 'active')),
    );
    if (waiting.length === 0 || Date.now() > deadline) return waiting;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The database's clock now: job timestamps (pg-boss's started_on) are compared with it, never with this process's. */
export async function databaseNow(db: Db): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(db);
  return rows[0]!.now;
}

/** The queues whose jobs move money (a webhook settles a top-up or posts a capture; a recurring request funds a card). */
const MONEY_QUEUES = ['webhook.process', 'recurring.run'];

/**
 * Waits until no job that moves money is due or running: none created or retrying whose start time has come, none
 * active since `resumedAt` (when the server or the database came back). A job still 'active' from before then belongs
 * to a process or a connection that died: pg-boss only expires it, so it is not waited for. Polls pg-boss's own
 * table, the signal, rather than sleeping. Returns the jobs still busy when `timeoutMs` ran out.
 */
export async function waitForMoneyJobsIdle(
  db: Db,
  resumedAt: Date,
  timeoutMs = 60_000,
): Promise<Array<{ name: string; state: string; id: string }>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{ name: string; state: string; id: string }>`
      SELECT name, state::text AS state, id::text AS id FROM pgboss.job
      WHERE name IN (${sql.join(MONEY_QUEUES)})
        AND ((state IN ('created', 'retry') AND start_after <= now()) OR (state = 'active' AND started_on >= ${resumedAt}))`.execute(
      db,
    );
    if (rows.length === 0 || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Every figure the money check compares, read in one REPEATABLE READ snapshot: each money movement commits its
 * ledger entry together with its domain row (a settled top-up's status, a card's limit, an expense), so inside one
 * snapshot the books add up whatever jobs commit meanwhile. Read statement by statement instead, a top-up settled
 * between reading the succeeded top-ups and the funds shows as money from nowhere (the flaky 50,001-cent failure).
 */
export async function readBooks(db: Db, orgId: number, topupKeys: readonly string[]) {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      const topups =
        topupKeys.length === 0
          ? []
          : await tx
              .selectFrom('topups')
              .select(['idempotency_key', 'status'])
              .where('org_id', '=', orgId)
              .where('idempotency_key', 'in', topupKeys)
              .execute();
      const cards = await tx.selectFrom('cards').select(['id', 'spending_limit']).where('org_id', '=', orgId).execute();
      const approved = await tx
        .selectFrom('purchase_requests')
        .select((eb) => eb.fn.sum<number>('amount').as('total'))
        .where('org_id', '=', orgId)
        .where('transferred', 'is not', null)
        .executeTakeFirstOrThrow();
      const spent = await tx
        .selectFrom('expenses')
        .select([
          'card_id',
          (eb) => eb.fn.sum<number>('amount').as('total'),
          (eb) => eb.fn.countAll<number>().as('count'),
          (eb) => eb.fn.count<number>('hold_id').distinct().as('holds'),
        ])
        .where('org_id', '=', orgId)
        .groupBy('card_id')
        .execute();
      const succeeded = await tx
        .selectFrom('topups')
        .select((eb) => eb.fn.sum<number>('amount').as('total'))
        .where('org_id', '=', orgId)
        .where('status', '=', 'succeeded')
        .executeTakeFirstOrThrow();
      const funds = await tx
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('org_id', '=', orgId)
        .where('kind', '=', 'issuer_funds')
        .executeTakeFirstOrThrow();
      const integrity = await ledgerIntegrity(tx, orgId);
      return {
        topups,
        cards,
        approved: Number(approved.total ?? 0),
        spent,
        succeeded: Number(succeeded.total ?? 0),
        funds: Number(funds.balance),
        integrity,
      };
    });
}

/** Unallocated funds + every card's limit + everything spent: what the succeeded top-ups brought in, to the cent. */
export function moneyAccountedFor(
  books: Pick<Awaited<ReturnType<typeof readBooks>>, 'cards' | 'spent' | 'funds'>,
): number {
  return (
    books.funds +
    books.cards.reduce((sum, card) => sum + Number(card.spending_limit), 0) +
    books.spent.reduce((sum, row) => sum + Number(row.total), 0)
  );
}

/**
 * After the crash and the recovery: the books are sound, everything the client saw acknowledged is there once;
 * then every operation it never heard back about is retried with the same key (or, for an approval or a capture,
 * the same object) and lands once too. Returns what the retries answered, for the caller's report.
 */
export async function verifyRecovery(
  db: Db,
  world: LoadWorld,
  load: MixedLoad,
  client: HttpClient,
  options: { databaseKilled: boolean; resumedAt: Date },
) {
  expect(await ledgerIntegrity(db, world.orgId)).toEqual(SOUND_LEDGER);
  const outcomes = load.outcomes;
  // While the database is down the server answers 500: not acknowledged, so retried below like no answer.
  const unanswered = (outcome: Outcome) =>
    outcome.status === 'no answer' ||
    (options.databaseKilled && typeof outcome.status === 'number' && outcome.status >= 500);
  expect(
    outcomes
      .filter((outcome) => !acknowledged(outcome) && !unanswered(outcome))
      .map((outcome) => ({ kind: outcome.operation.kind, status: outcome.status, body: outcome.body })),
    'refusals during the load',
  ).toEqual([]);
  const acked = outcomes.filter(acknowledged);

  // Acknowledged webhook events were stored before the answer; their jobs resume after the restart.
  const ackedEvents = acked.flatMap((outcome) =>
    outcome.operation.kind === 'webhook' ? [outcome.operation.eventId] : [],
  );
  expect(await waitForEventsProcessed(db, ackedEvents, { orphansAllowed: options.databaseKilled })).toEqual([]);
  // Those left to pg-boss's expiry are checked by the caller after the next start; the rest are applied once.
  const orphaned = new Set(
    await waitForEventsProcessed(db, ackedEvents, { timeoutMs: 0 }).then((rows) => rows.map((row) => row.id)),
  );
  const applied = (operation: Operation) => operation.kind !== 'webhook' || !orphaned.has(operation.eventId);

  const ackedReferences = acked
    .filter((outcome) => applied(outcome.operation))
    .flatMap((outcome) => referenceOf(outcome) ?? []);
  expect(await notExactlyOnce(db, world.orgId, ackedReferences)).toEqual([]);
  const ackedAuthorisations = acked.flatMap((outcome) =>
    outcome.operation.kind === 'authorise'
      ? [(outcome.body as { data: { authorization_id: string; approved: boolean } }).data]
      : [],
  );
  if (ackedAuthorisations.length > 0) {
    const holds = await db
      .selectFrom('authorization_holds')
      .select(['provider_authorization_id', 'approved'])
      .where(
        'provider_authorization_id',
        'in',
        ackedAuthorisations.map((auth) => auth.authorization_id),
      )
      .execute();
    expect(new Map(holds.map((hold) => [hold.provider_authorization_id, hold.approved]))).toEqual(
      new Map(ackedAuthorisations.map((auth) => [auth.authorization_id, auth.approved])),
    );
  }

  // Retry what got no answer (and send what was never sent), with the same keys.
  const retried = [...outcomes.filter(unanswered).map((outcome) => outcome.operation), ...load.unsent()].filter(
    (operation) => operation.kind !== 'authorise',
  );
  const answers = await Promise.all(retried.map((operation) => send(client, operation)));
  const allowed = (outcome: Outcome) =>
    acknowledged(outcome) ||
    (outcome.status === 409 && (outcome.operation.kind === 'approval' || outcome.operation.kind === 'capture'));
  expect(
    answers
      .filter((outcome) => !allowed(outcome))
      .map((outcome) => ({ kind: outcome.operation.kind, status: outcome.status, body: outcome.body })),
  ).toEqual([]);
  const retriedEvents = retried.flatMap((operation) => (operation.kind === 'webhook' ? [operation.eventId] : []));
  expect(await waitForEventsProcessed(db, retriedEvents, { orphansAllowed: options.databaseKilled })).toEqual([]);
  for (const row of await waitForEventsProcessed(db, retriedEvents, { timeoutMs: 0 })) orphaned.add(row.id);
  const retriedReferences = answers
    .filter((outcome) => applied(outcome.operation))
    .flatMap((outcome) => {
      if (outcome.operation.kind === 'topup') return [`topup:${(outcome.body as { data: { id: number } }).data.id}`];
      return referenceOf({ ...outcome, status: 200 }) ?? [];
    });
  expect(await notExactlyOnce(db, world.orgId, retriedReferences)).toEqual([]);

  // Exactly once, read from the domain tables rather than the references: each load top-up key made one
  // succeeded top-up; a funded card holds its one funding; the request card holds each approved request once;
  // each authorisation card lost exactly what was captured on it; and the money adds up. Read once the jobs that
  // move money are idle, in one snapshot (resumed webhook jobs may still settle top-ups meanwhile).
  expect(await waitForMoneyJobsIdle(db, options.resumedAt), 'money jobs still busy').toEqual([]);
  const topupKeys = [...outcomes.map((outcome) => outcome.operation), ...load.unsent()].flatMap((operation) =>
    operation.kind === 'topup' ? [operation.key] : [],
  );
  const books = await readBooks(db, world.orgId, topupKeys);
  expect(books.topups.filter((topup) => topup.status !== 'succeeded')).toEqual([]);
  expect(books.topups.map((topup) => topup.idempotency_key).sort()).toEqual([...topupKeys].sort());
  const fundings = [...outcomes.map((outcome) => outcome.operation), ...load.unsent()].flatMap((operation) =>
    operation.kind === 'funding' ? [operation] : [],
  );
  const limits = new Map(books.cards.map((card) => [card.id, card.spending_limit]));
  expect(fundings.filter((funding) => limits.get(funding.cardId) !== funding.amount)).toEqual([]);
  expect(limits.get(world.requestCard)).toBe(books.approved);
  for (const cardId of world.authCards) {
    const row = books.spent.find((item) => item.card_id === cardId);
    expect(limits.get(cardId)).toBe(world.authCardLimit - Number(row?.total ?? 0));
    expect(Number(row?.count ?? 0)).toBe(Number(row?.holds ?? 0)); // one capture per authorisation
  }
  expect(moneyAccountedFor(books)).toBe(books.succeeded);
  expect(books.integrity).toEqual(SOUND_LEDGER);
  return {
    acknowledged: acked.length,
    unanswered: outcomes.length - acked.length,
    unsent: load.unsent().length,
    retried: answers.length,
    orphanedEvents: orphaned.size,
  };
}
