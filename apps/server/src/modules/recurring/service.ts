import { INTERVAL_DAYS, type RequestInterval } from '@wallet/contract';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import type { Jobs } from '../../jobs/queue.js';
import type { IssuingProvider } from '../../issuing/provider.js';
import { HttpError, notFound } from '../../http/errors.js';
import { addToCardLimitInTransaction } from '../cards/service.js';
import { recordAudit, SYSTEM, type AuditBy } from '../audit/service.js';
import { findOrganizationById } from '../orgs/service.js';
import { adminsOf } from '../users/service.js';
import { mailAdminsFundingFailed } from '../purchase-requests/mails.js';
import { findRequest, listRequests } from '../purchase-requests/queries.js';
import type { SortTerm } from '../../http/list-query.js';
import type { Actor } from '../users/service.js';
import { canRemoveRecurring } from './policy.js';
import * as recurringRepo from './repo.js';
import {
  claimPeriod,
  deleteRecurring,
  insertRecurring,
  lockDueRecurring,
  lockRecurring,
  updateRecurring,
} from './repo.js';

export type RecurringRow = recurringRepo.RecurringRow;

export function findRecurring(db: DbOrTx, orgId: number, id: number): Promise<RecurringRow | undefined> {
  return recurringRepo.findRecurring(db, orgId, id);
}

/** The recurring requests that grew out of these purchase requests (at most one each). */
export function recurringOfRequests(db: DbOrTx, requestIds: readonly number[]): Promise<RecurringRow[]> {
  return recurringRepo.recurringOfRequests(db, requestIds);
}

/** The periods a recurring request has funded, oldest first. */
export function fundingsOf(db: DbOrTx, recurringId: number) {
  return recurringRepo.fundingsOf(db, recurringId);
}

/** A page of recurring requests, all of them or those of one person (GET /api/users/{id}/recurring-...). */
export async function listRecurring(
  db: DbOrTx,
  orgId: number,
  filters: { ownerId?: number; status?: 'active' | 'inactive'; isPaused?: boolean },
  sort: SortTerm<'created_at' | 'next_run' | 'start_date'>[],
  page: { number: number; size: number },
): Promise<{ rows: RecurringRow[]; total: number }> {
  const { ownerId, ...rest } = filters;
  let requestIds: number[] | undefined;
  if (ownerId !== undefined) {
    const owned = await listRequests(db, orgId, { userId: ownerId }, [], { number: 1, size: 10_000 });
    requestIds = owned.rows.filter((row) => row.interval).map((row) => row.id);
  }
  return recurringRepo.listRecurring(db, orgId, { ...rest, requestIds }, sort, page);
}

