import type { AppDeps } from '../http/context.js';
import { deliverMail, requeueUnclaimedMail } from '../modules/mail/service.js';
import { mailNotice, type NoticeMailJob } from '../modules/notifications/service.js';
import { createSmtpTransport } from '../modules/mail/transport.js';
import { QUEUES } from './queue.js';
import { localReceiptStorage, readInboxReceipt, type ReadReceiptJob } from '../modules/receipts/service.js';
import { requeueStaleIssuerSyncs, syncCardWithIssuer, type CardSyncJob } from '../modules/cards/issuer-sync.js';
import { runDueFundings } from '../modules/recurring/schedule.js';
import { expireDueAllocations } from '../modules/cards/allocation-expiry.js';
import { runReceiptPolicy, type ReceiptPolicyJob } from '../modules/receipt-policy/service.js';
import { todayIso } from '@wallet/contract';
import { processStripeEvent, reconcileWithIssuer, requeueStaleEvents } from '../modules/webhooks/service.js';
import { sendPasswordResetLink, type PasswordResetJob } from '../modules/password-reset/service.js';

/** Up to 20 mails (or notices to mail) a second per process. */
const MAIL_THROUGHPUT = { batchSize: 20, pollingIntervalSeconds: 1 };

/** Registers every job handler; main.ts and tests call it (several processes may, pg-boss runs each job once). */
export async function startWorkers(deps: AppDeps): Promise<void> {
  const transport = createSmtpTransport(deps.config.SMTP_URL);
  await deps.jobs.work<{ id: number }>(
    QUEUES.deliverMail,
    (job) => deliverMail(deps.db, transport, deps.config.MAIL_FROM, job.id),
    // pg-boss waits its interval after every fetch, so a queue runs at most batchSize jobs per interval: at 1 per
    // 2 s (the default) a burst of notices (a month's close, a crash's backlog) took minutes to go out.
    MAIL_THROUGHPUT,
  );
  // Mail whose job was lost with a killed process goes out now, not when pg-boss expires that job.
  await requeueUnclaimedMail(deps.db, deps.jobs);
  await deps.jobs.work<NoticeMailJob>(QUEUES.mailNotification, (job) => mailNotice(deps, job), MAIL_THROUGHPUT);
  await deps.jobs.work<{ id: string }>(
    QUEUES.processWebhook,
    (job) => processStripeEvent(deps, job.id, (message) => console.warn(message)),
    {
      // Issuers send bursts (a purchase is several events): up to 40 events a second per process.
      batchSize: 20,
      pollingIntervalSeconds: 0.5,
    },
  );
  // Every few minutes: events stored but never processed are queued again (pg-boss runs it once across processes).
  await deps.jobs.work(QUEUES.reconcileIssuer, async () => {
    await requeueStaleEvents(deps.db, deps.jobs);
    await reconcileWithIssuer(deps.db, deps.jobs, deps.issuer);
  });
  await deps.jobs.schedule(QUEUES.reconcileIssuer, '*/5 * * * *');
  // At start, every event not yet processed is queued again at once, whatever its age: after a crash, the job of an
  // event that was being applied in the dead process stays "active" until pg-boss expires it (15 minutes).
  await requeueStaleEvents(deps.db, deps.jobs, 0);
  // Recurring purchase requests: due fundings every ten minutes; each period is funded once across processes.
  await deps.jobs.work(QUEUES.runRecurring, async () => {
    await runDueFundings(deps, todayIso());
  });
  await deps.jobs.schedule(QUEUES.runRecurring, '*/10 * * * *');
  // Allocation expiry: cards whose day (UTC) has come return what they have left; each card once across processes.
  await deps.jobs.work(QUEUES.expireAllocations, async () => {
    await expireDueAllocations(deps, todayIso());
  });
  await deps.jobs.schedule(QUEUES.expireAllocations, '*/10 * * * *');
  // The receipt policy: reminders, deactivations and reactivations; each purchase reminded once, each card judged locked.
  await deps.jobs.work<ReceiptPolicyJob>(QUEUES.runReceiptPolicy, async (job) => {
    await runReceiptPolicy(deps, new Date(), job);
  });
  await deps.jobs.schedule(QUEUES.runReceiptPolicy, '*/10 * * * *');
  // Forgot-password: the request only counts and queues; the lookup, link and mail happen here.
  await deps.jobs.work<PasswordResetJob>(
    QUEUES.requestPasswordReset,
    (job) => sendPasswordResetLink(deps.db, deps.jobs, job),
    {
      batchSize: 10,
      pollingIntervalSeconds: 1,
    },
  );
  // The issuer outbox: card changes reach the issuer after their commit; a lost or deduplicated job is swept up.
  await deps.jobs.work<CardSyncJob>(QUEUES.syncCardWithIssuer, (job) => syncCardWithIssuer(deps, job), {
    batchSize: 10,
    pollingIntervalSeconds: 0.5,
  });
  await deps.jobs.work(QUEUES.sweepIssuerSync, async () => {
    await requeueStaleIssuerSyncs(deps.db, deps.jobs);
  });
  await deps.jobs.schedule(QUEUES.sweepIssuerSync, '* * * * *');
  // Inbox receipts, one at a time per process: reading one keeps a core busy for about a second.
  await deps.jobs.work<ReadReceiptJob>(
    QUEUES.readReceipt,
    (job) => readInboxReceipt({ db: deps.db, storage: localReceiptStorage(deps.config.dataDir), jobs: deps.jobs }, job),
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
  );
}
