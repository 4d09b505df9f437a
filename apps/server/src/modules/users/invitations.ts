import { INVITATION_MESSAGES, roleLabel, type AssignableRole, type RegisterInput } from '@wallet/contract';
import type { Db, Tx } from '../../db/database.js';
import type { Jobs } from '../../jobs/queue.js';
import { validationFailed } from '../../http/errors.js';
import { hashPassword } from '../../crypto/passwords.js';
import { randomToken, tokenDigest } from '../../crypto/tokens.js';
import { queueMail, renderMail } from '../mail/service.js';
import type { Organization } from '../orgs/service.js';
import {
  findInvitationForUpdate,
  insertInvitation,
  markInvitationUsed,
  retireInvitations,
} from './invitations-repo.js';
import { recordAudit, type AuditBy } from '../audit/service.js';
import {
  createUserInTransaction,
  findUserWithRoles,
  grantFirstRole,
  setPasswordHash,
  type NewUser,
  type UserWithRoles,
} from './accounts.js';
import { fullName } from './names.js';

export const INVITATION_TTL_DAYS = 7;

/** The link an invitation mail carries, on the organisation's own host. */
export function registrationLink(origin: string, token: string, email: string): string {
  const url = new URL('/register', origin);
  url.searchParams.set('token', token);
  url.searchParams.set('email', email);
  return url.toString();
}

/**
 * A fresh single-use link (older ones stop working) and its mail, in the caller's transaction.
 * Only the token's digest is stored; the mail holds the only copy of the token.
 */
export async function sendInvitation(
  tx: Tx,
  jobs: Jobs,
  params: {
    organization: Organization;
    user: UserWithRoles;
    invitedBy: { id: number; name: string } | null;
    origin: string;
  },
): Promise<void> {
  const { organization, user, invitedBy, origin } = params;
  const token = randomToken();
  await retireInvitations(tx, organization.id, user.id);
  await insertInvitation(tx, {
    org_id: organization.id,
    user_id: user.id,
    token_hash: tokenDigest(token),
    invited_by: invitedBy?.id ?? null,
    expires_at: new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000),
  });
  const role = roleLabel(user.roles) === 'Admin' ? 'an admin' : 'a member';
  await queueMail(tx, jobs, {
    orgId: organization.id,
    kind: 'invitation',
    to: { email: user.email, name: fullName(user) },
    content: renderMail({
      organisation: organization.name,
      subject: `You're invited to ${organization.name}'s spend wallet`,
      greeting: `Hi ${user.first_name},`,
      paragraphs: [
        `${invitedBy?.name ?? 'An administrator'} invited you to join ${organization.name} on Spend Wallet as ${role}.`,
        `Choose a password to get started. The link works once and expires in ${INVITATION_TTL_DAYS} days.`,
      ],
      action: { label: 'Set My Password', url: registrationLink(origin, token, user.email) },
      footnote: "If you weren't expecting this invitation, you can ignore this mail.",
    }),
  });
}

/** Who invites, from where, into which organisation (the link is on its own host). */
export interface InvitationContext {
  db: Db;
  jobs: Jobs;
  organization: Organization;
  origin: string;
  invitedBy: { id: number; name: string };
  by: AuditBy;
}

/** The invitation mail and its audit entry, in the transaction that created or granted the role. */
async function inviteInTransaction(tx: Tx, ctx: InvitationContext, user: UserWithRoles, newUser: boolean) {
  await sendInvitation(tx, ctx.jobs, {
    organization: ctx.organization,
    user,
    invitedBy: ctx.invitedBy,
    origin: ctx.origin,
  });
  await recordAudit(tx, {
    orgId: ctx.organization.id,
    by: ctx.by,
    action: 'user.invited',
    subject: { type: 'user', id: user.id, label: fullName(user) },
    details: { roles: user.roles, new_user: newUser },
  });
}

/** POST /api/users: a new person with one role, invited by mail; a taken email is a 422 and nothing is written. */
export function inviteNewUser(ctx: InvitationContext, input: Omit<NewUser, 'password'>): Promise<UserWithRoles> {
  return ctx.db.transaction().execute(async (tx) => {
    const created = await createUserInTransaction(tx, ctx.organization.id, input);
    await inviteInTransaction(tx, ctx, created, true);
    return created;
  });
}

/** POST /api/users/{id}/invitations: a person without a wallet role gets their first one, and the mail. */
export function invitePerson(ctx: InvitationContext, userId: number, role: AssignableRole): Promise<UserWithRoles> {
  return ctx.db.transaction().execute(async (tx) => {
    const granted = await grantFirstRole(tx, ctx.organization.id, userId, role);
    await inviteInTransaction(tx, ctx, granted, false);
    return granted;
  });
}

/** Consumes the invitation: sets the password and returns the user, who is then signed in. */
export async function registerWithInvitation(db: Db, orgId: number, input: RegisterInput): Promise<UserWithRoles> {
  return db.transaction().execute(async (tx) => {
    const invitation = await findInvitationForUpdate(tx, orgId, tokenDigest(input.token));
    const user = invitation && (await findUserWithRoles(tx, orgId, invitation.user_id));
    if (!invitation || !user || invitation.used_at || user.email.toLowerCase() !== input.email.trim().toLowerCase()) {
      throw validationFailed({ token: [INVITATION_MESSAGES.invalid] });
    }
    if (invitation.expires_at.getTime() <= Date.now()) throw validationFailed({ token: [INVITATION_MESSAGES.expired] });
    await setPasswordHash(tx, orgId, user.id, await hashPassword(input.password));
    await markInvitationUsed(tx, invitation.id);
    return user;
  });
}