export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** The period after `period`, or null when it would fall after the end date. */
function periodAfter(period: string, interval: RequestInterval, endDate: string | null): string | null {
  const next = addDays(period, INTERVAL_DAYS[interval]);
  return endDate !== null && next > endDate ? null : next;
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

export interface RecurringDeps {
  db: Db;
  jobs: Jobs;
  issuer: IssuingProvider;
}

/** Funds one due period of one recurring request; returns what happened. */
async function fundNextPeriod(deps: RecurringDeps, today: string): Promise<'funded' | 'ended' | 'failed' | 'none'> {
  let failed: { recurring: RecurringRow; reason: string } | null = null;
  const outcome = await deps.db
    .transaction()
    .execute(async (tx) => {
      const [recurring] = await lockDueRecurring(tx, today, 1);
      if (!recurring) return 'none' as const;
      const period = recurring.next_run;
      const request = await findRequest(tx, recurring.org_id, recurring.purchase_request_id);
      const fundable =
        !recurring.is_paused &&
        period !== null &&
        period <= today &&
        (recurring.end_date === null || period <= recurring.end_date);
      if (!fundable || !request) {
        // Picked because its end date has come (and every period up to it is funded): it becomes inactive.
        await updateRecurring(tx, recurring.id, { status: 'inactive', next_run: null });
        return 'ended' as const;
      }
      if (
        await claimPeriod(tx, {
          org_id: recurring.org_id,
          recurring_purchase_request_id: recurring.id,
          period_date: period,
          amount: request.amount,
        })
      ) {
        try {
          await addToCardLimitInTransaction(tx, deps.jobs, {
            orgId: request.org_id,
            cardId: request.card_id,
            amount: request.amount,
            reference: `recurring:${recurring.id}:${period}`,
            description: `Recurring purchase request #${request.id} (${recurring.interval})`,
            createdBy: null,
          });
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          failed = { recurring, reason: error.message };
          throw error; // roll the claim back; the pause happens in its own transaction below
        }
      }
      // Once its end date has come, the next pass over it makes it inactive.
      await updateRecurring(tx, recurring.id, {
        last_run: period,
        next_run: periodAfter(period, recurring.interval, recurring.end_date),
      });
      return 'funded' as const;
    })
    .catch((error: unknown) => {
      if (failed) return 'failed' as const;
      throw error;
    });
  if (outcome === 'failed' && failed) await pauseBySystem(deps, failed);
  return outcome;
}

async function pauseBySystem(deps: RecurringDeps, failure: { recurring: RecurringRow; reason: string }) {
  await deps.db.transaction().execute(async (tx) => {
    const recurring = await lockRecurring(tx, failure.recurring.org_id, failure.recurring.id);
    if (!recurring || recurring.is_paused) return;
    await updateRecurring(tx, recurring.id, {
      is_paused: true,
      paused_by: 'system',
      pause_reason: failure.reason.slice(0, 500),
    });
    await recordAudit(tx, {
      orgId: recurring.org_id,
      by: SYSTEM,
      action: 'recurring.paused',
      subject: recurringSubject(recurring),
      details: { paused_by: 'system', reason: failure.reason.slice(0, 500) },
    });
    const [organization, request, admins] = await Promise.all([
      findOrganizationById(tx, recurring.org_id),
      findRequest(tx, recurring.org_id, recurring.purchase_request_id),
      adminsOf(tx, recurring.org_id),
    ]);
    if (organization && request)
      await mailAdminsFundingFailed(tx, deps.jobs, organization, admins, request, failure.reason);
  });
}

/**
 * The schedule's work: every recurring request due on or before `today` funds each missed period once.
 * `today` is a parameter so tests control the clock. Safe to run from several processes at once.
 */
export async function runDueFundings(
  deps: RecurringDeps,
  today: string,
): Promise<{ funded: number; failed: number; ended: number }> {
  const totals = { funded: 0, failed: 0, ended: 0 };
  for (let step = 0; step < 10_000; step++) {
    const outcome = await fundNextPeriod(deps, today);
    if (outcome === 'none') break;
    totals[outcome]++;
  }
  return totals;
}

/** Admins pause and unpause. Unpausing resumes at the next scheduled date from today (missed periods are skipped). */
function recurringSubject(recurring: RecurringRow) {
  return {
    type: 'recurring_purchase_request' as const,
    id: recurring.id,
    label: `Request #${recurring.purchase_request_id} (${recurring.interval})`,
  };
}

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

/** Admins delete any recurring request, a member their own; anything else is a 404. */
export async function removeRecurring(db: Db, orgId: number, actor: Actor, id: number, by?: AuditBy) {
  const row = await findRecurring(db, orgId, id);
  const purchase = row && (await findRequest(db, orgId, row.purchase_request_id));
  if (!row || !purchase || !canRemoveRecurring(actor, purchase)) throw notFound();
  await db.transaction().execute(async (tx) => {
    const recurring = await lockRecurring(tx, orgId, id);
    if (!recurring) return;
    await deleteRecurring(tx, orgId, id);
    await recordAudit(tx, {
      orgId,
      by,
      action: 'recurring.deleted',
      subject: recurringSubject(recurring),
      details: {
        purchase_request_id: recurring.purchase_request_id,
        interval: recurring.interval,
        status: recurring.status,
      },
    });
  });
}
