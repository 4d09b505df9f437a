import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb, type Db } from '../db/database.js';
import { startJobs } from '../jobs/queue.js';
import { freshDatabase } from '../test/database.js';
import { HttpClient, startServerProcess, type ServerProcess } from '../test/server-process.js';
import { TEST_PASSWORD } from '../test/factories.js';
import { acceptStripeEvent } from '../modules/webhooks/service.js';
import { storeEvent, type StripeEventShape } from '../modules/webhooks/test-fixtures.js';
import {
  buildLoadWorld,
  databaseNow,
  loadOperations,
  MixedLoad,
  topupSucceededEvent,
  verifyRecovery,
  waitForEventsProcessed,
  WEBHOOK_SECRET,
  type LoadWorld,
} from './mixed-load.js';
import { startKillableCluster } from './postgres-cluster.js';
import { ledgerIntegrity, SOUND_LEDGER } from '../modules/ledger/service.js';

/**
 * Issue 9 point 2: a mixed money load against a real server process (main.ts), then SIGKILL mid-load, first of
 * the server, then of PostgreSQL's postmaster. After the recovery the books balance, every cached balance equals
 * its lines, every operation the client saw acknowledged is there once, every one it never heard back about
 * lands once when retried with the same key, and queued jobs and stored webhook events are processed.
 *
 * The test talks to the database only to build the world and to verify: no in-process app or job worker runs
 * here, so whatever is processed after a restart was processed by the restarted server.
 */
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse())
    await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
});

function serverEnv(databaseUrl: string, slug: string) {
  // 127.0.0.1 is an IP address, so the process serves DEFAULT_ORG: the load's organisation. The postmaster's SIGKILL
  // must find the same process when PostgreSQL is back, however slow its restart: it may not exit for a lost database.
  return {
    DATABASE_URL: databaseUrl,
    DEFAULT_ORG: slug,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    DATABASE_LOST_EXIT_SECONDS: '300',
  };
}

async function startServer(env: ReturnType<typeof serverEnv>): Promise<ServerProcess> {
  const server = await startServerProcess(env, { timeoutMs: 90_000 });
  cleanups.push(() => server.stop());
  return server;
}

/** A client on `baseUrl` carrying another client's cookies: the session made before the crash. */
function sameSessionOn(baseUrl: string, before: HttpClient): HttpClient {
  const client = new HttpClient(baseUrl);
  for (const [name, value] of before.cookies) client.cookies.set(name, value);
  client.timeoutMs = 30_000;
  return client;
}

/** Starts the load and resolves when `acknowledged` operations were acknowledged. */
async function loadUntil(
  world: LoadWorld,
  client: HttpClient,
  acknowledged: number,
  stripeTopups = world.stripeTopups,
) {
  const load = new MixedLoad(client, loadOperations(world, stripeTopups));
  const running = load.run(12);
  await load.acknowledgedAtLeast(acknowledged);
  return { load, running };
}

/**
 * Queued mails survive: after the restart each mail queued by then is delivered within seconds (the restarted
 * server queues every message nobody holds again), and the notices still to be mailed are all written. Only a mail
 * the killed process was sending at that instant may wait, for its claim to run out, and it must still have a
 * delivery job for pg-boss to retry. Mails the drained notices write later are not the crash's: the load's last
 * retries keep adding some, so "nothing queued" may never hold at one instant (CI once saw a mail 0.4 s old).
 */
