import { isAdmin } from '@wallet/contract';
import type { Actor } from '../users/service.js';

/** Who may do what with recurring requests: listing all and pausing are for admins (requireAdmin on the routes). */

/** Admins remove any recurring request; a member only one grown out of their own purchase request. */
export function canRemoveRecurring(actor: Actor, purchase: { user_id: number }): boolean {
  return isAdmin(actor.roles) || purchase.user_id === actor.id;
}
