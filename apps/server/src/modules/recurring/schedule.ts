import type { Db } from '../../db/database.js';
import type { Jobs } from '../../jobs/queue.js';
import type { IssuingProvider } from '../../issuing/provider.js';
import { HttpError } from '../../http/errors.js';
import { addToCardLimitInTransaction } from '../cards/service.js';
import { recordAudit, SYSTEM } from '../audit/service.js';
import { findOrganizationById } from '../orgs/service.js';
import { findRequest } from '../purchase-requests/service.js';
import { adminsOf } from '../users/service.js';
import { recurringSubject } from './audit-subject.js';
import { mailAdminsFundingFailed } from './mails.js';
import { periodAfter } from './periods.js';
import { claimPeriod, lockDueRecurring, lockRecurring, updateRecurring } from './repo.js';
import type { RecurringRow } from './service.js';
import { afterFundsChanged } from '../card-settings/service.js';

export interface RecurringDeps {
  db: Db;
  jobs: Jobs;
  issuer: IssuingProvider;
}

/** Funds one due period of one recurring request; returns what happened. */
async function fundNextPeriod(deps: RecurringDeps, today: string): Promise<'funded' | 'ended' | 'failed' | 'none'> {
  let failed: { recurring: RecurringRow; reason: string } | null = null;
  let fundedOrg: number | null = null;
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
          fundedOrg = request.org_id;
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
  if (outcome === 'funded' && fundedOrg !== null) await afterFundsChanged(deps.db, fundedOrg);
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
