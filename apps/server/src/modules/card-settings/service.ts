import { DEFAULT_CARD_SETTINGS, type CardSettings } from '@wallet/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { recordAudit, type AuditBy } from '../audit/service.js';
import * as repo from './repo.js';
import { receiptPolicyOrganisations } from './receipt-policy-repo.js';
import { QUEUES, sendJobInTransaction } from '../../jobs/queue.js';

/** The organisation's defaults for new cards (DEFAULT_CARD_SETTINGS until an admin saves Card Settings). */
export async function getCardSettings(db: DbOrTx, orgId: number): Promise<CardSettings> {
  return (await repo.findCardSettings(db, orgId)) ?? DEFAULT_CARD_SETTINGS;
}

/** The settings the receipt policy's schedule acts on (modules/receipt-policy). */
const RECEIPT_POLICY_SETTINGS: ReadonlyArray<keyof CardSettings> = [
  'receipt_required_above',
  'receipt_reminder_days',
  'receipt_deactivate_days',
];

/** When deactivation for missing receipts was turned on: purchases posted before it never deactivate a card. */
export function receiptDeactivateSince(db: DbOrTx, orgId: number): Promise<Date | null> {
  return repo.findReceiptDeactivateSince(db, orgId);
}

/** Organisations whose Card Settings remind of or deactivate cards for missing receipts (the policy's schedule). */
export function organisationsWithReceiptPolicy(db: DbOrTx): Promise<number[]> {
  return receiptPolicyOrganisations(db);
}

/** PUT /api/card-settings: the whole settings, audited with what changed. */
export async function saveCardSettings(
  db: Db,
  orgId: number,
  settings: CardSettings,
  by?: AuditBy,
): Promise<CardSettings> {
  return db.transaction().execute(async (tx) => {
    const before = await getCardSettings(tx, orgId);
    await repo.upsertCardSettings(tx, orgId, settings);
    const changed = Object.fromEntries(
      (Object.keys(settings) as Array<keyof CardSettings>)
        .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(settings[key]))
        .map((key) => [key, { from: before[key], to: settings[key] }]),
    );
    if (Object.keys(changed).length > 0) {
      await recordAudit(tx, {
        orgId,
        by,
        action: 'card_settings.updated',
        subject: { type: 'card_settings', id: orgId, label: 'Card Settings' },
        details: changed,
      });
    }
    // A new receipt policy applies at once: cards it no longer holds reactivate, cards it now holds deactivate.
    if (RECEIPT_POLICY_SETTINGS.some((key) => key in changed))
      await sendJobInTransaction(tx, QUEUES.runReceiptPolicy, { orgId });
    return settings;
  });
}

export { afterFundsChanged, checkOrgFundsLow } from './funds-low.js';
