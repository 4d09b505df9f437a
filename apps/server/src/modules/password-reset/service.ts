import {
  AUTH_RATE_LIMITS,
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_TTL_MINUTES,
  type ResetPasswordInput,
} from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { QUEUES, type Jobs } from '../../jobs/queue.js';
import { validationFailed } from '../../http/errors.js';
import { hashPassword } from '../../crypto/passwords.js';
import { endOtherSessions } from '../auth/service.js';
import { randomToken, tokenDigest } from '../../crypto/tokens.js';
import { queueMail, renderMail } from '../mail/service.js';
import { findOrganizationById, type Organization } from '../orgs/service.js';
import { accountAndIpLimits, spendAttempt } from '../throttle/service.js';
import { findUserByEmail, findUserWithRoles, fullName, setPasswordHash } from '../users/service.js';
import { findPasswordResetForUpdate, insertPasswordReset, markUserResetsUsed } from './repo.js';

/** The link a reset mail carries, on the organisation's own host: /reset-password?email&token (PRODUCT.md §2). */
export function resetLink(origin: string, email: string, token: string): string {
  const url = new URL('/reset-password', origin);
  url.searchParams.set('email', email);
  url.searchParams.set('token', token);
  return url.toString();
}

/** What a forgot-password request leaves for its job: the same fields whether or not the email is an account's. */
export interface PasswordResetJob {
  orgId: number;
  email: string;
  /** The organisation's own address, for the link. */
  origin: string;
  ip: string;
}

/**
 * POST /forgot-password: counts the request against the limits (every request, known email or not) and queues the
 * rest. The request does the same work for any email (two throttle statements and one job), so neither its answer
 * nor its time tells whether the email has an account; sendPasswordResetLink then looks the account up.
 */
export async function requestPasswordReset(
  db: Db,
  jobs: Jobs,
  params: { organization: Organization; email: string; origin: string; ip: string },
): Promise<void> {
  const { organization, email, origin, ip } = params;
  await spendAttempt(
    db,
    accountAndIpLimits('forgot-password', organization.id, email, ip, AUTH_RATE_LIMITS.forgotPassword),
  );
  const job: PasswordResetJob = { orgId: organization.id, email, origin, ip };
  await jobs.send(QUEUES.requestPasswordReset, job);
}

/**
 * The forgot-password job: mails a single-use link to the account with this email, if there is one that may sign
 * in; otherwise does nothing.
 */
export async function sendPasswordResetLink(db: Db, jobs: Jobs, job: PasswordResetJob): Promise<void> {
  const organization = await findOrganizationById(db, job.orgId);
  if (!organization) return;
  const found = await findUserByEmail(db, organization.id, job.email);
  const user = found && (await findUserWithRoles(db, organization.id, found.id));
  if (!user || user.roles.length === 0) return;

  // Only the digest is stored; the mail holds the only copy of the token.
  const token = randomToken();
  await db.transaction().execute(async (tx) => {
    await insertPasswordReset(tx, {
      org_id: organization.id,
      user_id: user.id,
      token_hash: tokenDigest(token),
      expires_at: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      requested_ip: job.ip,
    });
    await queueMail(tx, jobs, {
      orgId: organization.id,
      kind: 'password-reset',
      to: { email: user.email, name: fullName(user) },
      content: renderMail({
        organisation: organization.name,
        subject: 'Reset your password',
        greeting: `Hi ${user.first_name},`,
        paragraphs: [
          `Someone asked to reset the password of your ${organization.name} spend wallet account.`,
          `Choose a new password with the link below. It works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes; setting a new password signs you out everywhere else.`,
        ],
        action: { label: PASSWORD_RESET_MESSAGES.heading, url: resetLink(job.origin, user.email, token) },
        footnote: "If you didn't ask for this, ignore this mail: your password stays as it is.",
      }),
    });
  });
}

/**
 * POST /reset-password: consumes the link and sets the new password. Every other session of the user ends
 * (the browser doing the reset keeps its session only if it is the same user's). Wrong, used and expired links
 * each get their own 422 message on `token`; nothing is written then.
 */
export async function resetPassword(
  db: Db,
  orgId: number,
  input: ResetPasswordInput,
  client: { ip: string; session: { id: string; userId: number } | null },
): Promise<void> {
  await spendAttempt(
    db,
    accountAndIpLimits('reset-password', orgId, input.email, client.ip, AUTH_RATE_LIMITS.resetPassword),
  );
  await db.transaction().execute(async (tx) => {
    const reset = await findPasswordResetForUpdate(tx, orgId, tokenDigest(input.token));
    const user = reset && (await findUserWithRoles(tx, orgId, reset.user_id));
    if (!reset || !user || user.email.toLowerCase() !== input.email.trim().toLowerCase()) {
      throw validationFailed({ token: [PASSWORD_RESET_MESSAGES.invalid] });
    }
    if (reset.used_at) throw validationFailed({ token: [PASSWORD_RESET_MESSAGES.used] });
    if (reset.expires_at.getTime() <= Date.now()) throw validationFailed({ token: [PASSWORD_RESET_MESSAGES.expired] });
    await setPasswordHash(tx, orgId, user.id, await hashPassword(input.password));
    await markUserResetsUsed(tx, orgId, user.id);
    await endOtherSessions(tx, orgId, user.id, client.session?.userId === user.id ? client.session.id : null);
  });
}
