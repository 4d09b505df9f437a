import type { Expression, RawBuilder } from 'kysely';
import { EMAIL_CHANGE_RATE_LIMIT, USER_MESSAGES, type AssignableRole, type ProfileInput } from '@wallet/contract';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import type { Jobs } from '../../jobs/queue.js';
import type { SortTerm } from '../../http/list-query.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { recordAudit, type AuditBy } from '../audit/service.js';
import type { Organization } from '../orgs/service.js';
import { spendAttempt } from '../throttle/service.js';
import { notifyEmailChanged, requestEmailChange, retireEmailChanges } from './email-change.js';
import {
  assertEmailFree,
  createUserInTransaction,
  findUserWithRoles,
  type NewUser,
  type UserWithRoles,
} from './accounts.js';
import { fullName } from './names.js';
import { assertCanGiveRoles, assertCanReach, canEditProfileOf, checksEmailIsFree, type Actor } from './policy.js';
import * as usersRepo from './repo.js';
import { deleteUserRoles, insertUser, insertUserRoles, lockSuperAdmins, lockUser, updateUser } from './repo.js';

export { fullName } from './names.js';
export {
  createUserInTransaction,
  findUserWithRoles,
  grantFirstRole,
  setPasswordHash,
  type NewUser,
  type UserWithRoles,
} from './accounts.js';
export { registerWithInvitation, sendInvitation } from './invitations.js';
export { assertCanReach, isActor, type Actor } from './policy.js';
export type UserRow = usersRepo.UserRow;
export type ListedUserRow = usersRepo.ListedUserRow;
export type PersonBriefRow = usersRepo.PersonBriefRow;

/**
 * A JSON column naming one person (null when none) for another module's list statement, so the list names its
 * people without a statement of its own (ISSUE 19.9); presenter.ts's personBriefOf makes the answer's brief.
 */
export function personBriefColumn(orgId: Expression<number>, userId: Expression<number>) {
  return usersRepo.personBriefColumn(orgId, userId);
}
export type UserSort = usersRepo.UserSort;
export type UserListFilters = usersRepo.UserListFilters;

// The users module owns `users` and `user_roles`: other modules read and change people only through these.

export function findUserByEmail(db: DbOrTx, orgId: number, email: string): Promise<UserRow | undefined> {
  return usersRepo.findUserByEmail(db, orgId, email);
}

export function findUserById(db: DbOrTx, orgId: number, id: number): Promise<UserRow | undefined> {
  return usersRepo.findUserById(db, orgId, id);
}

export function findUsersByIds(db: DbOrTx, orgId: number, ids: readonly number[]): Promise<UserRow[]> {
  return usersRepo.findUsersByIds(db, orgId, ids);
}

/** The current full names of the organisation's users among `ids` (missing ones are left out). */
export async function namesOfUsers(db: DbOrTx, orgId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  return new Map((await usersRepo.findUsersByIds(db, orgId, ids)).map((user) => [user.id, fullName(user)]));
}

export function rolesOfUser(db: DbOrTx, orgId: number, userId: number): Promise<string[]> {
  return usersRepo.rolesOfUser(db, orgId, userId);
}

export function rolesOfUsers(db: DbOrTx, orgId: number, userIds: readonly number[]): Promise<Map<number, string[]>> {
  return usersRepo.rolesOfUsers(db, orgId, userIds);
}

export function listUsers(
  db: DbOrTx,
  orgId: number,
  filters: UserListFilters,
  sort: SortTerm<UserSort>[],
  page: { number: number; size: number },
  columns: Readonly<Record<string, RawBuilder<unknown>>> = {},
): Promise<{ rows: ListedUserRow[]; total: number }> {
  return usersRepo.listUsers(db, orgId, filters, sort, page, columns);
}

/** Whether the holder may spend (created, terms accepted, wallet-user), in one round trip for the authorisation. */
export function holderStanding(db: DbOrTx, orgId: number, userId: number) {
  return usersRepo.holderStanding(db, orgId, userId);
}

/** Everyone holding an admin role (super-admin, wallet-admin, wallet-finance), with what a mail to them needs. */
export function adminsOf(db: DbOrTx, orgId: number) {
  return usersRepo.adminsOf(db, orgId);
}

/**
 * The query of a user with their roles, for another module to join into its own statement (the session lookup
 * reads its user in the same round trip) without naming our tables.
 */
export function userWithRolesQuery(db: DbOrTx, orgId: number, userId: number | Expression<number>) {
  return usersRepo.userWithRolesQuery(db, orgId, userId);
}

/** Ids of users whose name (spaces removed) contains any of the terms; for searching cards by holder. */
export function userIdsMatchingNames(db: DbOrTx, orgId: number, terms: readonly string[]): Promise<number[]> {
  return usersRepo.userIdsMatchingNames(db, orgId, terms);
}

/** Every user id of the organisation in name order, so other modules can sort by holder name without our table. */
export function userIdsInNameOrder(db: DbOrTx, orgId: number): Promise<number[]> {
  return usersRepo.userIdsInNameOrder(db, orgId);
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
  if (role) assertCanGiveRoles(actor);
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
    if (!canEditProfileOf(actor, target)) throw forbidden(USER_MESSAGES.superAdminProfileLocked);
    const emailChanges = !sameEmail(target.email, input.email);
    if (emailChanges && checksEmailIsFree(actor, userId)) await assertEmailFree(tx, orgId, input.email, userId);
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

/** These people's names as one JSON array column of another module's statement (usersRepo.personNamesColumn). */
export function personNamesColumn(orgId: number, ids: readonly number[]) {
  return usersRepo.personNamesColumn(orgId, ids);
}
