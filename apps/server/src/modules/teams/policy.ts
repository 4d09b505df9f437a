import { isAdmin } from '@wallet/contract';
import type { Actor } from '../users/service.js';

/** Who sees which teams; changing them is for admins (guards.ts requireAdmin on the routes). */

/** The teams a list may show: all for admins, only those the member belongs to otherwise. */
export function teamListScope(actor: Actor): { memberId?: number } {
  return isAdmin(actor.roles) ? {} : { memberId: actor.id };
}

/** Admins see every team; a member only a team they belong to (`members` is asked only for a member). */
export async function canSeeTeam(actor: Actor, members: () => Promise<readonly number[]>): Promise<boolean> {
  return isAdmin(actor.roles) || (await members()).includes(actor.id);
}
