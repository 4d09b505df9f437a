import { MONTH_CLOSE_TEXTS, monthLabel } from '@wallet/contract';
import type { RawBuilder } from 'kysely';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import { conflict, forbidden, notFound, validationFailed } from '../../http/errors.js';
import { recordAudit, type AuditBy } from '../audit/service.js';
import { mayReopenMonths } from './policy.js';
import * as repo from './repo.js';

/**
 * Month close (issue 21.6): an admin closes a month that has ended; a super-admin reopens it. A transaction posted in
 * a closed month (UTC) is locked: the modules that edit transactions call assertMonthsOpen in the edit's own
 * transaction.
 */

export type MonthCloseRow = repo.MonthCloseRow;

interface Actor {
  id: number;
  roles: readonly string[];
}

/** The UTC month an instant falls in, YYYY-MM. */
const monthOf = (instant: Date) => instant.toISOString().slice(0, 7);

export function listMonthCloses(
  db: DbOrTx,
  orgId: number,
  direction: 'asc' | 'desc',
  page: { number: number; size: number },
) {
  return repo.listMonthCloses(db, orgId, direction, page);
}

/** The organisation's closed months (YYYY-MM), to mark listed transactions locked. */
export async function closedMonthsOf(db: DbOrTx, orgId: number): Promise<ReadonlySet<string>> {
  return new Set(await repo.closedMonths(db, orgId));
}

/**
 * SQL for another module's statement: whether the transaction posted at `postedUnix` (a unix-second column) falls in
 * a month the organisation has closed.
 */
export function postedInClosedMonth(orgId: number, postedUnix: RawBuilder<number>): RawBuilder<boolean> {
  return repo.postedInClosedMonthSql(orgId, postedUnix);
}

/** Closes a month that has ended (422 on `month` otherwise; 409 when it is closed already), audited. */
export async function closeMonth(
  db: Db,
  orgId: number,
  by: AuditBy,
  month: string,
  now = new Date(),
): Promise<MonthCloseRow> {
  if (month >= monthOf(now)) throw validationFailed({ month: [MONTH_CLOSE_TEXTS.notEnded(month)] });
  return db.transaction().execute(async (tx) => {
    // Waits for edits of the month under way; edits after it see the row (repo.lockMonths).
    await repo.lockMonths(tx, orgId, [month], 'exclusive');
    const closed = await repo.insertMonthClose(tx, orgId, month, by.actorId);
    if (!closed) throw conflict(MONTH_CLOSE_TEXTS.alreadyClosed(month));
    await recordAudit(tx, {
      orgId,
      by,
      action: 'month.closed',
      subject: { type: 'month', id: null, label: monthLabel(month) },
      details: { month },
    });
    return closed;
  });
}

/** Reopens a closed month: 404 when it is not closed, else 403 for anyone but a super-admin; audited. */
export async function reopenMonth(db: Db, orgId: number, actor: Actor, by: AuditBy, month: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await repo.lockMonths(tx, orgId, [month], 'exclusive');
    const [closed] = await repo.closedAmong(tx, orgId, [month]);
    if (!closed) throw notFound(MONTH_CLOSE_TEXTS.notClosed(month));
    if (!mayReopenMonths(actor)) throw forbidden(MONTH_CLOSE_TEXTS.superAdminOnly);
    const reopened = await repo.deleteMonthClose(tx, orgId, month);
    await recordAudit(tx, {
      orgId,
      by,
      action: 'month.reopened',
      subject: { type: 'month', id: null, label: monthLabel(month) },
      details: { month, closed_at: reopened?.closed_at.toISOString(), closed_by: reopened?.closed_by ?? null },
    });
  });
}

/**
 * In the transaction of an edit of transactions posted in these months (YYYY-MM): 409 when one is closed. Holds the
 * months' shared lock to the edit's commit, so a close cannot slip in between this check and the commit.
 */
export async function assertMonthsOpen(tx: Tx, orgId: number, months: readonly string[]): Promise<void> {
  await repo.lockMonths(tx, orgId, months, 'shared');
  const [closed] = await repo.closedAmong(tx, orgId, months);
  if (closed) throw conflict(MONTH_CLOSE_TEXTS.locked(closed));
}

/** Like assertMonthsOpen for one month, answering instead of refusing (work the system does on its own). */
export async function monthIsOpen(tx: Tx, orgId: number, month: string): Promise<boolean> {
  await repo.lockMonths(tx, orgId, [month], 'shared');
  return (await repo.closedAmong(tx, orgId, [month])).length === 0;
}

/** Every month the organisation has closed, as one text[] column of another module's statement. */
export function closedMonthsColumn(orgId: number) {
  return repo.closedMonthsColumn(orgId);
}
