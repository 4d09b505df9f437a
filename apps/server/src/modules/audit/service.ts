import type { AuditAction, AuditSubjectType } from '@wallet/contract';
import type { DbOrTx, Tx } from '../../db/database.js';
import type { SortTerm } from '../../http/list-query.js';
import * as auditRepo from './repo.js';

export type AuditFilters = auditRepo.AuditFilters;
export type AuditRow = auditRepo.AuditRow;

/** Where a request came from (recorded beside the actor). */
export interface AuditClient {
  ip: string | null;
  userAgent: string | null;
}

/** Who acts and from where; a route builds it with auditByOf(request). */
export interface AuditBy extends AuditClient {
  actorId: number;
}

/** The schedule or another part of the system acting on its own (never shown as an admin). */
export const SYSTEM = 'system' as const;

export interface AuditRecord {
  orgId: number;
  /**
   * The admin (or approver) and their client, or SYSTEM. Undefined when the work is not a person's request (the
   * demo seed, benchmarks): nothing is recorded then.
   */
  by: AuditBy | typeof SYSTEM | undefined;
  action: AuditAction;
  subject: { type: AuditSubjectType; id: number | null; label?: string | null };
  /** Amounts in cents, old and new values. Never card numbers, CVCs, passwords or tokens (such keys are dropped). */
  details?: Record<string, unknown>;
}

const SECRET_KEY = /number|cvc|cvv|password|token|secret|hash/i;

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, inner]) => [key, withoutSecrets(inner)]),
    );
  }
  return value;
}

/**
 * One audit row, written in the transaction of the change it records: a rolled-back change leaves no row and a
 * committed one always has its row.
 */
export async function recordAudit(tx: Tx, record: AuditRecord): Promise<void> {
  const { by } = record;
  if (by === undefined) return;
  const person = by === SYSTEM ? null : by;
  await auditRepo.insertAudit(tx, {
    org_id: record.orgId,
    actor_user_id: person?.actorId ?? null,
    actor_kind: person ? 'user' : 'system',
    action: record.action,
    subject_type: record.subject.type,
    subject_id: record.subject.id,
    subject_label: record.subject.label?.slice(0, 255) ?? null,
    details: withoutSecrets(record.details ?? {}) as Record<string, unknown>,
    ip: person?.ip?.slice(0, 100) ?? null,
    user_agent: person?.userAgent?.slice(0, 500) ?? null,
  });
}

/** A page of the organisation's audit log, newest first by default (the presenter adds the actors' names). */
export function listAuditEntries(
  db: DbOrTx,
  orgId: number,
  filters: AuditFilters,
  sort: SortTerm<'created_at'>[],
  page: { number: number; size: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  return auditRepo.listAudit(db, orgId, filters, sort, page);
}
