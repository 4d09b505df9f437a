import type { Role } from '@wallet/contract';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import { validationFailed } from '../../http/errors.js';
import { hashPassword } from '../auth/passwords.js';
import { findUserByEmail, findUserById, insertUser, insertUserRoles, rolesOfUser, type UserRow } from './repo.js';

export { findUserByEmail, findUserById, rolesOfUser, type UserRow };

export interface NewUser {
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  password?: string;
}

export interface UserWithRoles extends UserRow { roles: string[] }

export async function findUserWithRoles(db: DbOrTx, orgId: number, id: number): Promise<UserWithRoles | undefined> {
  const user = await findUserById(db, orgId, id);
  if (!user) return undefined;
  return { ...user, roles: await rolesOfUser(db, orgId, id) };
}

/** Creates a user with one role inside the caller's transaction; a taken email is a 422 on email. */
export async function createUserInTransaction(tx: Tx, orgId: number, input: NewUser): Promise<UserWithRoles> {
  if (await findUserByEmail(tx, orgId, input.email)) {
    throw validationFailed({ email: ['The email has already been taken.'] });
  }
  const user = await insertUser(tx, {
    org_id: orgId,
    email: input.email,
    first_name: input.first_name,
    last_name: input.last_name,
    password_hash: input.password ? await hashPassword(input.password) : null,
  });
  await insertUserRoles(tx, orgId, user.id, [input.role]);
  return { ...user, roles: [input.role] };
}

export function createUser(db: Db, orgId: number, input: NewUser): Promise<UserWithRoles> {
  return db.transaction().execute((tx) => createUserInTransaction(tx, orgId, input));
}

export function fullName(user: Pick<UserRow, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim();
}
