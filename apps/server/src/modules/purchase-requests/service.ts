import type { RawBuilder } from 'kysely';
import { REQUEST_MESSAGES, forcePlaceOf, type NewRequestInput } from '@wallet/contract';
import type { Db, Tx } from '../../db/database.js';
import type { Jobs } from '../../jobs/queue.js';
import type { IssuingProvider } from '../../issuing/provider.js';
import { conflict, forbidden, notFound, validationFailed } from '../../http/errors.js';
import type { SortTerm } from '../../http/list-query.js';
import { findCard } from '../cards/service.js';
import { recordAudit, type AuditClient } from '../audit/service.js';
import { afterFundsChanged } from '../card-settings/service.js';
import type { Organization } from '../orgs/service.js';
import { approvalPathOf, memberIdsOfTeam } from '../teams/service.js';
import { getUser, type Actor } from '../users/service.js';
import { findCategory } from '../wallet-categories/service.js';
import { fundApprovedRequest } from './funding.js';
import { mailApprover, mailRequester, type MailContext } from './mails.js';
import {
  approvalsOf,
  deleteApprovals,
  deleteRequests,
  findRequest,
  insertApprovals,
  insertRequest,
  insertStepsAt,
  lockPendingRequestsOfTeam,
  lockRequest,
  moveSteps,
  removeSteps,
  updateApproval,
  updateRequest,
  useLinksOf,
  voidLinksOf,
  listRequests,
  type ApprovalRow,
  type RequestFilters,
  type RequestRow,
  type RequestSort,
} from './repo.js';
import { canSeeRequest, deletionRefusal, requestListScope } from './policy.js';

// What others read of purchase requests (recurring, teams, analytics, the seed): queries.ts, free of this file's
// imports.
export {
  approvalStepsOf,
  approvedAmountColumn,
  approvedAmountsByTeam,
  dailyTransferred,
  findRequest,
  listRequests,
  type RequestRow,
} from './queries.js';

export interface RequestDeps {
  db: Db;
  jobs: Jobs;
  issuer: IssuingProvider;
}
/** `client` comes with a person's request (the audit log records their decisions); the demo seed has none. */
export interface RequestContext {
  organization: Organization;
  origin: string;
  client?: AuditClient;
}

/** What a request list is asked for; who asks narrows it (policy.ts requestListScope). */
export interface RequestListQuery {
  pending?: boolean;
  approved?: boolean;
  recurring?: boolean;
  pendingApprovalBy?: number;
  /** The person whose requests these are (GET /api/users/{id}/purchase-requests). */
  ownerId?: number;
}

/**
 * A person's request lists (one-time and recurring) are a 404 for an unknown id or another organisation's user,
 * for admins too (ARCHITECTURE.md D5), and for a member asking about someone else: not an empty list.
 */
export async function assertCanListRequestsOf(db: Db, orgId: number, actor: Actor, userId: number): Promise<void> {
  await getUser(db, orgId, actor, userId);
}

/** The requests the actor may see (a person's, when ownerId is given: check it first with assertCanListRequestsOf). */
export async function listVisibleRequests(
  db: Db,
  orgId: number,
  actor: Actor,
  query: RequestListQuery,
  sort: SortTerm<RequestSort>[],
  page: { number: number; size: number },
  /** Columns the answer reads beside each row (presenter.ts requestIncludeColumns). */
  columns: Readonly<Record<string, RawBuilder<unknown>>> = {},
): Promise<{ rows: RequestRow[]; total: number }> {
  const filters: RequestFilters = {
    pending: query.pending,
    approved: query.approved,
    userId: query.ownerId,
    pendingApprovalBy: query.pendingApprovalBy,
    ...requestListScope(actor, query.pendingApprovalBy),
  };
  if (query.recurring === false) filters.oneTimeOnly = true;
  return listRequests(db, orgId, filters, sort, page, columns);
}

/** One request, if the actor may see it (else 404). */
export async function getVisibleRequest(db: Db, orgId: number, actor: Actor, id: number): Promise<RequestRow> {
  const request = await findRequest(db, orgId, id);
  const approverIds = async () => ((await approvalsOf(db, [id])).get(id) ?? []).map((approval) => approval.approver_id);
  if (!request || !(await canSeeRequest(actor, request, approverIds))) throw notFound();
  return request;
}

const bothPending = (request: RequestRow) =>
  request.approved_path === 'pending' && request.approved_accounting === 'pending';

