import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

export interface SignInInFlight {
  key_hash: string;
  org_id: number;
  state: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  expires_at: Date;
}

/** Records a sign-in in flight and drops the organisation's stale ones, so the table stays small. */
export async function insertSignIn(db: DbOrTx, row: SignInInFlight): Promise<void> {
  await db
    .deleteFrom('oidc_sign_ins')
    .where('org_id', '=', row.org_id)
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await db.insertInto('oidc_sign_ins').values(row).execute();
}

/** Takes the sign-in out (each is used once), whether or not it is still fresh. */
export function takeSignIn(db: DbOrTx, orgId: number, keyHash: string): Promise<SignInInFlight | undefined> {
  return db
    .deleteFrom('oidc_sign_ins')
    .where('org_id', '=', orgId)
    .where('key_hash', '=', keyHash)
    .returningAll()
    .executeTakeFirst();
}
