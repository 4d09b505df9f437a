import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

export async function insertEmailChange(
  db: DbOrTx,
  values: { org_id: number; user_id: number; new_email: string; token_hash: string; expires_at: Date },
): Promise<void> {
  await db.insertInto('email_changes').values(values).execute();
}

/** The change a token's digest names in this organisation, locked for the confirmation that consumes it. */
export function findEmailChangeForUpdate(db: DbOrTx, orgId: number, tokenHash: string) {
  return db
    .selectFrom('email_changes')
    .select(['id', 'user_id', 'new_email', 'expires_at', 'used_at'])
    .where('org_id', '=', orgId)
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

/** Every outstanding link of the user stops working (a newer one was sent, or the email changed). */
export async function retireEmailChanges(db: DbOrTx, orgId: number, userId: number): Promise<void> {
  await db
    .updateTable('email_changes')
    .set({ used_at: sql<Date>`now()` })
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
