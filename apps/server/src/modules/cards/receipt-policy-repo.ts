import type { DbOrTx } from '../../db/database.js';

/**
 * The receipt policy's marks on a card (migration 0035): receipt_policy_deactivated_at while the policy holds it
 * deactivated, receipt_policy_exempt_before once an admin reactivated it over the policy.
 */
export async function setReceiptPolicyMarks(
  db: DbOrTx,
  cardId: number,
  marks: { receipt_policy_deactivated_at?: Date | null; receipt_policy_exempt_before?: Date },
): Promise<void> {
  await db.updateTable('cards').set(marks).where('id', '=', cardId).execute();
}

/** The organisation's cards the policy holds deactivated (ids). */
export async function cardIdsDeactivatedByReceiptPolicy(db: DbOrTx, orgId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('cards')
    .select('id')
    .where('org_id', '=', orgId)
    .where('receipt_policy_deactivated_at', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Organisations with a card the policy holds deactivated (the policy runs for them even once switched off). */
export async function organisationsWithReceiptPolicyCards(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .selectFrom('cards')
    .select('org_id')
    .distinct()
    .where('receipt_policy_deactivated_at', 'is not', null)
    .execute();
  return rows.map((row) => row.org_id);
}
