import type { AuditAction, AuditEntryResource, AuditSubjectType } from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import type { AuditRow } from './service.js';

/**
 * People's current names by id. Given by app.ts (the users module's namesOfUsers): users record audit entries, so
 * audit never imports users, and the two modules depend one way only.
 */
export type ActorNames = (db: DbOrTx, orgId: number, ids: readonly number[]) => Promise<Map<number, string>>;

/** Audit entries as GET /api/audit-log answers them; with `withActor`, each with its actor's current name. */
export async function presentAuditEntries(
  db: DbOrTx,
  orgId: number,
  rows: AuditRow[],
  withActor: boolean,
  actorNames: ActorNames,
): Promise<AuditEntryResource[]> {
  const actorIds = withActor
    ? [...new Set(rows.flatMap((row) => (row.actor_user_id === null ? [] : [row.actor_user_id])))]
    : [];
  const names = await actorNames(db, orgId, actorIds);
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
