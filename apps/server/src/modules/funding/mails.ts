import { SHORTFALL_TEXTS, formatCents } from '@wallet/contract';
import type { Tx } from '../../db/database.js';
import type { Config } from '../../config.js';
import type { Jobs } from '../../jobs/queue.js';
import { organizationOrigin } from '../../http/public-url.js';
import { queueMail, renderMail } from '../mail/service.js';
import { findOrganizationById } from '../orgs/service.js';
import { adminsOf, fullName } from '../users/service.js';

export interface FundingMailDeps {
  jobs: Jobs;
  config: Pick<Config, 'PUBLIC_URL' | 'DEFAULT_ORG'>;
}

/**
 * A reversed top-up left the organisation's funds short: every admin is told, in the reversal's transaction (so the
 * mail goes out once, with the entry, and never for a reversal that rolled back).
 */
export async function mailAdminsAboutShortfall(
  tx: Tx,
  deps: FundingMailDeps,
  orgId: number,
  reversal: { amount: number; description: string; shortBy: number },
): Promise<void> {
  const organization = await findOrganizationById(tx, orgId);
  if (!organization) return;
  const url = new URL(
    '/account-settings?tab=accountFunding&action=addFunds',
    organizationOrigin(deps.config, organization),
  ).toString();
  for (const admin of await adminsOf(tx, orgId)) {
    await queueMail(tx, deps.jobs, {
      orgId,
      kind: 'funds_shortfall',
      to: { email: admin.email, name: fullName(admin) },
      content: renderMail({
        organisation: organization.name,
        subject: SHORTFALL_TEXTS.mailSubject(reversal.shortBy),
        greeting: `Hi ${admin.first_name},`,
        paragraphs: [...SHORTFALL_TEXTS.mailParagraphs(reversal.amount, reversal.description, reversal.shortBy)],
        action: { label: SHORTFALL_TEXTS.action, url },
        footnote: `Short by ${formatCents(reversal.shortBy)} when this was sent.`,
      }),
    });
  }
}
