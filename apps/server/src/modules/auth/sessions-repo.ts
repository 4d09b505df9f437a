import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { userWithRolesQuery, type UserWithRoles } from '../users/service.js';

export interface SessionRow {
  id: string;
  org_id: number;
  user_id: number;
  last_seen_at: Date;
  password_confirmed_at: Date | null;
}

export async function insertSession(
  db: DbOrTx,
  values: { id: string; org_id: number; user_id: number; ip: string | null; user_agent: string | null },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ ...values, last_seen_at: new Date() })
    .execute();
}

/**
 * The session if it has been used within the idle window (an idle one is as good as gone), and its user with
 * roles, in one round trip: every signed-in request reads both. The user comes from the users module's own
 * query, joined on the session's user_id.
 */
export async function findLiveSessionWithUser(
  db: DbOrTx,
  orgId: number,
  id: string,
  idleMinutes: number,
): Promise<{ session: SessionRow; user: UserWithRoles } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoinLateral(
      (eb) => userWithRolesQuery(db, orgId, eb.ref('sessions.user_id')).as('u'),
      (join) => join.onTrue(),
    )
    .selectAll('u')
    .select([
      'sessions.id as session_id',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.password_confirmed_at as session_password_confirmed_at',
    ])
    .where('sessions.id', '=', id)
    .where('sessions.org_id', '=', orgId)
    .where('sessions.last_seen_at', '>', sql<Date>`now() - make_interval(mins => ${idleMinutes})`)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_last_seen_at, session_password_confirmed_at, ...user } = row;
  return {
    session: {
      id: session_id,
      org_id: orgId,
      user_id: user.id,
      last_seen_at: session_last_seen_at,
      password_confirmed_at: session_password_confirmed_at,
    },
    user,
  };
}

/** Whether the session still exists and is not idle too long, without touching it. */
export async function sessionIsLive(db: DbOrTx, orgId: number, id: string, idleMinutes: number): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .where('last_seen_at', '>', sql<Date>`now() - make_interval(mins => ${idleMinutes})`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function touchSession(db: DbOrTx, id: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteIdleSessions(db: DbOrTx, idleMinutes: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('last_seen_at', '<=', sql<Date>`now() - make_interval(mins => ${idleMinutes})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of the user but the one given (after a password change). */
export async function deleteOtherSessions(
  db: DbOrTx,
  orgId: number,
  userId: number,
  keepId: string | null,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('org_id', '=', orgId).where('user_id', '=', userId);
  if (keepId) query = query.where('id', '!=', keepId);
  await query.execute();
}

export async function markPasswordConfirmed(db: DbOrTx, id: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ password_confirmed_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}
