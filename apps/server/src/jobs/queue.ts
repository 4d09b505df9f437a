import PgBoss from 'pg-boss';
import { CompiledQuery, sql } from 'kysely';
import type { Db, DbOrTx } from '../db/database.js';

/**
 * Background work through pg-boss: jobs live in PostgreSQL, so they survive restarts, retry with backoff, and
 * each runs once however many server processes poll. A job sent inside a transaction exists only if it commits.
 */
export interface Jobs {
  send(
    name: QueueName,
    data: object,
    options?: { tx?: DbOrTx; singletonKey?: string; startAfter?: Date },
  ): Promise<void>;
  /** Runs handler for each job; a job that throws is retried alone, the rest of its batch completes. */
  work<T>(name: QueueName, handler: (data: T) => Promise<void>, options?: WorkOptions): Promise<void>;
  /** A cron schedule (pg-boss sends it once per slot however many processes run). */
  schedule(name: QueueName, cron: string): Promise<void>;
  stop(): Promise<void>;
  /** False once pg-boss stopped (shutdown) or before it started: readiness (http/health.ts) reads it. */
  running(): boolean;
}

export const QUEUES = {
  deliverMail: 'mail.deliver',
  processWebhook: 'webhook.process',
  reconcileIssuer: 'issuer.reconcile',
  runRecurring: 'recurring.run',
  /** POST /forgot-password: the account lookup, the link and its mail, for every request (known email or not). */
  requestPasswordReset: 'password-reset.request',
  /** Tell the card issuer a card's new status or limit, after the commit (the issuer outbox, modules/cards/issuer-sync.ts). */
  syncCardWithIssuer: 'cards.issuer-sync',
  /** Every minute: cards whose issuer commands wait too long get a job again. */
  sweepIssuerSync: 'cards.issuer-sync-sweep',
  /** Every ten minutes: cards whose allocation expired give what they have left back (modules/cards/allocation-expiry.ts). */
  expireAllocations: 'cards.allocation-expiry',
  /**
   * The receipt policy (modules/receipt-policy): every ten minutes for every organisation, and for one ({ orgId }) when
   * its Card Settings change: reminders, deactivations and reactivations.
   */
  runReceiptPolicy: 'receipts.policy',
  /** Read an inbox receipt (OCR, in tesseract's own thread) and match it to its transaction. */
  readReceipt: 'receipts.read',
  /** A notification's mail in the standard layout, written where the organisation's public address is known. */
  mailNotification: 'notifications.mail',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface WorkOptions {
  /** Jobs fetched per poll (pg-boss waits the polling interval after every fetch, full or not). */
  batchSize?: number;
  pollingIntervalSeconds?: number;
}

const RETRY = { retryLimit: 8, retryDelay: 5, retryBackoff: true } as const;

/**
 * How long a job may stay active before pg-boss takes it for lost (its process died) and retries it; pg-boss's
 * default is 15 minutes. A mail is sent well within its claim (modules/mail/service.ts MAIL_SEND_LEASE_SECONDS).
 */
const EXPIRE_IN_SECONDS: Partial<Record<QueueName, number>> = {
  [QUEUES.deliverMail]: 180,
  [QUEUES.syncCardWithIssuer]: 120,
};

/**
 * Queues that are not pg-boss's 'standard': a card's issuer sync is 'stately' (one job queued and one running per
 * card), so changes made while one is sent ride on the next, and two never send one card's state out of order.
 */
const POLICY: Partial<Record<QueueName, 'stately'>> = { [QUEUES.syncCardWithIssuer]: 'stately' };
/** A card's issuer sync retries sooner and longer than the default: until it lands, the issuer is out of step. */
const RETRIES: Partial<Record<QueueName, { retryLimit: number; retryDelay: number; retryBackoff: boolean }>> = {
  [QUEUES.syncCardWithIssuer]: { retryLimit: 12, retryDelay: 1, retryBackoff: true },
};
const retryOf = (name: QueueName) => RETRIES[name] ?? RETRY;
const queueOptions = (name: QueueName) => ({ name, ...retryOf(name), ...(POLICY[name] && { policy: POLICY[name] }) });

export function pgBossOptions(connectionString: string): PgBoss.ConstructorOptions {
  return { connectionString, max: 4, schema: 'pgboss', application_name: 'wallet-jobs' };
}

/**
 * pg-boss's own job insert for code that holds only a transaction (notify(tx, ...) mails through it): an instance
 * that never connects or starts, each send written through the caller's transaction, so the job exists only if it
 * commits; the worker processes' pg-boss runs it like any other.
 */
const transactionSender = new PgBoss({
  schema: 'pgboss',
  db: { executeSql: () => Promise.reject(new Error('sendJobInTransaction writes through its transaction only')) },
  supervise: false,
  schedule: false,
});

export async function sendJobInTransaction(tx: DbOrTx, name: QueueName, data: object): Promise<void> {
  const expireInSeconds = EXPIRE_IN_SECONDS[name];
  await transactionSender.send(name, data, {
    ...retryOf(name),
    ...(expireInSeconds && { expireInSeconds }),
    db: {
      executeSql: async (text: string, values: unknown[]) =>
        tx.executeQuery(CompiledQuery.raw(text, values)) as Promise<{ rows: unknown[] }>,
    },
  });
}

/** Creates pg-boss's tables once (the test template database does this so each test database has them). */
export async function installJobSchema(connectionString: string): Promise<void> {
  const boss = new PgBoss({ ...pgBossOptions(connectionString), supervise: false, schedule: false });
  await boss.start();
  for (const name of Object.values(QUEUES)) await boss.createQueue(name, queueOptions(name));
  await boss.stop({ graceful: false, wait: true });
}

export async function startJobs(
  connectionString: string,
  options: { pollingIntervalSeconds?: number } = {},
): Promise<Jobs> {
  const boss = new PgBoss(pgBossOptions(connectionString));
  boss.on('error', (error) => console.error('job queue error:', error.message));
  let running = false;
  boss.on('stopped', () => (running = false));
  await boss.start();
  running = true;
  for (const name of Object.values(QUEUES)) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, queueOptions(name));
  }
  return {
    async send(name, data, { tx, singletonKey, startAfter } = {}) {
      const db = tx && {
        executeSql: async (text: string, values: unknown[]) =>
          tx.executeQuery(CompiledQuery.raw(text, values)) as Promise<{ rows: unknown[] }>,
      };
      const expireInSeconds = EXPIRE_IN_SECONDS[name];
      await boss.send(name, data, {
        ...retryOf(name),
        ...(expireInSeconds && { expireInSeconds }),
        singletonKey,
        startAfter,
        ...(db && { db }),
      });
    },
    async work(name, handler, workOptions = {}) {
      const pollingIntervalSeconds = options.pollingIntervalSeconds ?? workOptions.pollingIntervalSeconds ?? 2;
      await boss.work(name, { pollingIntervalSeconds, batchSize: workOptions.batchSize ?? 1 }, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data as never);
          } catch (error) {
            // Fail this job only: pg-boss then completes the others of the batch (complete skips failed jobs).
            await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
          }
        }
      });
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    async stop() {
      running = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
    running: () => running,
  };
}

export interface QueueBacklog {
  queue: string;
  /** Jobs due now and not yet picked up (created, or waiting for a retry whose time has come). */
  waiting: number;
  /** Seconds the longest-waiting of them has been due; 0 when none waits. */
  oldestSeconds: number;
}

/** Per queue, the jobs waiting to run, read from pg-boss's own table (for /metrics). */
export async function jobQueueBacklog(db: Db): Promise<QueueBacklog[]> {
  const { rows } = await sql<{ queue: string; waiting: number; oldest_seconds: number }>`
    SELECT name AS queue, count(*)::int AS waiting,
           coalesce(extract(epoch FROM now() - min(start_after)), 0)::float8 AS oldest_seconds
    FROM pgboss.job
    WHERE state IN ('created', 'retry') AND start_after <= now()
    GROUP BY name`.execute(db);
  return rows.map((row) => ({ queue: row.queue, waiting: row.waiting, oldestSeconds: row.oldest_seconds }));
}
