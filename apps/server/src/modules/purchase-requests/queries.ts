import type { Expression, RawBuilder } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { SortTerm } from '../../http/list-query.js';
import * as requestsRepo from './repo.js';

/**
 * The reads other modules make of purchase requests, through service.ts: the recurring module reads the request it
 * funds, teams their approved amounts, analytics the daily transfers.
 */

export type RequestRow = requestsRepo.RequestRow;

/** Each request's approval steps in path order (the demo seed decides them). */
export function approvalStepsOf(db: DbOrTx, requestIds: readonly number[]) {
  return requestsRepo.approvalsOf(db, requestIds);
}

export function findRequest(db: DbOrTx, orgId: number, id: number): Promise<RequestRow | undefined> {
  return requestsRepo.findRequest(db, orgId, id);
}

export function listRequests(
  db: DbOrTx,
  orgId: number,
  filters: requestsRepo.RequestFilters,
  sort: SortTerm<requestsRepo.RequestSort>[],
  page: { number: number; size: number },
  columns: Readonly<Record<string, RawBuilder<unknown>>> = {},
): Promise<{ rows: RequestRow[]; total: number }> {
  return requestsRepo.listRequests(db, orgId, filters, sort, page, columns);
}

/** Sum of amounts funded by approved requests, per team (the teams list's approved amount). */
export function approvedAmountsByTeam(db: DbOrTx, orgId: number, teamIds: readonly number[]) {
  return requestsRepo.approvedAmountsByTeam(db, orgId, teamIds);
}

/**
 * A column of a team's approved amount (what its requests funded; numeric, 0 when none) for the teams list's own
 * statement (ISSUE 19.9).
 */
export function approvedAmountColumn(orgId: Expression<number>, teamId: Expression<number>) {
  return requestsRepo.approvedAmountColumn(orgId, teamId);
}

/** Approved (transferred) request amounts per UTC day, of one person when userId is given. */
export function dailyTransferred(db: DbOrTx, orgId: number, range: { from: string; to: string }, userId?: number) {
  return requestsRepo.dailyTransferred(db, orgId, range, userId);
}
