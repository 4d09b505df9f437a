import {
  EMAIL_CHANGE_RATE_LIMIT,
  isAdmin,
  USER_MESSAGES,
  type AssignableRole,
  type ProfileInput,
  type Role,
} from '@wallet/contract';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import type { Jobs } from '../../jobs/queue.js';
import { conflict, forbidden, notFound, validationFailed } from '../../http/errors.js';
import { hashPassword } from '../auth/passwords.js';
import { recordAudit, type AuditBy } from '../audit/service.js';
import type { Organization } from '../orgs/service.js';
import { spendAttempt } from '../throttle/service.js';
import { notifyEmailChanged, requestEmailChange, retireEmailChanges } from './email-change.js';
import {
  deleteUserRoles,
  findUserByEmail,
  findUserById,
  findUserByIdWithRoles,
  findUsersByIds,
  insertUser,
  insertUserRoles,
  listUsers,
  lockSuperAdmins,
  lockUser,
  rolesOfUser,
  rolesOfUsers,
  updateUser,
  type UserListFilters,
  type UserRow,
  type UserSort,
} from './repo.js';

export { holderStanding, adminsOf, userWithRolesQuery } from './repo.js';
export {
  findUserByEmail,
  findUserById,
  findUsersByIds,
  rolesOfUser,
  rolesOfUsers,
  listUsers,
  type UserRow,
  type UserSort,
  type UserListFilters,
};

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
export interface Actor {
  id: number;
  roles: readonly string[];
}

export function findUserWithRoles(db: DbOrTx, orgId: number, id: number): Promise<UserWithRoles | undefined> {
  return findUserByIdWithRoles(db, orgId, id);
}

