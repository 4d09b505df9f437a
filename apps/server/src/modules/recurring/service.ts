import type { Expression } from 'kysely';
import { INTERVAL_DAYS, type RequestInterval } from '@wallet/contract';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { recordAudit, type AuditBy } from '../audit/service.js';
import { recurringSubject } from './audit-subject.js';
import { addDays, periodAfter } from './periods.js';
import * as recurringRepo from './repo.js';
import { insertRecurring, lockRecurring, updateRecurring } from './repo.js';

/*
 * The recurring module's public entry. The purchase-requests module builds on it (an approval starts a recurring
 * request; its presenter shows them), so this file never imports purchase-requests: what reads the requests sits
 * beside it (schedule.ts: the fundings the pg-boss job runs; ownership.ts: lists and removal by owner), reached from
 * routes.ts, jobs/workers.ts and, for other modules' tests, test-fixtures.ts. No import cycle, in files or modules'
 * entries.
 */

export { addDays } from './periods.js';

export type RecurringRow = recurringRepo.RecurringRow;

export function findRecurring(db: DbOrTx, orgId: number, id: number): Promise<RecurringRow | undefined> {
  return recurringRepo.findRecurring(db, orgId, id);
}

/** The recurring requests that grew out of these purchase requests (at most one each). */
export function recurringOfRequestColumn(orgId: Expression<number>, requestId: Expression<number>) {
  return recurringRepo.recurringOfRequestColumn(orgId, requestId);
}
export type RecurringBriefRow = recurringRepo.RecurringBriefRow;

export function recurringOfRequests(db: DbOrTx, requestIds: readonly number[]): Promise<RecurringRow[]> {
  return recurringRepo.recurringOfRequests(db, requestIds);
}

/** The periods a recurring request has funded, oldest first. */
export function fundingsOf(db: DbOrTx, recurringId: number) {
  return recurringRepo.fundingsOf(db, recurringId);
}

/**
 * After the approval's own funding, the next ones fall every interval from the start date. It stays active
 * until its end date comes (PRODUCT.md §4), even when no period falls before it.
 */
export async function startRecurring(
  tx: Tx,
  params: {
    orgId: number;
    purchaseRequestId: number;
    interval: RequestInterval;
    startDate: string;
    endDate: string | null;
    today: string;
  },
) {
  const ended = params.endDate !== null && params.endDate <= params.today;
  return insertRecurring(tx, {
    org_id: params.orgId,
    purchase_request_id: params.purchaseRequestId,
    interval: params.interval,
    start_date: params.startDate,
    end_date: params.endDate,
    last_run: params.today,
    next_run: ended ? null : periodAfter(params.startDate, params.interval, params.endDate),
    status: ended ? 'inactive' : 'active',
  });
}

/** Admins pause and unpause. Unpausing resumes at the next scheduled date from today (missed periods are skipped). */
export async function setPaused(
  db: Db,
  orgId: number,
  id: number,
  isPaused: boolean,
  today: string,
  by?: AuditBy,
): Promise<RecurringRow> {
  return db.transaction().execute(async (tx) => {
    const recurring = await lockRecurring(tx, orgId, id);
    if (!recurring) throw notFound();
    if (isPaused) {
      await updateRecurring(tx, id, { is_paused: true, paused_by: 'admin', pause_reason: null });
    } else {
      let next = recurring.next_run;
      while (next && next < today) next = addDays(next, INTERVAL_DAYS[recurring.interval]);
      if (next !== null && recurring.end_date !== null && next > recurring.end_date) next = null;
      // A period due today is still funded; the schedule makes it inactive once its end date has come.
      await updateRecurring(tx, id, { is_paused: false, paused_by: null, pause_reason: null, next_run: next });
    }
    if (recurring.is_paused !== isPaused) {
      const details = isPaused
        ? { paused_by: 'admin' }
        : {
            was_paused_by: recurring.paused_by,
            next_run: (await recurringRepo.findRecurring(tx, orgId, id))!.next_run,
          };
      await recordAudit(tx, {
        orgId,
        by,
        action: isPaused ? 'recurring.paused' : 'recurring.unpaused',
        subject: recurringSubject(recurring),
        details,
      });
    }
    return (await recurringRepo.findRecurring(tx, orgId, id))!;
  });
}
