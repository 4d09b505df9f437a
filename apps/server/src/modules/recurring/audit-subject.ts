import type { RecurringRow } from './service.js';

/** How the audit log names a recurring request. */
export function recurringSubject(recurring: RecurringRow) {
  return {
    type: 'recurring_purchase_request' as const,
    id: recurring.id,
    label: `Request #${recurring.purchase_request_id} (${recurring.interval})`,
  };
}