async function assertEmailFree(db: DbOrTx, orgId: number, email: string, exceptUserId?: number) {
  const holder = await findUserByEmail(db, orgId, email);
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

export function createUser(db: Db, orgId: number, input: NewUser): Promise<UserWithRoles> {
  return db.transaction().execute((tx) => createUserInTransaction(tx, orgId, input));
}

/** A person of the organisation with no wallet role yet (from the giving product or a registration request). */
export async function createPersonWithoutRole(
  db: DbOrTx,
  orgId: number,
  person: { email: string; first_name: string; last_name: string },
) {
  await assertEmailFree(db, orgId, person.email);
  return insertUser(db, { org_id: orgId, ...person });
}

export function fullName(user: Pick<UserRow, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

/** Members reach only themselves; admins everyone of their organisation. Others' ids are 404 for members. */
export function assertCanReach(actor: Actor, userId: number): void {
  if (actor.id !== userId && !isAdmin(actor.roles)) throw notFound();
}

export async function getUser(db: DbOrTx, orgId: number, actor: Actor, userId: number): Promise<UserWithRoles> {
  assertCanReach(actor, userId);
  const user = await findUserWithRoles(db, orgId, userId);
  if (!user) throw notFound();
  return user;
}

export interface ProfileUpdateContext {
  db: Db;
  jobs: Jobs;
  organization: Organization;
  /** The organisation's address, for the link a confirmation mail carries. */
  origin: string;
  by?: AuditBy;
}

export interface ProfileUpdate {
  user: UserWithRoles;
  /** The user asked for a new email of their own: it waits for the link mailed to it (USER_MESSAGES.emailChangeSent). */
  emailConfirmationSent: boolean;
}

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * PUT /api/users/{id}. Only a super-admin edits a super-admin (their email is where password resets go). An admin
 * changing someone else's email applies it at once and the old address is told. People changing their own email
 * are mailed a confirmation link at the new address and the rest is saved at once; a member is answered the same
 * whether or not the address is taken (admins, who can list everyone, get the precise 422).
 */
export async function updateProfile(
  ctx: ProfileUpdateContext,
  actor: Actor,
  userId: number,
  input: ProfileInput,
  role?: AssignableRole,
): Promise<ProfileUpdate> {
  const { db, jobs, organization } = ctx;
  const orgId = organization.id;
  assertCanReach(actor, userId);
  if (role && !isAdmin(actor.roles)) throw forbidden();
  const own = actor.id === userId;
  const current = await findUserById(db, orgId, userId);
  if (!current) throw notFound();
  // Counted outside the transaction, so a refused or failed request still counts: each one mails an address typed in.
  if (own && !sameEmail(current.email, input.email)) {
    await spendAttempt(db, [{ key: `email-change:user:${orgId}:${userId}`, ...EMAIL_CHANGE_RATE_LIMIT }]);
  }
  return db.transaction().execute(async (tx) => {
    if (!(await lockUser(tx, orgId, userId))) throw notFound();
    const target = (await findUserWithRoles(tx, orgId, userId))!;
    if (target.roles.includes('super-admin') && !actor.roles.includes('super-admin'))
      throw forbidden(USER_MESSAGES.superAdminProfileLocked);
    const emailChanges = !sameEmail(target.email, input.email);
    if (emailChanges && (!own || isAdmin(actor.roles))) await assertEmailFree(tx, orgId, input.email, userId);
    let emailConfirmationSent = false;
    if (emailChanges && own) {
      const { email, ...rest } = input;
      await updateUser(tx, orgId, userId, rest);
      await requestEmailChange(tx, jobs, { organization, user: target, newEmail: email, origin: ctx.origin });
      emailConfirmationSent = true;
    } else {
      await updateUser(tx, orgId, userId, input);
      if (emailChanges) {
        await retireEmailChanges(tx, orgId, userId);
        await notifyEmailChanged(tx, jobs, {
          organization,
          user: target,
          oldEmail: target.email,
          newEmail: input.email,
          byAdmin: true,
        });
      }
    }
    if (role) await replaceRoleInTransaction(tx, orgId, userId, role, ctx.by);
    return { user: (await findUserWithRoles(tx, orgId, userId))!, emailConfirmationSent };
  });
}

/**
 * Gives the user exactly this one role. Super-admin is kept by a super-admin who is given another role only
 * while another super-admin remains; it is never granted here.
 */
async function replaceRoleInTransaction(
  tx: Tx,
  orgId: number,
  userId: number,
  role: AssignableRole,
  by?: AuditBy,
): Promise<void> {
  const superAdmins = await lockSuperAdmins(tx, orgId);
  if (superAdmins.includes(userId) && superAdmins.length === 1) throw conflict(USER_MESSAGES.lastSuperAdmin);
  const before = await rolesOfUser(tx, orgId, userId);
  await deleteUserRoles(tx, orgId, userId);
  await insertUserRoles(tx, orgId, userId, [role]);
  if (before.length !== 1 || before[0] !== role) {
    const user = await findUserById(tx, orgId, userId);
    await recordAudit(tx, {
      orgId,
      by,
      action: 'user.roles_changed',
      subject: { type: 'user', id: userId, label: user && fullName(user) },
      details: { old_roles: before, new_roles: [role] },
    });
  }
}

export async function setUserRole(
  db: Db,
  orgId: number,
  userId: number,
  role: AssignableRole,
  by?: AuditBy,
): Promise<UserWithRoles> {
  return db.transaction().execute(async (tx) => {
    if (!(await lockUser(tx, orgId, userId))) throw notFound();
    await replaceRoleInTransaction(tx, orgId, userId, role, by);
    return (await findUserWithRoles(tx, orgId, userId))!;
  });
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

export function setAvatarPath(
  db: DbOrTx,
  orgId: number,
  userId: number,
  avatarPath: string | null,
): Promise<UserRow | undefined> {
  return updateUser(db, orgId, userId, { avatar_path: avatarPath });
}

/** Set by the cards module when the person first becomes a cardholder at the issuer. */
export async function setCardholderId(
  db: DbOrTx,
  orgId: number,
  userId: number,
  providerCardholderId: string,
): Promise<void> {
  await updateUser(db, orgId, userId, { stripe_cardholder_id: providerCardholderId });
}

export async function setTermsAccepted(
  db: DbOrTx,
  orgId: number,
  userId: number,
  acceptance: { date: Date; ip: string; userAgent: string },
): Promise<void> {
  await updateUser(db, orgId, userId, {
    issuing_tos_accepted_at: acceptance.date,
    issuing_tos_ip: acceptance.ip,
    issuing_tos_user_agent: acceptance.userAgent,
  });
}

/** Ids of users whose name (spaces removed) contains any of the terms; for searching cards by holder. */
export async function userIdsMatchingNames(db: DbOrTx, orgId: number, terms: readonly string[]): Promise<number[]> {
  if (terms.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('org_id', '=', orgId)
    .where((eb) =>
      eb.or(
        terms.map((term) =>
          eb(
            eb.fn('replace', [eb.fn('concat', ['first_name', 'last_name']), eb.val(' '), eb.val('')]),
            'ilike',
            `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
          ),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** Every user id of the organisation in name order, so other modules can sort by holder name without our table. */
export async function userIdsInNameOrder(db: DbOrTx, orgId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('org_id', '=', orgId)
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** True when the actor is the user, or (with adminsToo) an admin of the organisation. */
export function isActor(actor: Actor, userId: number, options: { adminsToo?: boolean } = {}): boolean {
  return actor.id === userId || (options.adminsToo === true && isAdmin(actor.roles));
}
