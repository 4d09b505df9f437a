import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

export interface AuthenticatorRow {
  user_id: number;
  secret: string;
  confirmed_at: Date | null;
  last_used_step: number | null;
}

export function findAuthenticator(db: DbOrTx, orgId: number, userId: number): Promise<AuthenticatorRow | undefined> {
  return db
    .selectFrom('two_factor_authenticators')
    .select(['user_id', 'secret', 'confirmed_at', 'last_used_step'])
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A new secret while setting up; a confirmed authenticator is never replaced (the caller checks, the WHERE too). */
export async function putPendingAuthenticator(
  db: DbOrTx,
  orgId: number,
  userId: number,
  secret: string,
): Promise<boolean> {
  const result = await db
    .insertInto('two_factor_authenticators')
    .values({ org_id: orgId, user_id: userId, secret })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret, last_used_step: null, created_at: sql<Date>`now()` })
        .where('two_factor_authenticators.confirmed_at', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Records that a code of `step` was accepted, only if no code of this or a later step was before: the one
 * statement that makes a code single-use even when two requests race. Optionally marks the set-up confirmed.
 */
export async function claimStep(
  db: DbOrTx,
  orgId: number,
  userId: number,
  step: number,
  confirm: boolean,
): Promise<boolean> {
  let query = db
    .updateTable('two_factor_authenticators')
    .set({ last_used_step: step, ...(confirm && { confirmed_at: sql<Date>`now()` }) })
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]));
  query = confirm ? query.where('confirmed_at', 'is', null) : query.where('confirmed_at', 'is not', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteAuthenticator(db: DbOrTx, orgId: number, userId: number): Promise<void> {
  await db.deleteFrom('two_factor_authenticators').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_recovery_codes').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_challenges').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(
  db: DbOrTx,
  orgId: number,
  userId: number,
  codeHashes: string[],
): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ org_id: orgId, user_id: userId, code_hash })))
    .execute();
}

export async function countUnusedRecoveryCodes(db: DbOrTx, orgId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the code used if it is the user's and unused; one statement, so it works once even under a race. */
export async function useRecoveryCode(
  db: DbOrTx,
  orgId: number,
  userId: number,
  codeHash: string,
): Promise<'used' | 'already-used' | 'unknown'> {
  const claimed = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) > 0) return 'used';
  const existing = await db
    .selectFrom('two_factor_recovery_codes')
    .select('used_at')
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return existing ? 'already-used' : 'unknown';
}

export async function insertChallenge(
  db: DbOrTx,
  values: { id: string; org_id: number; user_id: number; ip: string | null; expires_at: Date },
): Promise<void> {
  await db
    .deleteFrom('two_factor_challenges')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
  await db.insertInto('two_factor_challenges').values(values).execute();
}

/** The pending sign-in for a challenge cookie, if it is of this organisation and not expired. */
export function findLiveChallenge(db: DbOrTx, orgId: number, id: string) {
  return db
    .selectFrom('two_factor_challenges')
    .select(['id', 'user_id'])
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Ends a pending sign-in; false when another request already ended it. */
export async function deleteChallenge(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db.deleteFrom('two_factor_challenges').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