async function expectMailsResumed(db: Db, orgId: number) {
  const deadline = Date.now() + 30_000;
  let followed: number[] | undefined;
  for (;;) {
    const { rows } = await sql<{ id: number; claimed: boolean; states: string[] | null }>`
      SELECT m.id, coalesce(m.sending_until > now(), false) AS claimed, array_agg(j.state::text) FILTER (WHERE j.id IS NOT NULL) AS states
      FROM mail_messages m
      LEFT JOIN pgboss.job j ON j.name = 'mail.deliver' AND (j.data->>'id')::bigint = m.id
      WHERE m.org_id = ${orgId} AND m.status = 'queued' GROUP BY m.id`.execute(db);
    followed ??= rows.map((row) => row.id);
    const ofTheCrash = rows.filter((row) => followed!.includes(row.id));
    const waiting = ofTheCrash.filter((row) => !row.claimed);
    const noticesToMail = await noticeMailJobsWaiting(db);
    if (waiting.length === 0 && noticesToMail === 0) {
      expect(
        ofTheCrash.filter((row) => !row.states?.some((state) => ['created', 'retry', 'active'].includes(state))),
      ).toEqual([]);
      return;
    }
    if (Date.now() > deadline) {
      console.error('mails still waiting, with their jobs:', JSON.stringify(await waitingMailJobs(db, waiting)));
      expect(waiting, 'mails not delivered after the restart').toEqual([]);
      expect(noticesToMail, 'notices not mailed after the restart').toBe(0);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** notifications.mail jobs not yet run (queued, or waiting for a retry). */
async function noticeMailJobsWaiting(db: Db): Promise<number> {
  const { rows } = await sql<{ jobs: number }>`
    SELECT count(*)::int AS jobs FROM pgboss.job WHERE name = 'notifications.mail' AND state IN ('created', 'retry')`.execute(
    db,
  );
  return rows[0]!.jobs;
}

/** The delivery jobs of mails still waiting, and the queues' states, for a failure's message. */
async function waitingMailJobs(db: Db, waiting: ReadonlyArray<{ id: number }>) {
  const [jobs, queues] = await Promise.all([
    sql`SELECT m.id AS mail, m.attempts, m.sending_until, m.created_at, j.id AS job, j.state, j.start_after,
        j.created_on, j.retry_count, now() AS now
      FROM mail_messages m LEFT JOIN pgboss.job j ON j.name = 'mail.deliver' AND (j.data->>'id')::bigint = m.id
      WHERE m.id = ANY(${waiting.map((row) => row.id)}::bigint[])`.execute(db),
    sql`SELECT name, state, count(*)::int AS jobs FROM pgboss.job GROUP BY 1, 2 ORDER BY 1, 2`.execute(db),
  ]);
  return { jobs: jobs.rows, queues: queues.rows };
}

/** The database clock once PostgreSQL answers again (the pool's first connections may have died with it). */
async function databaseNowOnceBack(db: Db): Promise<Date> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return await databaseNow(db);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe('crash safety', () => {
  it('SIGKILL of the server mid-load: after a restart on the same database nothing acknowledged is lost or doubled, and jobs resume', async () => {
    const database = await freshDatabase(inject('pgAdminUrl'));
    cleanups.push(() => database.drop());
    const slug = `crash-${randomBytes(4).toString('hex')}`;
    const env = serverEnv(database.url, slug);
    const server = await startServer(env);
    const world = await buildLoadWorld(database.db, server.baseUrl, slug);
    const admin = await new HttpClient(server.baseUrl).signIn(world.adminEmail, TEST_PASSWORD);
    admin.timeoutMs = 30_000;
    // Two Stripe top-ups are kept out of the load for the webhook events stored while the server is down.
    const inLoad = world.stripeTopups.slice(2);
    const { load, running } = await loadUntil(world, admin, 120, inLoad);
    await server.kill();
    load.halt();
    await running;
    expect(
      load.outcomes.filter((outcome) => outcome.status === 'no answer').length + load.unsent().length,
      'the kill interrupted the load',
    ).toBeGreaterThan(0);

    // The state a crash leaves a webhook in, made while no server runs: one event stored with its processing job
    // queued, one stored whose job was lost (the process died between storing it and queueing its job).
    const [queued, lost] = world.stripeTopups
      .slice(0, 2)
      .map((topup) => JSON.parse(topupSucceededEvent(topup).payload) as StripeEventShape);
    const jobs = await startJobs(database.url);
    try {
      await acceptStripeEvent(database.db, jobs, queued!);
    } finally {
      await jobs.stop();
    }
    await storeEvent(database.db, { id: lost!.id, provider: 'stripe', type: lost!.type, payload: lost });

    // Jobs the killed process had taken stay 'active' (started before this instant) until pg-boss expires them.
    const resumedAt = await databaseNow(database.db);
    const restarted = await startServer(env);
    const client = sameSessionOn(restarted.baseUrl, admin);
    expect((await client.get('/api/me')).status, 'the session made before the crash').toBe(200);
    const report = await verifyRecovery(database.db, world, load, client, { databaseKilled: false, resumedAt });
    expect(await waitForEventsProcessed(database.db, [queued!.id, lost!.id])).toEqual([]);
    const settled = await database.db
      .selectFrom('topups')
      .select('status')
      .where(
        'id',
        'in',
        world.stripeTopups.slice(0, 2).map((topup) => topup.id),
      )
      .execute();
    expect(settled.map((topup) => topup.status)).toEqual(['succeeded', 'succeeded']);
    await expectMailsResumed(database.db, world.orgId);
    console.info('server SIGKILL:', report);
  }, 150_000);

  it('SIGKILL of the PostgreSQL postmaster mid-load: the server reconnects once it is back, and the same holds', async () => {
    const cluster = await startKillableCluster();
    cleanups.push(() => cluster.destroy());
    const slug = `crash-${randomBytes(4).toString('hex')}`;
    const server = await startServer(serverEnv(cluster.url, slug));
    const db = createDb(cluster.url, 4);
    cleanups.push(() => db.destroy());
    const world = await buildLoadWorld(db, server.baseUrl, slug);
    const admin = await new HttpClient(server.baseUrl).signIn(world.adminEmail, TEST_PASSWORD);
    admin.timeoutMs = 30_000;
    const { load, running } = await loadUntil(world, admin, 120);
    const answeredBefore = load.outcomes.length;
    await cluster.kill();
    // Let the load run into the dead database (an operation answered with a failure), then stop sending.
    await load.failedSince(answeredBefore);
    load.halt();
    await running;
    await cluster.restart();
    // Jobs running when the postmaster died stay 'active' (started before this instant) until pg-boss expires them.
    const resumedAt = await databaseNowOnceBack(db);

    // The same server process, never restarted, answers again once PostgreSQL is back.
    const client = sameSessionOn(server.baseUrl, admin);
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = await client.get('/api/balance').then(
        (response) => response.status,
        () => 0,
      );
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(server.alive(), server.output()).toBe(true);
    expect(status, server.output()).toBe(200);
    const report = await verifyRecovery(db, world, load, client, { databaseKilled: true, resumedAt });
    console.info('postmaster SIGKILL:', report);

    // A job that was running when the database died stays 'active' until pg-boss expires it; the next start of the
    // server queues its webhook event again at once. Restarted, every stored event is processed and mail delivered.
    await server.stop();
    const restarted = await startServer(serverEnv(cluster.url, slug));
    const events = await db.selectFrom('webhook_events').select('id').execute();
    expect(
      await waitForEventsProcessed(
        db,
        events.map((event) => event.id),
      ),
    ).toEqual([]);
    // Every Stripe top-up of the load had its event acknowledged or retried: each is credited, once.
    const stripeTopups = await db
      .selectFrom('topups')
      .select('status')
      .where('provider', '=', 'stripe')
      .where('org_id', '=', world.orgId)
      .execute();
    expect(stripeTopups.filter((topup) => topup.status !== 'succeeded')).toEqual([]);
    await expectMailsResumed(db, world.orgId);
    expect((await sameSessionOn(restarted.baseUrl, admin).get('/api/me')).status).toBe(200);
    expect(await ledgerIntegrity(db, world.orgId)).toEqual(SOUND_LEDGER);
  }, 150_000);
});
