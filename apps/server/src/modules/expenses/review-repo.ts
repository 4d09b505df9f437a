import type { DbOrTx } from '../../db/database.js';
import type { ReviewAction } from '@wallet/contract';

/** One review action on these transactions of the organisation; answers how many it changed (others' ids: none). */
export async function applyReviewAction(
  db: DbOrTx,
  orgId: number,
  ids: readonly number[],
  action: ReviewAction,
  by: number,
): Promise<number> {
  const values =
    action === 'review'
      ? { reviewed_at: new Date(), reviewed_by: by }
      : action === 'unreview'
        ? { reviewed_at: null, reviewed_by: null }
        : { flagged: action === 'flag' };
  const result = await db
    .updateTable('expenses')
    .set(values)
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** When each of these transactions of the organisation was posted (others' ids are left out), to check their months. */
export function postedOfExpenses(db: DbOrTx, orgId: number, ids: readonly number[]) {
  return db
    .selectFrom('expenses')
    .select(['id', 'stripe_created'])
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .execute();
}
