import type { RecurringResource } from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import { presentRecurring, presentRequests } from '../purchase-requests/presenter.js';
import { findRequest } from '../purchase-requests/service.js';
import type { RecurringRow } from './service.js';

/**
 * Recurring requests with their amount (the purchase request's) and, when any purchaseRequest include is asked
 * for, the purchase request with its own includes (purchaseRequest.user -> user, ...).
 */
export async function presentRecurringList(
  db: DbOrTx,
  orgId: number,
  rows: RecurringRow[],
  includes: ReadonlySet<string>,
) {
  const requests = await Promise.all(rows.map((row) => findRequest(db, orgId, row.purchase_request_id)));
  const nested = [...includes]
    .filter((include) => include.startsWith('purchaseRequest.'))
    .map((include) => include.slice('purchaseRequest.'.length));
  const presented = includes.size
    ? await presentRequests(
        db,
        orgId,
        requests.filter((row) => row !== undefined),
        new Set(nested),
      )
    : [];
  const byId = new Map(presented.map((item) => [item.id, item]));
  return rows.map((row, index) => ({
    ...presentRecurring(row, requests[index]?.amount ?? 0),
    ...(includes.size > 0 && { purchase_request: byId.get(row.purchase_request_id) ?? null }),
  }));
}

/** One recurring request without includes (the answer to a pause or unpause). */
export async function presentOneRecurring(
  db: DbOrTx,
  orgId: number,
  row: RecurringRow,
): Promise<Omit<RecurringResource, 'purchase_request'>> {
  const purchase = await findRequest(db, orgId, row.purchase_request_id);
  return presentRecurring(row, purchase?.amount ?? 0);
}
