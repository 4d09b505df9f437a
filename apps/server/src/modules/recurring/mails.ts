import { formatCents } from '@wallet/contract';
import type { Tx } from '../../db/database.js';
import type { Jobs } from '../../jobs/queue.js';
import { queueMail, renderMail } from '../mail/service.js';
import type { Organization } from '../orgs/service.js';
import type { RequestRow } from '../purchase-requests/service.js';
import { fullName } from '../users/service.js';

/** Admins hear when a recurring funding could not run (it is paused until one of them unpauses it). */
export async function mailAdminsFundingFailed(
  tx: Tx,
  jobs: Jobs,
  organization: Organization,
  admins: Array<{ id: number; email: string; first_name: string; last_name: string }>,
  request: RequestRow,
  reason: string,
): Promise<void> {
  for (const admin of admins) {
    await queueMail(tx, jobs, {
      orgId: organization.id,
      kind: 'recurring_paused',
      to: { email: admin.email, name: fullName(admin) },
      content: renderMail({
        organisation: organization.name,
        subject: `A recurring funding of ${formatCents(request.amount)} was paused`,
        greeting: `Hi ${admin.first_name},`,
        paragraphs: [
          `The recurring purchase request #${request.id} could not fund its card: ${reason}`,
          'It is paused until an admin unpauses it in Requests → All Recurring Request.',
        ],
      }),
    });
  }
}
