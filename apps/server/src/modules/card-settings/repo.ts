import { sql } from 'kysely';
import type { CardSettings } from '@wallet/contract';
import type { DbOrTx, Tx } from '../../db/database.js';

const SETTINGS_COLUMNS = [
  'default_type',
  'default_shipping_service',
  'default_spending_controls',
  'org_funds_low_threshold',
  'receipt_required_above',
  'receipt_reminder_days',
  'receipt_deactivate_days',
  'memo_required_above',
] as const;

export function findCardSettings(db: DbOrTx, orgId: number): Promise<CardSettings | undefined> {
  return db.selectFrom('card_settings').select(SETTINGS_COLUMNS).where('org_id', '=', orgId).executeTakeFirst();
}

/**
 * Saves the organisation's settings; a changed threshold forgets that the admins were told the funds were low, so the
 * next check judges the funds against the new level afresh.
 */
export async function upsertCardSettings(db: DbOrTx, orgId: number, settings: CardSettings): Promise<void> {
  const values = {
    default_type: settings.default_type,
    default_shipping_service: settings.default_shipping_service,
    default_spending_controls: JSON.stringify(settings.default_spending_controls),
    org_funds_low_threshold: settings.org_funds_low_threshold,
    receipt_required_above: settings.receipt_required_above,
    receipt_reminder_days: settings.receipt_reminder_days,
    receipt_deactivate_days: settings.receipt_deactivate_days,
    memo_required_above: settings.memo_required_above,
  };
  const deactivates = settings.receipt_deactivate_days !== null;
  await db
    .insertInto('card_settings')
    .values({ org_id: orgId, ...values, receipt_deactivate_since: deactivates ? sql<Date>`now()` : null })
    .onConflict((oc) =>
      oc.column('org_id').doUpdateSet((eb) => ({
        ...values,
        // From when deactivation was turned on; a new number of days keeps it, turning it off forgets it.
        receipt_deactivate_since: deactivates
          ? sql<Date>`coalesce(card_settings.receipt_deactivate_since, now())`
          : null,
        org_funds_low_notified_at: eb
          .case()
          .when('card_settings.org_funds_low_threshold', 'is distinct from', eb.ref('excluded.org_funds_low_threshold'))
          .then(null)
          .else(eb.ref('card_settings.org_funds_low_notified_at'))
          .end(),
        updated_at: new Date(),
      })),
    )
    .execute();
}

/** The funds-low threshold and whether the admins were told, the row locked so concurrent checks take turns. */
export function lockFundsLowState(tx: Tx, orgId: number) {
  return tx
    .selectFrom('card_settings')
    .select(['org_funds_low_threshold', 'org_funds_low_notified_at'])
    .where('org_id', '=', orgId)
    .forUpdate()
    .executeTakeFirst();
}

export async function markFundsLowNotified(tx: Tx, orgId: number, notifiedAt: Date | null): Promise<void> {
  await tx
    .updateTable('card_settings')
    .set({ org_funds_low_notified_at: notifiedAt })
    .where('org_id', '=', orgId)
    .execute();
}

/** When the organisation's deactivation for missing receipts was turned on (null: it is off). */
export async function findReceiptDeactivateSince(db: DbOrTx, orgId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('card_settings')
    .select('receipt_deactivate_since')
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  return row?.receipt_deactivate_since ?? null;
}
