import { CANCELED_CARD_MESSAGES, CARD_MESSAGES, REQUEST_MESSAGES } from '@wallet/contract';
import { HttpError } from '../../http/errors.js';
import { tokenDigest } from '../../crypto/tokens.js';
import type { Organization } from '../orgs/service.js';
import { findUserWithRoles } from '../users/service.js';
import { findApproval, findRequest, lockLinkByToken } from './repo.js';
import type { AuditClient } from '../audit/service.js';
import { decideStep, type RequestDeps } from './service.js';

const FUNDING_PROBLEMS = new Set<string>([
  CARD_MESSAGES.insufficientFunds,
  CARD_MESSAGES.holderNotWalletUser,
  CANCELED_CARD_MESSAGES.canceled,
]);
/** The link's approver is no longer asked: off the team's path, or their step went with it. */
const NOT_NEEDED = new Set<string>([REQUEST_MESSAGES.approvalNoLongerNeeded, REQUEST_MESSAGES.notApprover]);

type LinkOutcome =
  | { kind: 'done'; approvalId: number; status: 'approved' | 'rejected' | 'used' }
  | { kind: 'not-needed' }
  | { kind: 'error'; status: 'funding' | 'not-found' }
  | { kind: 'expired' };

/** Where a one-click mail link lands (PRODUCT.md §2 public routes; done?status=not-needed when the path changed). */
export function linkOutcomePath(outcome: LinkOutcome): string {
  if (outcome.kind === 'done')
    return `/purchase-requests/approvals/done?approval=${outcome.approvalId}&status=${outcome.status}`;
  if (outcome.kind === 'not-needed') return '/purchase-requests/approvals/done?status=not-needed';
  if (outcome.kind === 'error') return `/purchase-requests/approvals/error?status=${outcome.status}`;
  return '/purchase-request/approvals/expired';
}

/**
 * Answers an approval from its mail link: the link's approver decides their step exactly as in the app.
 * A used or already-answered link says so, an expired one says it expired, a deleted request is not-found,
 * an approver taken off the team's path (or no longer current after a reorder) is no longer needed,
 * and an approval the organisation can't fund is a funding error (the link stays usable).
 */
export async function answerByLink(
  deps: RequestDeps,
  organization: Organization,
  origin: string,
  token: string,
  client?: AuditClient,
): Promise<string> {
  const link = await deps.db.transaction().execute((tx) => lockLinkByToken(tx, tokenDigest(token)));
  if (!link || link.org_id !== organization.id) return linkOutcomePath({ kind: 'error', status: 'not-found' });
  if (link.voided_at) return linkOutcomePath({ kind: 'not-needed' });
  const approvalId = link.approval_id;
  if (link.used_at && approvalId !== null) return linkOutcomePath({ kind: 'done', approvalId, status: 'used' });
  if (link.expires_at.getTime() <= Date.now()) return linkOutcomePath({ kind: 'expired' });
  const approval = approvalId === null ? undefined : await findApproval(deps.db, approvalId);
  if (!approval || approvalId === null) {
    // The step went since the link was read (a path change): the request may still be there, without this approver.
    return linkOutcomePath(
      (await findRequest(deps.db, organization.id, link.purchase_request_id))
        ? { kind: 'not-needed' }
        : { kind: 'error', status: 'not-found' },
    );
  }
  const approver = await findUserWithRoles(deps.db, organization.id, approval.approver_id);
  if (!approver) return linkOutcomePath({ kind: 'error', status: 'not-found' });
  try {
    await decideStep(deps, { organization, origin, client }, approver, {
      requestId: link.purchase_request_id,
      approvalId,
      status: link.action,
      notes: null,
    });
    return linkOutcomePath({ kind: 'done', approvalId, status: link.action });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.statusCode === 404) return linkOutcomePath({ kind: 'error', status: 'not-found' });
    if (error.statusCode === 403 && NOT_NEEDED.has(error.message)) return linkOutcomePath({ kind: 'not-needed' });
    if (FUNDING_PROBLEMS.has(error.message) || error.statusCode >= 500)
      return linkOutcomePath({ kind: 'error', status: 'funding' });
    return linkOutcomePath({ kind: 'done', approvalId, status: 'used' });
  }
}
