import { REGISTRATION_PAGES, type RegistrationApprovalStatus, type RegistrationLinkProblem } from '@wallet/contract';
import type { Db, Tx } from '../../db/database.js';
import type { Jobs } from '../../jobs/queue.js';
import { tokenDigest } from '../../crypto/tokens.js';
import type { Organization } from '../orgs/service.js';
import {
  createUserInTransaction,
  findUserByEmail,
  findUserWithRoles,
  fullName,
  grantFirstRole,
  sendInvitation,
} from '../users/service.js';
import { mailAdminsAboutRequest } from './mails.js';
import { canAnswerRegistration } from './policy.js';
import {
  findRequestByEmailForUpdate,
  findRequestForUpdate,
  insertRequest,
  lockLinkByToken,
  markAnswered,
  markLinksUsed,
  reopenRequest,
  type Person,
  type RegistrationRequestRow,
  type Responder,
} from './repo.js';

export { REGISTRATION_LINK_TTL_DAYS } from './mails.js';

/** The role someone approved from a registration request is invited with. */
export const REGISTRATION_ROLE = 'wallet-user';

export interface RegistrationDeps {
  db: Db;
  jobs: Jobs;
}

/**
 * Someone without a wallet role signed in with Google. The first time (or again after losing the role they were
 * approved for) a pending request is recorded and every admin is mailed: 'requested'. While a request waits, or
 * after it was blocked, nothing new happens: 'pending' (the person is told access is pending either way).
 */
export async function requestRegistration(
  deps: RegistrationDeps,
  organization: Organization,
  origin: string,
  person: Person,
): Promise<'requested' | 'pending'> {
  return deps.db.transaction().execute(async (tx) => {
    const existing = await findRequestByEmailForUpdate(tx, organization.id, person.email);
    let request: RegistrationRequestRow | undefined;
    if (!existing) request = await insertRequest(tx, organization.id, person);
    else if (existing.status === 'approved') request = await reopenRequest(tx, organization.id, existing.id, person);
    if (!request) return 'pending';
    await mailAdminsAboutRequest(tx, deps.jobs, organization, origin, request);
    return 'requested';
  });
}

/** Where an answered link lands: /registration-approval-status with the outcome and who answered when. */
export function approvalStatusPath(
  status: RegistrationApprovalStatus | RegistrationLinkProblem,
  request?: RegistrationRequestRow,
): string {
  const query = new URLSearchParams({ status });
  if (request && request.status !== 'pending') {
    if (request.responder_email) query.set('responder_email', request.responder_email);
    if (request.responder_name) query.set('responder_name', request.responder_name);
    if (request.responded_on) query.set('responded_on', request.responded_on.toISOString());
  }
  return `${REGISTRATION_PAGES.approvalStatus}?${query.toString()}`;
}

/** Approving invites the person (created if unknown) as a member, through the users module's invitation. */
async function approve(
  tx: Tx,
  jobs: Jobs,
  organization: Organization,
  origin: string,
  request: RegistrationRequestRow,
  responder: Responder,
) {
  const known = await findUserByEmail(tx, organization.id, request.email);
  const user = known
    ? await findUserWithRoles(tx, organization.id, known.id)
    : await createUserInTransaction(tx, organization.id, {
        email: request.email,
        first_name: request.first_name,
        last_name: request.last_name,
        role: REGISTRATION_ROLE,
      });
  if (!user) throw new Error('registration approval: the user vanished');
  // Someone given a role (and a password) meanwhile by an admin needs no invitation.
  if (user.roles.length > 0 && user.password_hash !== null) return;
  const invited = user.roles.length > 0 ? user : await grantFirstRole(tx, organization.id, user.id, REGISTRATION_ROLE);
  await sendInvitation(tx, jobs, {
    organization,
    user: invited,
    invitedBy: { id: responder.id, name: responder.name },
    origin,
  });
}

/**
 * An admin's mailed Approve or Block link. The first answer decides; any later use of any of the request's links
 * shows that answer (already_approved, already_blocked) and changes nothing. An expired link, or one of
 * another organisation or an admin no longer admin, changes nothing either.
 */
export async function answerByLink(
  deps: RegistrationDeps,
  organization: Organization,
  origin: string,
  token: string,
): Promise<string> {
  return deps.db.transaction().execute(async (tx) => {
    const link = await lockLinkByToken(tx, tokenDigest(token));
    if (!link || link.org_id !== organization.id) return approvalStatusPath('invalid');
    const request = await findRequestForUpdate(tx, organization.id, link.registration_request_id);
    if (!request) return approvalStatusPath('invalid');
    if (request.status === 'approved') return approvalStatusPath('already_approved', request);
    if (request.status === 'blocked') return approvalStatusPath('already_blocked', request);
    if (link.used_at || link.expires_at.getTime() <= Date.now()) return approvalStatusPath('expired');
    const admin = await findUserWithRoles(tx, organization.id, link.admin_id);
    if (!admin || !canAnswerRegistration(admin)) return approvalStatusPath('invalid');
    const responder: Responder = { id: admin.id, email: admin.email, name: fullName(admin) };
    if (link.action === 'approve') await approve(tx, deps.jobs, organization, origin, request, responder);
    const answered = await markAnswered(
      tx,
      organization.id,
      request.id,
      link.action === 'approve' ? 'approved' : 'blocked',
      responder,
    );
    await markLinksUsed(tx, organization.id, request.id);
    return approvalStatusPath(link.action, answered);
  });
}
