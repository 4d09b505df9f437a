import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

/** Records a token id as used; false when it already was (a replay). Expired ids are swept on the way. */
export async function markTokenUsed(db: DbOrTx, orgId: number, jti: string, expiresAt: Date): Promise<boolean> {
  await db
    .deleteFrom('sso_used_tokens')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  const inserted = await db
    .insertInto('sso_used_tokens')
    .values({ jti, org_id: orgId, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .returning('jti')
    .executeTakeFirst();
  return inserted !== undefined;
}

export interface SsoSignInRow {
  key_hash: string;
  org_id: number;
  user_id: number;
  expires_at: Date;
}

/** Keeps a checked link's person until the confirmation; drops stale ones on the way so the table stays small. */
export async function insertSignIn(db: DbOrTx, row: SsoSignInRow): Promise<void> {
  await db
    .deleteFrom('sso_sign_ins')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await db.insertInto('sso_sign_ins').values(row).execute();
}

/** The person waiting for confirmation under this key, if of this organisation and not expired. */
export function findLiveSignIn(db: DbOrTx, orgId: number, keyHash: string): Promise<{ user_id: number } | undefined> {
  return db
    .selectFrom('sso_sign_ins')
    .select('user_id')
    .where('key_hash', '=', keyHash)
    .where('org_id', '=', orgId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Takes it out (each confirms once, even when two requests race); undefined when missing or expired. */
export async function takeLiveSignIn(
  db: DbOrTx,
  orgId: number,
  keyHash: string,
): Promise<{ user_id: number } | undefined> {
  const row = await db
    .deleteFrom('sso_sign_ins')
    .where('key_hash', '=', keyHash)
    .where('org_id', '=', orgId)
    .returning(['user_id', 'expires_at'])
    .executeTakeFirst();
  return row && row.expires_at.getTime() > Date.now() ? { user_id: row.user_id } : undefined;
}
