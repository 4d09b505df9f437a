import { CARD_MESSAGES } from '@wallet/contract';
import { HttpError } from '../../http/errors.js';
import { tokenDigest } from '../auth/tokens.js';
import type { Organization } from '../orgs/service.js';
import { findUserWithRoles } from '../users/service.js';
import { findApproval, lockLinkByToken } from './repo.js';
import type { AuditClient } from '../audit/service.js';
import { decideStep, type RequestDeps } from './service.js';

const FUNDING_PROBLEMS = new Set<string>([CARD_MESSAGES.insufficientFunds, CARD_MESSAGES.holderNotWalletUser]);

/** Where a one-click mail link lands (SPEC §2 public routes). */
export function linkOutcomePath(outcome: { kind: 'done'; approvalId: number; status: 'approved' | 'rejected' | 'used' } | { kind: 'error'; status: 'funding' | 'not-found' } | { kind: 'expired' }): string {
  if (outcome.kind === 'done') return `/purchase-requests/approvals/done?approval=${outcome.approvalId}&status=${outcome.status}`;
  if (outcome.kind === 'error') return `/purchase-requests/approvals/error?status=${outcome.status}`;
  return '/purchase-request/approvals/expired';
}

/**
 * Answers an approval from its mail link: the link's approver decides their step exactly as in the app.
 * A used or already-answered link says so, an expired one says it expired, a deleted request is not-found,
 * and an approval the organisation can't fund is a funding error (the link stays usable).
 */
export async function answerByLink(deps: RequestDeps, organization: Organization, origin: string, token: string, client?: AuditClient): Promise<string> {
  const link = await deps.db.transaction().execute((tx) => lockLinkByToken(tx, tokenDigest(token)));
  if (!link || link.org_id !== organization.id) return linkOutcomePath({ kind: 'error', status: 'not-found' });
  if (link.used_at) return linkOutcomePath({ kind: 'done', approvalId: link.approval_id, status: 'used' });
  if (link.expires_at.getTime() <= Date.now()) return linkOutcomePath({ kind: 'expired' });
  const approval = await findApproval(deps.db, link.approval_id);
  const approver = approval && (await findUserWithRoles(deps.db, organization.id, approval.approver_id));
  if (!approver) return linkOutcomePath({ kind: 'error', status: 'not-found' });
  try {
    await decideStep(deps, { organization, origin, client }, approver, { requestId: link.purchase_request_id, approvalId: link.approval_id, status: link.action, notes: null });
    return linkOutcomePath({ kind: 'done', approvalId: link.approval_id, status: link.action });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.statusCode === 404) return linkOutcomePath({ kind: 'error', status: 'not-found' });
    if (FUNDING_PROBLEMS.has(error.message) || error.statusCode >= 500) return linkOutcomePath({ kind: 'error', status: 'funding' });
    return linkOutcomePath({ kind: 'done', approvalId: link.approval_id, status: 'used' });
  }
}
