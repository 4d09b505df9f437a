import { isAdmin } from '@wallet/contract';
import { forbidden, notFound } from '../../http/errors.js';

/** Who acts: their id and wallet roles (a signed-in user, or an approver answering by mail). */
export interface Actor {
  id: number;
  roles: readonly string[];
}

/** Who may see and change whom among the people of one organisation; guards.ts is only the route-level gate. */

/** True when the actor is the user, or (with adminsToo) an admin of the organisation. */
export function isActor(actor: Actor, userId: number, options: { adminsToo?: boolean } = {}): boolean {
  return actor.id === userId || (options.adminsToo === true && isAdmin(actor.roles));
}

/** Members reach only themselves; admins everyone of their organisation. Others' ids are 404 for members. */
export function assertCanReach(actor: Actor, userId: number): void {
  if (!isActor(actor, userId, { adminsToo: true })) throw notFound();
}

/** Members see only themselves in the people list: the ids it may show, narrowed from those asked for (if any). */
export function visibleUserIds(actor: Actor, asked: readonly number[] | undefined): readonly number[] | undefined {
  if (isAdmin(actor.roles)) return asked;
  return (asked ?? [actor.id]).filter((id) => id === actor.id);
}

/** Only admins give roles, also through a profile edit. */
export function assertCanGiveRoles(actor: Actor): void {
  if (!isAdmin(actor.roles)) throw forbidden();
}

/** Only a super-admin edits a super-admin (their email is where password resets go). */
export function canEditProfileOf(actor: Actor, target: { roles: readonly string[] }): boolean {
  return !target.roles.includes('super-admin') || actor.roles.includes('super-admin');
}

/**
 * A changed email is checked for being free when an admin changes it, or someone else's; a member changing their
 * own gets the same answer whether or not it is taken.
 */
export function checksEmailIsFree(actor: Actor, userId: number): boolean {
  return actor.id !== userId || isAdmin(actor.roles);
}
