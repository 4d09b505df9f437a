/** Who may close and reopen months: any admin closes (the route's guard), only a super-admin reopens. */

interface Actor {
  roles: readonly string[];
}

export function mayReopenMonths(actor: Actor): boolean {
  return actor.roles.includes('super-admin');
}
