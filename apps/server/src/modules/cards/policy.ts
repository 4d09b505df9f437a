import { isAdmin } from '@wallet/contract';
import { notFound } from '../../http/errors.js';

/** Who may see which cards: the permission checks of the cards area, in one place (guards.ts is the route-level gate). */

interface Actor {
  id: number;
  roles: readonly string[];
}

/** Admins see every card of the organisation; members only their own. */
export function seesEveryCard(actor: Actor): boolean {
  return isAdmin(actor.roles);
}

/** The holder or an admin. */
export function canReachCard(actor: Actor, card: { user_id: number }): boolean {
  return actor.id === card.user_id || seesEveryCard(actor);
}

/** Another's card is as missing to a member as another organisation's: 404, never 403. */
export function assertCanReachCard(actor: Actor, card: { user_id: number } | undefined): asserts card {
  if (!card || !canReachCard(actor, card)) throw notFound();
}

/**
 * The holders whose cards a list may show: a member's own only (whatever the filters asked for; nobody's when they
 * asked for someone else), an admin's as asked.
 */
export function visibleHolders(actor: Actor, asked: number[] | undefined): number[] | undefined {
  if (seesEveryCard(actor)) return asked;
  return (asked ?? [actor.id]).filter((id) => id === actor.id);
}
