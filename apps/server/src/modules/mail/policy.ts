import { isAdmin } from '@wallet/contract';

/** The development mailbox holds everyone's mail (links included): admins only. */
export function canReadMailbox(user: { roles: readonly string[] }): boolean {
  return isAdmin(user.roles);
}
