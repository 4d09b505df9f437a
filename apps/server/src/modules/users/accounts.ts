import { USER_MESSAGES, type AssignableRole, type ProfileInput, type Role } from '@wallet/contract';
import type { DbOrTx, Tx } from '../../db/database.js';
import { conflict, notFound, validationFailed } from '../../http/errors.js';
import { hashPassword } from '../../crypto/passwords.js';
import * as usersRepo from './repo.js';
import { insertUser, insertUserRoles, lockUser, updateUser, type UserRow } from './repo.js';

/*
 * Creating people and granting their first role: what both the users service and the invitations build on, in a file
 * of its own so that service.ts can offer invitations (sendInvitation, registerWithInvitation) without an import cycle.
 * Other modules reach these through service.ts.
 */

export interface NewUser {
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  password?: string;
  profile?: Partial<Omit<ProfileInput, 'email' | 'first_name' | 'last_name'>>;
}

export interface UserWithRoles extends UserRow {
  roles: string[];
}

export function findUserWithRoles(db: DbOrTx, orgId: number, id: number): Promise<UserWithRoles | undefined> {
  return usersRepo.findUserByIdWithRoles(db, orgId, id);
}

export async function assertEmailFree(db: DbOrTx, orgId: number, email: string, exceptUserId?: number) {
  const holder = await usersRepo.findUserByEmail(db, orgId, email);
  if (holder && holder.id !== exceptUserId) throw validationFailed({ email: [USER_MESSAGES.emailTaken] });
}

/** Creates a user with one role inside the caller's transaction; a taken email is a 422 on email. */
export async function createUserInTransaction(tx: Tx, orgId: number, input: NewUser): Promise<UserWithRoles> {
  await assertEmailFree(tx, orgId, input.email);
  const user = await insertUser(tx, {
    org_id: orgId,
    email: input.email,
    first_name: input.first_name,
    last_name: input.last_name,
    password_hash: input.password ? await hashPassword(input.password) : null,
    ...input.profile,
  });
  await insertUserRoles(tx, orgId, user.id, [input.role]);
  return { ...user, roles: [input.role] };
}

/** Grants the first wallet role to a person who has none; 409 when they already have one. */
export async function grantFirstRole(
  tx: Tx,
  orgId: number,
  userId: number,
  role: AssignableRole,
): Promise<UserWithRoles> {
  // Locked first: two invitations sent at once must not both pass the "no role yet" check.
  if (!(await lockUser(tx, orgId, userId))) throw notFound();
  const user = await findUserWithRoles(tx, orgId, userId);
  if (!user) throw notFound();
  // Someone invited who never set a password may be sent a fresh link (the old one stops working).
  if (user.roles.length > 0 && user.password_hash === null) return user;
  if (user.roles.length > 0) throw conflict(USER_MESSAGES.alreadyInWallet);
  await insertUserRoles(tx, orgId, userId, [role]);
  return { ...user, roles: [role] };
}

export async function setPasswordHash(db: DbOrTx, orgId: number, userId: number, passwordHash: string): Promise<void> {
  await updateUser(db, orgId, userId, { password_hash: passwordHash });
}
