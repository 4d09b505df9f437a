import { sql, type Expression, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { PurchaseRequestApprovalsTable, PurchaseRequestsTable } from '../../db/schema.js';
import type { SortTerm } from '../../http/list-query.js';
import { pageWithTotal } from '../../db/page-with-total.js';
import { onPage } from '../../db/paging.js';

export type RequestRow = Selectable<PurchaseRequestsTable>;
export type ApprovalRow = Selectable<PurchaseRequestApprovalsTable>;
export type RequestSort = 'submitted' | 'transferred' | 'amount' | 'id';

export function insertRequest(db: DbOrTx, values: Insertable<PurchaseRequestsTable>): Promise<RequestRow> {
  return db.insertInto('purchase_requests').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findRequest(db: DbOrTx, orgId: number, id: number): Promise<RequestRow | undefined> {
  return db
    .selectFrom('purchase_requests')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The request row locked: decisions on one request happen one at a time. */
export function lockRequest(db: DbOrTx, orgId: number, id: number): Promise<RequestRow | undefined> {
  return db
    .selectFrom('purchase_requests')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateRequest(
  db: DbOrTx,
  id: number,
  values: Partial<
    Pick<
      RequestRow,
      | 'approved_path'
      | 'approved_accounting'
      | 'accounting_notes'
      | 'accounting_decided_by'
      | 'transferred'
      | 'amount'
      | 'notes'
      | 'card_id'
      | 'team_id'
      | 'wallet_category_id'
      | 'interval'
      | 'start_date'
      | 'end_date'
    >
  >,
) {
  await db
    .updateTable('purchase_requests')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteRequests(db: DbOrTx, orgId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('purchase_requests').where('org_id', '=', orgId).where('id', 'in', ids).execute();
}

export async function insertApprovals(db: DbOrTx, orgId: number, requestId: number, approverIds: readonly number[]) {
  if (approverIds.length === 0) return [];
  return db
    .insertInto('purchase_request_approvals')
    .values(
      approverIds.map((approverId, position) => ({
        org_id: orgId,
        purchase_request_id: requestId,
        approver_id: approverId,
        position,
      })),
    )
    .returningAll()
    .execute();
}

/** Every step of a request goes, and the links mailed for them (Edit Request starts the chain again). */
export async function deleteApprovals(db: DbOrTx, requestId: number) {
  await db.deleteFrom('approval_links').where('purchase_request_id', '=', requestId).execute();
  await db.deleteFrom('purchase_request_approvals').where('purchase_request_id', '=', requestId).execute();
}

/** These steps are no longer wanted: their unanswered links are voided ("no longer needed"), then the steps go. */
export async function removeSteps(db: DbOrTx, approvalIds: readonly number[]) {
  if (approvalIds.length === 0) return;
  await voidLinksOf(db, approvalIds);
  await db.deleteFrom('purchase_request_approvals').where('id', 'in', approvalIds).execute();
}

/** The unanswered links of these steps stop working and say the approval is no longer needed. */
export async function voidLinksOf(db: DbOrTx, approvalIds: readonly number[]) {
  if (approvalIds.length === 0) return;
  await db
    .updateTable('approval_links')
    .set({ voided_at: new Date() })
    .where('approval_id', 'in', approvalIds)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .execute();
}

/** Moves existing steps of a request to new positions. */
export async function moveSteps(db: DbOrTx, requestId: number, moves: ReadonlyArray<{ id: number; position: number }>) {
  const moving = moves.map((move) => move.id);
  if (moving.length === 0) return;
  // Out of the way first: (purchase_request_id, position) is unique at every row, not only at commit.
  await db
    .updateTable('purchase_request_approvals')
    .set({ position: sql`-1 - position` })
    .where('purchase_request_id', '=', requestId)
    .where('id', 'in', moving)
    .execute();
  for (const move of moves)
    await db
      .updateTable('purchase_request_approvals')
      .set({ position: move.position })
      .where('id', '=', move.id)
      .execute();
}

/** New steps at the given positions. */
export async function insertStepsAt(
  db: DbOrTx,
  orgId: number,
  requestId: number,
  steps: ReadonlyArray<{ approverId: number; position: number }>,
): Promise<ApprovalRow[]> {
  if (steps.length === 0) return [];
  return db
    .insertInto('purchase_request_approvals')
    .values(
      steps.map((step) => ({
        org_id: orgId,
        purchase_request_id: requestId,
        approver_id: step.approverId,
        position: step.position,
      })),
    )
    .returningAll()
    .execute();
}

/** A team's requests still pending in full, locked in id order. */
export async function lockPendingRequestsOfTeam(db: DbOrTx, orgId: number, teamId: number): Promise<RequestRow[]> {
  return db
    .selectFrom('purchase_requests')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('team_id', '=', teamId)
    .where('approved_path', '=', 'pending')
    .where('approved_accounting', '=', 'pending')
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function approvalsOf(db: DbOrTx, requestIds: readonly number[]): Promise<Map<number, ApprovalRow[]>> {
  const approvals = new Map<number, ApprovalRow[]>();
  if (requestIds.length === 0) return approvals;
  const rows = await db
    .selectFrom('purchase_request_approvals')
    .selectAll()
    .where('purchase_request_id', 'in', requestIds)
    .orderBy('position')
    .execute();
  for (const row of rows)
    approvals.set(row.purchase_request_id, [...(approvals.get(row.purchase_request_id) ?? []), row]);
  return approvals;
}

export async function updateApproval(
  db: DbOrTx,
  id: number,
  values: { approved: 'approved' | 'rejected'; notes: string | null },
) {
  await db
    .updateTable('purchase_request_approvals')
    .set({ ...values, decided_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export interface RequestFilters {
  userId?: number;
  /** Requests whose current step is this user's. */
  pendingApprovalBy?: number;
  /** The pendingApprovalBy user is an admin: requests of teams with an empty path wait for them too. */
  pendingApproverIsAdmin?: boolean;
  pending?: boolean;
  approved?: boolean;
  /** A member sees the requests they made and those they are an approver of. */
  visibleTo?: number;
  ids?: readonly number[];
  /** Only one-time requests (the My Request list leaves recurring ones to their own tab). */
  oneTimeOnly?: boolean;
}

function currentStepOf(approverId: number, isAdmin: boolean) {
  // The first undecided step, in path order, is this approver's, while the request is pending in full. A request
  // without an undecided step (its team's path was empty, or everyone left on it has been taken off) waits for the
  // admins, except the one who filed it.
  const adminTurn = isAdmin
    ? sql`OR (NOT EXISTS (SELECT 1 FROM purchase_request_approvals c WHERE c.purchase_request_id = purchase_requests.id AND c.approved = 'pending') AND purchase_requests.user_id <> ${approverId})`
    : sql``;
  return sql<boolean>`(EXISTS (
    SELECT 1 FROM purchase_request_approvals a
    WHERE a.purchase_request_id = purchase_requests.id AND a.approved = 'pending' AND a.approver_id = ${approverId}
      AND NOT EXISTS (SELECT 1 FROM purchase_request_approvals b WHERE b.purchase_request_id = a.purchase_request_id AND b.approved = 'pending' AND b.position < a.position)
  ) ${adminTurn}) AND purchase_requests.approved_path = 'pending' AND purchase_requests.approved_accounting = 'pending'`;
}

export async function listRequests(
  db: DbOrTx,
  orgId: number,
  filters: RequestFilters,
  sort: SortTerm<RequestSort>[],
  page: { number: number; size: number },
  /** Columns the answer reads beside each row (other modules' briefs), named as they come back. */
  columns: Readonly<Record<string, RawBuilder<unknown>>> = {},
) {
  let base = db.selectFrom('purchase_requests').where('purchase_requests.org_id', '=', orgId);
  if (filters.userId !== undefined) base = base.where('purchase_requests.user_id', '=', filters.userId);
  if (filters.ids) base = base.where('purchase_requests.id', 'in', filters.ids.length ? filters.ids : [0]);
  if (filters.oneTimeOnly) base = base.where('purchase_requests.interval', 'is', null);
  if (filters.pendingApprovalBy !== undefined)
    base = base.where(currentStepOf(filters.pendingApprovalBy, filters.pendingApproverIsAdmin ?? false));
  if (filters.pending) base = base.where('approved_path', '=', 'pending').where('approved_accounting', '=', 'pending');
  if (filters.approved) {
    base = base
      .where((eb) => eb.or([eb('approved_path', '=', 'approved'), eb('approved_accounting', '=', 'approved')]))
      .where('approved_path', '!=', 'rejected')
      .where('approved_accounting', '!=', 'rejected');
  }
  if (filters.visibleTo !== undefined) {
    const viewer = filters.visibleTo;
    base = base.where((eb) =>
      eb.or([
        eb('purchase_requests.user_id', '=', viewer),
        eb.exists(
          eb
            .selectFrom('purchase_request_approvals')
            .select(sql`1`.as('one'))
            .whereRef('purchase_request_approvals.purchase_request_id', '=', 'purchase_requests.id')
            .where('purchase_request_approvals.approver_id', '=', viewer),
        ),
      ]),
    );
  }
  const count = base.select((eb) => eb.fn.countAll<number>().as('total'));
  let query = base
    .selectAll('purchase_requests')
    .select(Object.entries(columns).map(([name, column]) => column.as(name))) as unknown as ReturnType<
    typeof base.selectAll<'purchase_requests'>
  >;
  for (const term of sort) {
    query =
      term.column === 'transferred'
        ? query.orderBy(sql`transferred ${sql.raw(term.direction)} NULLS LAST`)
        : query.orderBy(`purchase_requests.${term.column}`, term.direction);
  }
  return pageWithTotal(
    db,
    count,
    query.orderBy('purchase_requests.id', 'desc').$call((query) => onPage(query, page)),
  );
}

export async function insertLinks(
  db: DbOrTx,
  links: ReadonlyArray<{
    org_id: number;
    approval_id: number;
    purchase_request_id: number;
    action: 'approved' | 'rejected';
    token_hash: string;
    expires_at: Date;
  }>,
) {
  if (links.length)
    await db
      .insertInto('approval_links')
      .values([...links])
      .execute();
}

export function lockLinkByToken(db: DbOrTx, tokenHash: string) {
  return db.selectFrom('approval_links').selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst();
}

/** An answered step's links all stop working (approve and reject alike). */
export async function useLinksOf(db: DbOrTx, approvalId: number) {
  await db
    .updateTable('approval_links')
    .set({ used_at: new Date() })
    .where('approval_id', '=', approvalId)
    .where('used_at', 'is', null)
    .execute();
}

/** Sum of amounts funded by approved requests, per team (the teams list's approved amount). */
/** A column of one team's funded requests' total (0 when none), for the teams list's own statement. */
export function approvedAmountColumn(orgId: Expression<number>, teamId: Expression<number>): RawBuilder<string> {
  return sql<string>`(select coalesce(sum(pr.amount), 0) from purchase_requests pr
    where pr.org_id = ${orgId} and pr.team_id = ${teamId} and pr.transferred is not null)`;
}

export async function approvedAmountsByTeam(
  db: DbOrTx,
  orgId: number,
  teamIds: readonly number[],
): Promise<Map<number, number>> {
  const totals = new Map<number, number>();
  if (teamIds.length === 0) return totals;
  const rows = await db
    .selectFrom('purchase_requests')
    .select(['team_id', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('org_id', '=', orgId)
    .where('team_id', 'in', teamIds)
    .where('transferred', 'is not', null)
    .groupBy('team_id')
    .execute();
  for (const row of rows) totals.set(row.team_id, Number(row.total));
  return totals;
}

export function findApproval(db: DbOrTx, id: number) {
  return db.selectFrom('purchase_request_approvals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Approved (transferred) request amounts per UTC day. */
export async function dailyTransferred(
  db: DbOrTx,
  orgId: number,
  range: { from: string; to: string },
  userId?: number,
) {
  const { rows } = await sql<{ day: string; amount: number }>`
    SELECT to_char((transferred AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount FROM purchase_requests
    WHERE org_id = ${orgId} AND transferred IS NOT NULL AND transferred >= ${range.from}::date AND transferred < (${range.to}::date + 1)
      ${userId !== undefined ? sql`AND user_id = ${userId}` : sql``}
    GROUP BY 1 ORDER BY 1`.execute(db);
  return rows;
}
