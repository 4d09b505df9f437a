import { EMAIL_CHANGE_PAGE, EMAIL_CHANGE_TTL_MINUTES, type EmailChangeStatus } from '@wallet/contract';
import type { Db, Tx } from '../../db/database.js';
import type { Jobs } from '../../jobs/queue.js';
import { randomToken, tokenDigest } from '../../crypto/tokens.js';
import { queueMail, renderMail } from '../mail/service.js';
import type { Organization } from '../orgs/service.js';
import { fullName } from './names.js';
import { findEmailChangeForUpdate, insertEmailChange, retireEmailChanges } from './email-change-repo.js';
import { findUserByEmail, findUserById, lockUser, updateUser, type UserRow } from './repo.js';

export { retireEmailChanges };

type Person = Pick<UserRow, 'id' | 'first_name' | 'last_name' | 'email'>;

/** The link a confirmation mail carries, on the organisation's own host; the token is a query value so logs redact it. */
export function emailChangeLink(origin: string, token: string): string {
  const url = new URL('/api/email-changes/confirm', origin);
  url.searchParams.set('token', token);
  return url.toString();
}

/** Where opening a link lands (a public page of the web app that says what happened). */
export const emailChangeResultPath = (status: EmailChangeStatus) => `${EMAIL_CHANGE_PAGE}?status=${status}`;

/**
 * Someone asked to change their own email to `newEmail`, in the caller's transaction. A free address gets a
 * single-use link (only its digest stored; older links stop working); an address that belongs to someone else gets
 * a notice without a link, so its owner knows and the asker learns nothing either way.
 */
export async function requestEmailChange(
  tx: Tx,
  jobs: Jobs,
  params: { organization: Organization; user: Person; newEmail: string; origin: string },
): Promise<void> {
  const { organization, user, newEmail, origin } = params;
  await retireEmailChanges(tx, organization.id, user.id);
  const holder = await findUserByEmail(tx, organization.id, newEmail);
  if (holder && holder.id !== user.id) {
    await queueMail(tx, jobs, {
      orgId: organization.id,
      kind: 'email-change-refused',
      to: { email: holder.email, name: fullName(holder) },
      content: renderMail({
        organisation: organization.name,
        subject: 'Someone tried to use your email address',
        greeting: `Hi ${holder.first_name},`,
        paragraphs: [
          `Someone with a ${organization.name} spend wallet account asked to change their email address to ${holder.email}.`,
          'This address already belongs to your account, so nothing changed and your account is as it was.',
        ],
        footnote: `You don't need to do anything. If this keeps happening, tell an admin of ${organization.name}.`,
      }),
    });
    return;
  }
  const token = randomToken();
  await insertEmailChange(tx, {
    org_id: organization.id,
    user_id: user.id,
    new_email: newEmail,
    token_hash: tokenDigest(token),
    expires_at: new Date(Date.now() + EMAIL_CHANGE_TTL_MINUTES * 60_000),
  });
  await queueMail(tx, jobs, {
    orgId: organization.id,
    kind: 'email-change',
    to: { email: newEmail, name: fullName(user) },
    content: renderMail({
      organisation: organization.name,
      subject: 'Confirm your new email address',
      greeting: `Hi ${user.first_name},`,
      paragraphs: [
        `You asked to use ${newEmail} for your ${organization.name} spend wallet account instead of ${user.email}.`,
        `Confirm it with the link below. It works once and expires in ${EMAIL_CHANGE_TTL_MINUTES} minutes; until then your account keeps its current address.`,
      ],
      action: { label: 'Confirm My Email', url: emailChangeLink(origin, token) },
      footnote: "If you didn't ask for this, ignore this mail: nothing changes.",
    }),
  });
}

/** The notice to the old address after the email changed, in the caller's transaction. */
export async function notifyEmailChanged(
  tx: Tx,
  jobs: Jobs,
  params: {
    organization: Organization;
    user: Pick<UserRow, 'first_name' | 'last_name'>;
    oldEmail: string;
    newEmail: string;
    byAdmin: boolean;
  },
): Promise<void> {
  const { organization, user, oldEmail, newEmail, byAdmin } = params;
  await queueMail(tx, jobs, {
    orgId: organization.id,
    kind: 'email-changed',
    to: { email: oldEmail, name: fullName(user) },
    content: renderMail({
      organisation: organization.name,
      subject: 'Your email address was changed',
      greeting: `Hi ${user.first_name},`,
      paragraphs: [
        byAdmin
          ? `An admin of ${organization.name} changed the email address of your spend wallet account from ${oldEmail} to ${newEmail}.`
          : `The email address of your ${organization.name} spend wallet account was changed from ${oldEmail} to ${newEmail} with a link mailed to the new address.`,
        `From now on you sign in, and receive the wallet's mails, at ${newEmail}.`,
      ],
      footnote: `If you didn't expect this change, contact an admin of ${organization.name} right away.`,
    }),
  });
}

/**
 * GET /api/email-changes/confirm?token: applies the change the link names if the link is live and the address is
 * still free; every outstanding link of the user then stops working and the old address is told. Returns what
 * happened; nothing is written for a wrong, used or expired link.
 */
export async function confirmEmailChange(
  db: Db,
  jobs: Jobs,
  organization: Organization,
  token: string,
): Promise<EmailChangeStatus> {
  return db.transaction().execute(async (tx) => {
    const change = await findEmailChangeForUpdate(tx, organization.id, tokenDigest(token));
    if (!change) return 'invalid';
    if (change.used_at) return 'used';
    if (change.expires_at.getTime() <= Date.now()) return 'expired';
    if (!(await lockUser(tx, organization.id, change.user_id))) return 'invalid';
    const user = (await findUserById(tx, organization.id, change.user_id))!;
    const holder = await findUserByEmail(tx, organization.id, change.new_email);
    if (holder && holder.id !== user.id) {
      await retireEmailChanges(tx, organization.id, user.id);
      return 'taken';
    }
    await updateUser(tx, organization.id, user.id, { email: change.new_email });
    await retireEmailChanges(tx, organization.id, user.id);
    if (user.email.toLowerCase() !== change.new_email.toLowerCase()) {
      await notifyEmailChanged(tx, jobs, {
        organization,
        user,
        oldEmail: user.email,
        newEmail: change.new_email,
        byAdmin: false,
      });
    }
    return 'changed';
  });
}