/** The approvers of a team's path, in order, without the requester (nobody approves their own request). */
async function approversFor(tx: Tx, orgId: number, teamId: number, requesterId: number): Promise<number[]> {
  return (await approvalPathOf(tx, orgId, teamId)).filter((id) => id !== requesterId);
}

/**
 * Who is still to decide a request, in order: the team's current path without the requester and without those
 * who already decided it. The first of them is the one whose turn it is.
 */
function stillToDecide(path: readonly number[], request: RequestRow, approvals: readonly ApprovalRow[]): number[] {
  const decided = new Set(approvals.filter((step) => step.approved !== 'pending').map((step) => step.approver_id));
  return path.filter((id) => id !== request.user_id && !decided.has(id));
}

/** PRODUCT.md §5 plus ownership: the card must be the requester's, the team one they belong to, the category ours. */
async function checkRequestInput(tx: Tx, orgId: number, requesterId: number, input: NewRequestInput) {
  const errors: Record<string, string[]> = {};
  const card = await findCard(tx, orgId, input.card_id);
  if (!card || card.user_id !== requesterId) errors.card_id = [REQUEST_MESSAGES.cardNotYours];
  else if (card.status === 'canceled') errors.card_id = [REQUEST_MESSAGES.cardCanceled];
  if (!(await memberIdsOfTeam(tx, orgId, input.team_id)).includes(requesterId))
    errors.team_id = [REQUEST_MESSAGES.teamNotYours];
  if (input.wallet_category_id !== null && !(await findCategory(tx, orgId, input.wallet_category_id)))
    errors.wallet_category_id = [REQUEST_MESSAGES.categoryUnknown];
  if (Object.keys(errors).length) throw validationFailed(errors);
}

function requestValues(input: NewRequestInput) {
  return {
    amount: input.amount,
    card_id: input.card_id,
    team_id: input.team_id,
    wallet_category_id: input.wallet_category_id,
    notes: input.notes,
    interval: input.interval,
    start_date: input.interval ? input.start_date : null,
    end_date: input.interval ? input.end_date : null,
  };
}

function requestSubject(request: RequestRow) {
  return { type: 'purchase_request' as const, id: request.id, label: `#${request.id} ${request.notes}` };
}

/** The first undecided step, in path order. */
export function currentStep(approvals: readonly ApprovalRow[]): ApprovalRow | undefined {
  return approvals.find((approval) => approval.approved === 'pending');
}

/** A member files a request for one of their cards; the team's first approver is asked at once. */
export async function createRequest(
  deps: RequestDeps,
  context: RequestContext,
  requesterId: number,
  input: NewRequestInput,
): Promise<RequestRow> {
  const orgId = context.organization.id;
  return deps.db.transaction().execute(async (tx) => {
    await checkRequestInput(tx, orgId, requesterId, input);
    const request = await insertRequest(tx, { org_id: orgId, user_id: requesterId, ...requestValues(input) });
    const approvals = await insertApprovals(
      tx,
      orgId,
      request.id,
      await approversFor(tx, orgId, input.team_id, requesterId),
    );
    const first = currentStep(approvals);
    if (first) await mailApprover({ tx, jobs: deps.jobs, ...context }, request, first);
    return request;
  });
}

/** Edit Request: the requester changes a request nobody has decided yet; the approval chain starts again. */
export async function editRequest(
  deps: RequestDeps,
  context: RequestContext,
  actor: Actor,
  id: number,
  input: NewRequestInput,
): Promise<RequestRow> {
  const orgId = context.organization.id;
  return deps.db.transaction().execute(async (tx) => {
    const request = await lockRequest(tx, orgId, id);
    if (!request || request.user_id !== actor.id) throw notFound();
    const approvals = (await approvalsOf(tx, [id])).get(id) ?? [];
    if (!bothPending(request) || approvals.some((approval) => approval.approved !== 'pending'))
      throw conflict(REQUEST_MESSAGES.notEditable);
    await checkRequestInput(tx, orgId, actor.id, input);
    await updateRequest(tx, id, requestValues(input));
    await deleteApprovals(tx, id);
    const updated = (await findRequest(tx, orgId, id))!;
    const fresh = await insertApprovals(tx, orgId, id, await approversFor(tx, orgId, input.team_id, actor.id));
    const first = currentStep(fresh);
    if (first) await mailApprover({ tx, jobs: deps.jobs, ...context }, updated, first);
    return updated;
  });
}

