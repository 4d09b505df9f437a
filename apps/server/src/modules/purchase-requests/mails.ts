import { formatCents } from '@wallet/contract';
import type { Tx } from '../../db/database.js';
import type { Jobs } from '../../jobs/queue.js';
import { randomToken, tokenDigest } from '../../crypto/tokens.js';
import { renderMail } from '../mail/service.js';
import { notify } from '../notifications/service.js';
import type { Organization } from '../orgs/service.js';
import { findUserById, fullName } from '../users/service.js';
import { insertLinks, type ApprovalRow, type RequestRow } from './repo.js';

export const APPROVAL_LINK_TTL_DAYS = 7;

export interface MailContext {
  tx: Tx;
  jobs: Jobs;
  organization: Organization;
  origin: string;
}

/**
 * The current approver's mail with one-click Approve and Reject links (single use, 7 days), and the same news in
 * their notification bell.
 */
export async function mailApprover(context: MailContext, request: RequestRow, approval: ApprovalRow): Promise<void> {
  const { tx, organization, origin } = context;
  const [approver, requester] = await Promise.all([
    findUserById(tx, organization.id, approval.approver_id),
    findUserById(tx, organization.id, request.user_id),
  ]);
  if (!approver || !requester) return;
  const expiresAt = new Date(Date.now() + APPROVAL_LINK_TTL_DAYS * 24 * 60 * 60 * 1000);
  const tokens = { approved: randomToken(), rejected: randomToken() };
  await insertLinks(
    tx,
    (['approved', 'rejected'] as const).map((action) => ({
      org_id: organization.id,
      approval_id: approval.id,
      purchase_request_id: request.id,
      action,
      token_hash: tokenDigest(tokens[action]),
      expires_at: expiresAt,
    })),
  );
  const link = (action: 'approved' | 'rejected') => new URL(`/api/approval-links/${tokens[action]}`, origin).toString();
  // One notice: the bell and the mail (with the one-click links) as the approver's switches of approval_needed say.
  await notify(tx, [
    {
      orgId: organization.id,
      userId: approver.id,
      kind: 'approval_needed',
      title: 'A request waits for your approval',
      body: `${fullName(requester)} asks for ${formatCents(request.amount)}: ${request.notes}`,
      link: '/requests',
      mail: renderMail({
        organisation: organization.name,
        subject: `${fullName(requester)} asks for ${formatCents(request.amount)}`,
        greeting: `Hi ${approver.first_name},`,
        paragraphs: [
          `${fullName(requester)} asks for ${formatCents(request.amount)}${request.interval ? ` (${request.interval}, from ${request.start_date})` : ''} on their card.`,
          `Notes: ${request.notes}`,
          'You are the next approver. Approve or reject with one click; each link works once and expires in 7 days.',
        ],
        actions: [
          { label: 'Approve', url: link('approved'), color: '#16a34a' },
          { label: 'Reject', url: link('rejected'), color: '#dc2626' },
        ],
        footnote: `You can also decide in the wallet under Requests → Pending Request.`,
      }),
    },
  ]);
}

/** The requester learns the outcome, in their notification bell and by mail, as their switches say. */
export async function mailRequester(
  context: MailContext,
  request: RequestRow,
  outcome: 'approved' | 'rejected',
  note: string | null,
): Promise<void> {
  const { tx, organization, origin } = context;
  const requester = await findUserById(tx, organization.id, request.user_id);
  if (!requester) return;
  await notify(tx, [
    {
      orgId: organization.id,
      userId: requester.id,
      kind: 'request_decided',
      title: `Request ${outcome}`,
      body:
        outcome === 'approved'
          ? `Your request for ${formatCents(request.amount)} was approved and the money is on your card.`
          : `Your request for ${formatCents(request.amount)} was rejected.${note ? ` Comment: ${note}` : ''}`,
      link: '/requests?tab=myRequest',
      mail: renderMail({
        organisation: organization.name,
        subject: `Your request for ${formatCents(request.amount)} was ${outcome}`,
        greeting: `Hi ${requester.first_name},`,
        paragraphs: [
          outcome === 'approved'
            ? `Your purchase request for ${formatCents(request.amount)} was approved and the money is on your card.`
            : `Your purchase request for ${formatCents(request.amount)} was rejected.`,
          ...(note ? [`Comment: ${note}`] : []),
        ],
        action: { label: 'View My Requests', url: new URL('/requests?tab=myRequest', origin).toString() },
      }),
    },
  ]);
}
