import { todayIso } from '@wallet/contract';
import type { Tx } from '../../db/database.js';
import type { Jobs } from '../../jobs/queue.js';
import { addToCardLimitInTransaction } from '../cards/service.js';
import { startRecurring } from '../recurring/service.js';
import { updateRequest, type RequestRow } from './repo.js';

/**
 * An approved request funds its card in the approver's transaction: spending limit + amount, the ledger, and
 * `transferred`. If the organisation can't cover it the cards module throws 409 and the whole approval rolls back.
 * A request with an interval then becomes a recurring request.
 */
export async function fundApprovedRequest(tx: Tx, jobs: Jobs, request: RequestRow, decidedBy: number): Promise<Date> {
  await addToCardLimitInTransaction(tx, jobs, {
    orgId: request.org_id,
    cardId: request.card_id,
    amount: request.amount,
    reference: `purchase-request:${request.id}`,
    description: `Purchase request #${request.id}: ${request.notes}`,
    createdBy: decidedBy,
  });
  const transferred = new Date();
  await updateRequest(tx, request.id, { transferred });
  if (request.interval && request.start_date) {
    await startRecurring(tx, {
      orgId: request.org_id,
      purchaseRequestId: request.id,
      interval: request.interval,
      startDate: request.start_date,
      endDate: request.end_date,
      today: todayIso(),
    });
  }
  return transferred;
}