/** Delete: the requester's own undecided request, or any request for admins. */
export async function deleteRequest(db: Db, orgId: number, actor: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const request = await lockRequest(tx, orgId, id);
    if (!request) throw notFound();
    const refusal = deletionRefusal(actor, request, bothPending(request));
    if (refusal === 'not-found') throw notFound();
    if (refusal === 'decided') throw conflict(REQUEST_MESSAGES.notEditable);
    await deleteRequests(tx, orgId, [id]);
  });
}

/**
 * An approver decides their step. Listed? (403) A valid status? (422) Their turn, nothing decided yet? (409)
 * The last approval funds the card in this transaction; if the organisation can't cover it, nothing changes (409).
 */
export async function decideStep(
  deps: RequestDeps,
  context: RequestContext,
  actor: Actor,
  params: { requestId: number; approvalId: number; status: string; notes: string | null },
): Promise<RequestRow> {
  const orgId = context.organization.id;
  const decided = await deps.db.transaction().execute(async (tx) => {
    const request = await lockRequest(tx, orgId, params.requestId);
    if (!request) throw notFound();
    const approvals = (await approvalsOf(tx, [request.id])).get(request.id) ?? [];
    const approval = approvals.find((step) => step.id === params.approvalId && step.approver_id === actor.id);
    if (!approval) throw forbidden(REQUEST_MESSAGES.notApprover);
    if (params.status !== 'approved' && params.status !== 'rejected')
      throw validationFailed({ status: [REQUEST_MESSAGES.incorrectStatus] });
    if (!bothPending(request) || approval.approved !== 'pending') throw conflict(REQUEST_MESSAGES.alreadyDecided);
    if (currentStep(approvals)?.id !== approval.id) throw conflict(REQUEST_MESSAGES.notYourTurn);
    // Whatever the steps say, the team's path as it is now decides who may answer: someone taken off it may not.
    if (stillToDecide(await approvalPathOf(tx, orgId, request.team_id), request, approvals)[0] !== actor.id)
      throw forbidden(REQUEST_MESSAGES.approvalNoLongerNeeded);

    await updateApproval(tx, approval.id, { approved: params.status, notes: params.notes });
    await useLinksOf(tx, approval.id);
    const last =
      params.status === 'approved' &&
      !approvals.some((step) => step.position > approval.position && step.approved === 'pending');
    await recordAudit(tx, {
      orgId,
      by: context.client && { actorId: actor.id, ...context.client },
      action: 'purchase_request.approval_decided',
      subject: requestSubject(request),
      details: {
        status: params.status,
        position: approval.position,
        notes: params.notes,
        requester_user_id: request.user_id,
        amount: request.amount,
        funded: last ? request.amount : 0,
      },
    });
    const mail: MailContext = { tx, jobs: deps.jobs, ...context };
    if (params.status === 'rejected') {
      await updateRequest(tx, request.id, { approved_path: 'rejected' });
      await mailRequester(mail, request, 'rejected', params.notes);
    } else {
      const next = approvals.find((step) => step.position > approval.position && step.approved === 'pending');
      if (next) {
        await mailApprover(mail, request, next);
      } else {
        await updateRequest(tx, request.id, { approved_path: 'approved' });
        await fundApprovedRequest(tx, deps.jobs, request, actor.id);
        await mailRequester(mail, request, 'approved', params.notes);
      }
    }
    return (await findRequest(tx, orgId, request.id))!;
  });
  // A last approval funded the card from the organisation's funds.
  if (decided.transferred) await afterFundsChanged(deps.db, orgId);
  return decided;
}

/**
 * Force approve or reject (admins, not on their own request): sets the accounting state (PRODUCT.md §4). The note
 * is the notice of the place the admin forced it from (dashboard or requests page); a client that sends none gets
 * the dashboard's, the one SPEC §186's API names. Any other note is a 422.
 */
