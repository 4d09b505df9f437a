import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

export async function insertInvitation(
  db: DbOrTx,
  values: { org_id: number; user_id: number; token_hash: string; invited_by: number | null; expires_at: Date },
) {
  await db.insertInto('invitations').values(values).execute();
}

/** The invitation for a token, locked for the registration that consumes it. */
export function findInvitationForUpdate(db: DbOrTx, orgId: number, tokenHash: string) {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function markInvitationUsed(db: DbOrTx, id: number) {
  await db
    .updateTable('invitations')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Older links stop working when a new invitation is sent. */
export async function retireInvitations(db: DbOrTx, orgId: number, userId: number) {
  await db
    .updateTable('invitations')
    .set({ used_at: sql<Date>`now()` })
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
