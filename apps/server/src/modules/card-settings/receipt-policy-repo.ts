import type { DbOrTx } from '../../db/database.js';

/** Organisations whose Card Settings remind of or deactivate cards for missing receipts (issue 21.4). */
export async function receiptPolicyOrganisations(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .selectFrom('card_settings')
    .select('org_id')
    .where((eb) => eb.or([eb('receipt_reminder_days', 'is not', null), eb('receipt_deactivate_days', 'is not', null)]))
    .orderBy('org_id')
    .execute();
  return rows.map((row) => row.org_id);
}
