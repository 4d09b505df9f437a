import { ORG_FUNDS_LOW_NOTICE } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { unallocatedFunds } from '../ledger/service.js';
import { notify } from '../notifications/service.js';
import { adminsOf } from '../users/service.js';
import * as repo from './repo.js';

/**
 * Organisation funds low (issue 20 point 7): after a change to the organisation's unallocated funds has committed,
 * they are judged against Card Settings' threshold. The first time they are below it every admin is notified
 * (org_funds_low, in the bell and by mail as their switches say); not again until they are back at or above it.
 * The settings row is locked and the funds read after it, so checks running at once tell the admins once.
 * Returns whether the admins were notified now.
 */
export async function checkOrgFundsLow(db: Db, orgId: number): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const state = await repo.lockFundsLowState(tx, orgId);
    if (!state || state.org_funds_low_threshold === null) return false;
    const threshold = state.org_funds_low_threshold;
    const funds = await unallocatedFunds(tx, orgId);
    const told = state.org_funds_low_notified_at !== null;
    if (funds >= threshold) {
      if (told) await repo.markFundsLowNotified(tx, orgId, null);
      return false;
    }
    if (told) return false;
    await repo.markFundsLowNotified(tx, orgId, new Date());
    const admins = await adminsOf(tx, orgId);
    await notify(
      tx,
      admins.map((admin) => ({
        orgId,
        userId: admin.id,
        kind: 'org_funds_low' as const,
        title: ORG_FUNDS_LOW_NOTICE.title,
        body: ORG_FUNDS_LOW_NOTICE.body(funds, threshold),
        link: ORG_FUNDS_LOW_NOTICE.link,
      })),
    );
    return true;
  });
}

/**
 * checkOrgFundsLow for the places that move the funds, after their commit: a failed check must not turn a funding
 * that happened into an error, so it is reported and the next change's check tries again.
 */
export async function afterFundsChanged(db: Db, orgId: number): Promise<void> {
  try {
    await checkOrgFundsLow(db, orgId);
  } catch (error) {
    console.warn(`funds-low check of organisation ${orgId} failed:`, error instanceof Error ? error.message : error);
  }
}
