import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

/** Records a token id as used; false when it already was (a replay). Expired ids are swept on the way. */
export async function markTokenUsed(db: DbOrTx, orgId: number, jti: string, expiresAt: Date): Promise<boolean> {
  await db.deleteFrom('sso_used_tokens').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).execute();
  const inserted = await db
    .insertInto('sso_used_tokens')
    .values({ jti, org_id: orgId, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .returning('jti')
    .executeTakeFirst();
  return inserted !== undefined;
}
