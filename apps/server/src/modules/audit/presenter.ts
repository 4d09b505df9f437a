import type { AuditAction, AuditEntryResource, AuditSubjectType } from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import { findUsersByIds, fullName } from '../users/service.js';
import type { AuditRow } from './service.js';

/**
 * Audit entries as GET /api/audit-log answers them; with `withActor`, each with its actor's current name. The
 * names are looked up here, not in the service, because users record audit entries: the service stays free of them.
 */
export async function presentAuditEntries(
  db: DbOrTx,
  orgId: number,
  rows: AuditRow[],
  withActor: boolean,
): Promise<AuditEntryResource[]> {
  const actorIds = withActor
    ? [...new Set(rows.flatMap((row) => (row.actor_user_id === null ? [] : [row.actor_user_id])))]
    : [];
  const names = new Map((await findUsersByIds(db, orgId, actorIds)).map((user) => [user.id, fullName(user)]));
  return rows.map((entry) => ({
    id: entry.id,
    action: entry.action as AuditAction,
    actor_kind: entry.actor_kind,
    actor_user_id: entry.actor_user_id,
    ...(withActor && {
      actor:
        entry.actor_user_id !== null && names.has(entry.actor_user_id)
          ? { id: entry.actor_user_id, name: names.get(entry.actor_user_id)! }
          : null,
    }),
    subject_type: entry.subject_type as AuditSubjectType,
    subject_id: entry.subject_id,
    subject_label: entry.subject_label,
    details: entry.details,
    ip: entry.ip,
    user_agent: entry.user_agent,
    created_at: entry.created_at.toISOString(),
  }));
}
