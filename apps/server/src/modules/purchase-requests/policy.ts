import { isAdmin } from '@wallet/contract';
import { forbidden } from '../../http/errors.js';
import type { Actor } from '../users/service.js';

/**
 * Who may file, see and change which purchase requests. Deciding a step is the approver's whose turn it is (the
 * service checks it against the team's current path); forcing a decision is for admins (requireAdmin on the route).
 */

/** Requests are filed by the cardholder for their own card: for anyone else it is a 403, whether they exist or not. */
export function assertFilesOwnRequest(actor: Actor, userId: number): void {
  if (userId !== actor.id) throw forbidden();
}

/** A member sees the requests they made and those they approve; admins see all. */
export async function canSeeRequest(
  actor: Actor,
  request: { user_id: number },
  approverIds: () => Promise<readonly number[]>,
): Promise<boolean> {
  if (isAdmin(actor.roles) || request.user_id === actor.id) return true;
  return (await approverIds()).includes(actor.id);
}

/** Admins delete any request; a member only their own (others' are 404) while nobody has decided it (409). */
export function deletionRefusal(
  actor: Actor,
  request: { user_id: number },
  undecided: boolean,
): 'not-found' | 'decided' | null {
  if (isAdmin(actor.roles)) return null;
  if (request.user_id !== actor.id) return 'not-found';
  return undecided ? null : 'decided';
}

/**
 * What a request list may show the actor. Admins decide requests whose team has no approval path: only their own
 * Pending Request list shows those. A member sees only requests they made or approve, and nobody else's queue.
 */
export function requestListScope(
  actor: Actor,
  pendingApprovalBy: number | undefined,
): { pendingApproverIsAdmin: boolean; visibleTo?: number; ids?: readonly number[] } {
  const pendingApproverIsAdmin = pendingApprovalBy === actor.id && isAdmin(actor.roles);
  if (isAdmin(actor.roles)) return { pendingApproverIsAdmin };
  if (pendingApprovalBy !== undefined && pendingApprovalBy !== actor.id)
    return { pendingApproverIsAdmin, visibleTo: actor.id, ids: [] };
  return { pendingApproverIsAdmin, visibleTo: actor.id };
}