export async function forceDecision(
  deps: RequestDeps,
  context: RequestContext,
  actor: Actor,
  requestId: number,
  status: string,
  notes: string | null = null,
): Promise<RequestRow> {
  const orgId = context.organization.id;
  const decided = await deps.db.transaction().execute(async (tx) => {
    const request = await lockRequest(tx, orgId, requestId);
    if (!request) throw notFound();
    if (request.user_id === actor.id) throw forbidden(REQUEST_MESSAGES.ownRequest);
    if (status !== 'approved' && status !== 'rejected')
      throw validationFailed({ status: [REQUEST_MESSAGES.incorrectStatus] });
    const place = notes === null ? 'dashboard' : forcePlaceOf(status, notes);
    if (!place) throw validationFailed({ notes: [REQUEST_MESSAGES.forceNoteUnknown] });
    if (!bothPending(request)) throw conflict(REQUEST_MESSAGES.alreadyDecided);
    const note = REQUEST_MESSAGES.forceNote(status, place);
    await updateRequest(tx, request.id, {
      approved_accounting: status,
      accounting_notes: note,
      accounting_decided_by: actor.id,
    });
    for (const approval of (await approvalsOf(tx, [request.id])).get(request.id) ?? [])
      await useLinksOf(tx, approval.id);
    if (status === 'approved') await fundApprovedRequest(tx, deps.jobs, request, actor.id);
    await recordAudit(tx, {
      orgId,
      by: context.client && { actorId: actor.id, ...context.client },
      action: 'purchase_request.force_decided',
      subject: requestSubject(request),
      details: {
        status,
        requester_user_id: request.user_id,
        amount: request.amount,
        funded: status === 'approved' ? request.amount : 0,
      },
    });
    await mailRequester({ tx, jobs: deps.jobs, ...context }, request, status, note);
    return (await findRequest(tx, orgId, request.id))!;
  });
  if (status === 'approved') await afterFundsChanged(deps.db, orgId);
  return decided;
}

export interface PathChangeContext {
  jobs: Jobs;
  organization: Organization;
  origin: string;
}

/**
 * A team's approval path changed (edited, or an approver taken out of the team): the team's requests still pending
 * in full follow the new path, in the transaction of the change (the teams module calls this after writing it).
 * Decided steps stay. The steps of approvers no longer on the path go, and their mailed links then answer "no
 * longer needed"; approvers new on the path get a step in their place in the order. When the turn passes to
 * someone else, the one who had it can no longer answer by link (they are mailed again when their turn comes) and
 * the new current approver is mailed. With nobody left to ask, the request waits for the admins, as a request
 * of a team with an empty path does (ARCHITECTURE.md D8).
 */
export async function onApprovalPathChanged(tx: Tx, context: PathChangeContext, teamId: number): Promise<void> {
  const orgId = context.organization.id;
  const requests = await lockPendingRequestsOfTeam(tx, orgId, teamId);
  if (requests.length === 0) return;
  const path = await approvalPathOf(tx, orgId, teamId);
  const steps = await approvalsOf(
    tx,
    requests.map((request) => request.id),
  );
  for (const request of requests) await followPath(tx, context, request, steps.get(request.id) ?? [], path);
}

async function followPath(
  tx: Tx,
  context: PathChangeContext,
  request: RequestRow,
  approvals: ApprovalRow[],
  path: readonly number[],
) {
  const wanted = stillToDecide(path, request, approvals);
  const pending = approvals.filter((step) => step.approved === 'pending');
  if (pending.length === wanted.length && pending.every((step, index) => step.approver_id === wanted[index])) return;

  const before = currentStep(approvals);
  const stepOf = new Map(pending.map((step) => [step.approver_id, step]));
  await removeSteps(
    tx,
    pending.filter((step) => !wanted.includes(step.approver_id)).map((step) => step.id),
  );
  const firstPosition =
    Math.max(-1, ...approvals.filter((step) => step.approved !== 'pending').map((step) => step.position)) + 1;
  const kept = wanted.flatMap((approverId, index) => {
    const step = stepOf.get(approverId);
    return step ? [{ id: step.id, position: firstPosition + index }] : [];
  });
  await moveSteps(tx, request.id, kept);
  const added = await insertStepsAt(
    tx,
    context.organization.id,
    request.id,
    wanted.flatMap((approverId, index) =>
      stepOf.has(approverId) ? [] : [{ approverId, position: firstPosition + index }],
    ),
  );

  const first = wanted.length
    ? (stepOf.get(wanted[0]!) ?? added.find((step) => step.approver_id === wanted[0]))
    : undefined;
  if (before && first?.id === before.id) return;
  // Still on the path, but no longer their turn: they will be mailed new links when it comes back to them.
  if (before && wanted.includes(before.approver_id)) await voidLinksOf(tx, [before.id]);
  if (first) await mailApprover({ tx, ...context }, request, first);
}
