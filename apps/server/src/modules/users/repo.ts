import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;

export function findUserByEmail(db: DbOrTx, orgId: number, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('org_id', '=', orgId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export function findUserById(db: DbOrTx, orgId: number, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}

export async function rolesOfUser(db: DbOrTx, orgId: number, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles')
    .select('role')
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .orderBy('role')
    .execute();
  return rows.map((row) => row.role);
}

export function insertUser(db: DbOrTx, values: Insertable<UsersTable>): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertUserRoles(db: DbOrTx, orgId: number, userId: number, roles: readonly string[]): Promise<void> {
  if (roles.length === 0) return;
  await db.insertInto('user_roles').values(roles.map((role) => ({ org_id: orgId, user_id: userId, role }))).execute();
}
