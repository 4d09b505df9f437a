import type { DbOrTx, Tx } from '../../db/database.js';
import type { SortTerm } from '../../http/list-query.js';
import { onPage } from '../../db/paging.js';

export interface AuditRow {
  id: number;
  org_id: number;
  actor_user_id: number | null;
  actor_kind: 'user' | 'system';
  action: string;
  subject_type: string;
  subject_id: number | null;
  subject_label: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
}

export interface AuditInsert {
  org_id: number;
  actor_user_id: number | null;
  actor_kind: 'user' | 'system';
  action: string;
  subject_type: string;
  subject_id: number | null;
  subject_label: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  user_agent: string | null;
}

export interface AuditFilters {
  actorId?: number;
  actions?: string[];
  /** UTC days, both included. */
  between?: { from: string; to: string };
}

/** Always inside the transaction of the change it records. */
export async function insertAudit(tx: Tx, values: AuditInsert): Promise<void> {
  await tx
    .insertInto('audit_log')
    .values({ ...values, details: JSON.stringify(values.details) })
    .execute();
}

export async function listAudit(
  db: DbOrTx,
  orgId: number,
  filters: AuditFilters,
  sort: SortTerm<'created_at'>[],
  page: { number: number; size: number },
) {
  let base = db.selectFrom('audit_log').where('org_id', '=', orgId);
  if (filters.actorId !== undefined) base = base.where('actor_user_id', '=', filters.actorId);
  if (filters.actions?.length) base = base.where('action', 'in', filters.actions);
  if (filters.between) {
    const { from, to } = filters.between;
    base = base
      .where('created_at', '>=', new Date(`${from}T00:00:00Z`))
      .where('created_at', '<', new Date(new Date(`${to}T00:00:00Z`).getTime() + 24 * 60 * 60 * 1000));
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const direction = sort[0]?.direction ?? 'desc';
  const rows = await base
    .selectAll()
    .orderBy('created_at', direction)
    .orderBy('id', direction)
    .$call((query) => onPage(query, page))
    .execute();
  return { rows: rows as AuditRow[], total: Number(total) };
}
