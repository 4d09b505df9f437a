import type { Tx } from '../../db/database.js';
import type { Jobs } from '../../jobs/queue.js';
import { randomToken, tokenDigest } from '../../crypto/tokens.js';
import { queueMail, renderMail } from '../mail/service.js';
import type { Organization } from '../orgs/service.js';
import { adminsOf, fullName } from '../users/service.js';
import { insertLinks, type RegistrationRequestRow } from './repo.js';

export const REGISTRATION_LINK_TTL_DAYS = 7;

/** The path of a mailed approve or block link (answered by GET, no session: the single-use token is the credential). */
export const registrationLinkPath = (token: string) => `/api/registration-requests/links/${token}`;

/** Every admin of the organisation gets their own Approve and Block links (single use, 7 days). */
export async function mailAdminsAboutRequest(
  tx: Tx,
  jobs: Jobs,
  organization: Organization,
  origin: string,
  request: RegistrationRequestRow,
): Promise<void> {
  const admins = await adminsOf(tx, organization.id);
  const expiresAt = new Date(Date.now() + REGISTRATION_LINK_TTL_DAYS * 24 * 60 * 60 * 1000);
  const person = fullName(request) || request.email;
  for (const admin of admins) {
    const tokens = { approve: randomToken(), block: randomToken() };
    await insertLinks(
      tx,
      (['approve', 'block'] as const).map((action) => ({
        org_id: organization.id,
        registration_request_id: request.id,
        admin_id: admin.id,
        action,
        token_hash: tokenDigest(tokens[action]),
        expires_at: expiresAt,
      })),
    );
    const link = (action: 'approve' | 'block') => new URL(registrationLinkPath(tokens[action]), origin).toString();
    await queueMail(tx, jobs, {
      orgId: organization.id,
      kind: 'registration_request',
      to: { email: admin.email, name: fullName(admin) },
      content: renderMail({
        organisation: organization.name,
        subject: `${person} asks to join ${organization.name}'s spend wallet`,
        greeting: `Hi ${admin.first_name},`,
        paragraphs: [
          `${person} (${request.email}) signed in with Google and asks for access to ${organization.name}'s spend wallet.`,
          `Approve to invite them as a member, or block the request. Each link works once and expires in ${REGISTRATION_LINK_TTL_DAYS} days; the first admin to answer decides.`,
        ],
        actions: [
          { label: 'Approve', url: link('approve'), color: '#16a34a' },
          { label: 'Block', url: link('block'), color: '#dc2626' },
        ],
        footnote: "If you don't know this person, block the request.",
      }),
    });
  }
}
