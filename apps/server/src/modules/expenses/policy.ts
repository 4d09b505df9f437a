import { isAdmin } from '@wallet/contract';

/** Whose transactions the actor may list: the permission check of the expenses area (guards.ts is the route gate). */

interface Actor {
  id: number;
  roles: readonly string[];
}

/**
 * The holder a transactions query is narrowed to: an admin's choice (undefined: everyone), a member's own id, or 0
 * (never an id: nobody's) when a member asked for someone else's.
 */
export function transactionsHolder(actor: Actor, asked: number | undefined): number | undefined {
  if (isAdmin(actor.roles)) return asked;
  return asked === undefined || asked === actor.id ? actor.id : 0;
}
