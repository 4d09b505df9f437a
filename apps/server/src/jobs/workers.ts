import type { AppDeps } from '../http/context.js';
import { deliverMail } from '../modules/mail/service.js';
import { createSmtpTransport } from '../modules/mail/transport.js';
import { QUEUES } from './queue.js';

/** Registers every job handler; main.ts and tests call it (several processes may, pg-boss runs each job once). */
export async function startWorkers(deps: AppDeps): Promise<void> {
  const transport = createSmtpTransport(deps.config.SMTP_URL);
  await deps.jobs.work<{ id: number }>(QUEUES.deliverMail, (job) => deliverMail(deps.db, transport, deps.config.MAIL_FROM, job.id));
}
