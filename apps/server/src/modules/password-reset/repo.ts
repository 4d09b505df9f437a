import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

export async function insertPasswordReset(
  db: DbOrTx,
  values: { org_id: number; user_id: number; token_hash: string; expires_at: Date; requested_ip: string | null },
): Promise<void> {
  await db.insertInto('password_resets').values(values).execute();
}

/** The reset for a token's digest in this organisation, locked for the reset that consumes it. */
export function findPasswordResetForUpdate(db: DbOrTx, orgId: number, tokenHash: string) {
  return db
    .selectFrom('password_resets')
    .select(['id', 'user_id', 'expires_at', 'used_at'])
    .where('org_id', '=', orgId)
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

/** Uses up every outstanding link of the user (the one just used and any older ones). */
export async function markUserResetsUsed(db: DbOrTx, orgId: number, userId: number): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: sql<Date>`now()` })
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
