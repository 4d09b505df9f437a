import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { REQUEST_MESSAGES, type ListResponse, type PurchaseRequestResource } from '@wallet/contract';
import { http, HttpError, type DataEnvelope } from '../../../lib/http';
import { cardKeys, recurringKeys, requestKeys } from '../../../lib/query-keys';

export type DecisionStatus = 'approved' | 'rejected';

/** A decision refused before it reached the server, or by it with a reason to show (403 or 422). */
export class DecisionRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'DecisionRefused';
  }
}

/** PRODUCT.md §4: any status other than approved or rejected is refused client-side, before anything is sent. */
export function assertDecisionStatus(status: string): asserts status is DecisionStatus {
  if (status !== 'approved' && status !== 'rejected') throw new DecisionRefused(REQUEST_MESSAGES.incorrectStatus);
}

/** The reason of a refused decision, when it is one the user should read as 'You Cannot Modify That Request'. */
export function refusalReason(error: unknown): string | undefined {
  if (error instanceof DecisionRefused) return error.reason;
  if (error instanceof HttpError && (error.status === 403 || error.status === 422)) {
    return (
      error.serverMessage ?? (error.status === 403 ? REQUEST_MESSAGES.notApprover : REQUEST_MESSAGES.incorrectStatus)
    );
  }
  return undefined;
}

/** PRODUCT.md §5 approval comment: optional, max 255, sent as null when empty. */
export function commentOrNull(comment: string | undefined | null): string | null {
  const trimmed = comment?.trim();
  return trimmed ? trimmed : null;
}

/** PUT /api/purchase-requests/{id}/approvals/{approvalId} {approving: true, status, notes}. */
export async function decideApproval(input: {
  requestId: number;
  approvalId: number;
  status: string;
  notes: string | null;
}): Promise<PurchaseRequestResource> {
  assertDecisionStatus(input.status);
  const { data } = await http.put<DataEnvelope<PurchaseRequestResource>>(
    `/api/purchase-requests/${input.requestId}/approvals/${input.approvalId}`,
    {
      approving: true,
      status: input.status,
      notes: input.notes,
    },
  );
  return data;
}

/** PUT /api/purchase-requests/{id}/finance-approval: an admin's Force Approve or Force Reject on the requests page. */
export async function forceDecision(input: { requestId: number; status: string }): Promise<PurchaseRequestResource> {
  assertDecisionStatus(input.status);
  const { data } = await http.put<DataEnvelope<PurchaseRequestResource>>(
    `/api/purchase-requests/${input.requestId}/finance-approval`,
    {
      approving: true,
      status: input.status,
      notes: REQUEST_MESSAGES.forceNote(input.status, 'requests'),
    },
  );
  return data;
}

const bothPending = (request: Pick<PurchaseRequestResource, 'approved_path' | 'approved_accounting'>) =>
  request.approved_path === 'pending' && request.approved_accounting === 'pending';

/** Whether a cached list is the Pending Request tab's (requests waiting for someone's decision). */
function isPendingList(queryKey: readonly unknown[]): boolean {
  const params = queryKey[3];
  return typeof params === 'object' && params !== null && 'filter[pending_approval_by]' in params;
}

/**
 * PRODUCT.md §4 after a decision: while both states remain pending the row is updated in place (the Pending list is
 * marked stale, not refetched under the user's eyes); once either is decided the request leaves the Pending list.
 * The decision's answer carries the request's states and approvals, but not its card, team or category, so it is
 * merged into what each cache already holds.
 */
export async function applyDecision(queryClient: QueryClient, updated: PurchaseRequestResource): Promise<void> {
  const stillPending = bothPending(updated);
  queryClient.setQueryData<PurchaseRequestResource>(requestKeys.detail(updated.id), (old) =>
    old ? { ...old, ...updated } : old,
  );
  for (const [queryKey, list] of queryClient.getQueriesData<ListResponse<PurchaseRequestResource>>({
    queryKey: requestKeys.lists,
  })) {
    if (!list?.data.some((row) => row.id === updated.id)) continue;
    const leaves = !stillPending && isPendingList(queryKey);
    queryClient.setQueryData<ListResponse<PurchaseRequestResource>>(queryKey, {
      ...list,
      data: leaves
        ? list.data.filter((row) => row.id !== updated.id)
        : list.data.map((row) => (row.id === updated.id ? { ...row, ...withoutApprovals(updated) } : row)),
      meta: leaves ? { ...list.meta, total: Math.max(0, list.meta.total - 1) } : list.meta,
    });
  }
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: requestKeys.lists,
      predicate: (query) => !isPendingList(query.queryKey),
    }),
    queryClient.invalidateQueries({
      queryKey: requestKeys.lists,
      predicate: (query) => isPendingList(query.queryKey),
      refetchType: stillPending ? 'none' : 'active',
    }),
    queryClient.invalidateQueries({ queryKey: requestKeys.detail(updated.id) }),
    queryClient.invalidateQueries({ queryKey: recurringKeys.all }),
    // An approval funds the card.
    ...(stillPending ? [] : [queryClient.invalidateQueries({ queryKey: cardKeys.all })]),
  ]);
}

function withoutApprovals(request: PurchaseRequestResource): Partial<PurchaseRequestResource> {
  const { approvals: _approvals, ...rest } = request;
  return rest;
}

/** After a refused or failed decision the request may have moved on: read it again everywhere. */
async function refreshAfterFailure(queryClient: QueryClient, requestId: number) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: requestKeys.detail(requestId) }),
    queryClient.invalidateQueries({ queryKey: requestKeys.lists }),
  ]);
}

/** Approve or reject one's own step. Errors are shown by the caller ('You Cannot Modify That Request'). */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApproval,
    meta: { silent: true },
    onSuccess: (updated) => applyDecision(queryClient, updated),
    onError: (error, input) =>
      error instanceof DecisionRefused ? undefined : refreshAfterFailure(queryClient, input.requestId),
  });
}

/** Force Approve or Force Reject (admins, not on their own request). */
export function useForceDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forceDecision,
    meta: { silent: true },
    onSuccess: (updated) => applyDecision(queryClient, updated),
    onError: (error, input) =>
      error instanceof DecisionRefused ? undefined : refreshAfterFailure(queryClient, input.requestId),
  });
}
