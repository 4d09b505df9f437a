import type { Db, DbOrTx } from '../../db/database.js';
import type { SortTerm } from '../../http/list-query.js';
import { notFound } from '../../http/errors.js';
import { recordAudit, type AuditBy } from '../audit/service.js';
import { findRequest, listRequests } from '../purchase-requests/service.js';
import type { Actor } from '../users/service.js';
import { recurringSubject } from './audit-subject.js';
import { canRemoveRecurring } from './policy.js';
import * as recurringRepo from './repo.js';
import { deleteRecurring, lockRecurring } from './repo.js';
import { findRecurring, type RecurringRow } from './service.js';

/* Whose recurring request it is: the owner is the purchase request's, read through the purchase-requests module. */

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
