import { spendingControlsSchema, type SpendingControlsInput } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { resetSpendWindows } from '../cards/service.js';

/**
 * Test support: puts controls and identity on a card as the cards API does (the row, then resetSpendWindows in the
 * same transaction with the card locked), so the decision's tests do not depend on the API's shape.
 */
export async function setCardControls(
  db: Db,
  card: { id: number; org_id: number },
  input: {
    controls?: SpendingControlsInput;
    merchant_lock?: string | null;
    allocation_expires_on?: string | null;
  },
) {
  await db.transaction().execute(async (tx) => {
    await tx.selectFrom('cards').select('id').where('id', '=', card.id).forUpdate().executeTakeFirstOrThrow();
    const controls = spendingControlsSchema.parse(input.controls ?? {});
    await tx
      .updateTable('cards')
      .set({
        spending_controls: JSON.stringify(controls),
        ...(input.merchant_lock !== undefined && { merchant_lock: input.merchant_lock }),
        ...(input.allocation_expires_on !== undefined && { allocation_expires_on: input.allocation_expires_on }),
      })
      .where('id', '=', card.id)
      .execute();
    await resetSpendWindows(tx, card, controls);
  });
}

/** The card's window rows, by interval. */
export async function spendWindowsOf(db: Db, cardId: number) {
  const rows = await db
    .selectFrom('card_spend_windows')
    .select(['interval', 'window_start', 'spent'])
    .where('card_id', '=', cardId)
    .orderBy('interval')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.interval, { window_start: row.window_start, spent: row.spent }]));
}
