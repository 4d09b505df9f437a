import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  idSchema,
  isCalendarDay,
  type AuditAction,
  type AuditEntryResource,
  type AuditSubjectType,
} from '@wallet/contract';
import { orgOf } from '../../http/context.js';
import { requireAdmin } from '../../http/guards.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { listAuditEntries, type AuditEntry } from './service.js';

const listSpec = {
  filters: {
    actor_id: idSchema,
    action: z.string().transform((raw, context): AuditAction[] => {
      const asked = [
        ...new Set(
          raw
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean),
        ),
      ];
      const unknown = asked.filter((action) => !(AUDIT_ACTIONS as string[]).includes(action));
      if (asked.length === 0 || unknown.length) {
        context.addIssue({ code: 'custom', message: `Unknown action: ${unknown.join(', ') || '(empty)'}.` });
        return z.NEVER;
      }
      return asked as AuditAction[];
    }),
    between: z.string().transform((raw, context) => {
      const [from = '', to = '', ...rest] = raw.split(',').map((part) => part.trim());
      if (rest.length || !isCalendarDay(from) || !isCalendarDay(to)) {
        context.addIssue({ code: 'custom', message: 'Use {from},{to} with real dates as YYYY-MM-DD.' });
        return z.NEVER;
      }
      if (from > to) {
        context.addIssue({ code: 'custom', message: 'The start date must be on or before the end date.' });
        return z.NEVER;
      }
      return { from, to };
    }),
  },
  sorts: ['created_at'] as const,
  includes: ['actor'] as const,
  defaultSort: '-created_at',
};

function present(entry: AuditEntry, withActor: boolean): AuditEntryResource {
  return {
    id: entry.id,
    action: entry.action as AuditAction,
    actor_kind: entry.actor_kind,
    actor_user_id: entry.actor_user_id,
    ...(withActor && {
      actor:
        entry.actor_user_id !== null && entry.actorName !== null
          ? { id: entry.actor_user_id, name: entry.actorName }
          : null,
    }),
    subject_type: entry.subject_type as AuditSubjectType,
    subject_id: entry.subject_id,
    subject_label: entry.subject_label,
    details: entry.details,
    ip: entry.ip,
    user_agent: entry.user_agent,
    created_at: entry.created_at.toISOString(),
  };
}

export async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;

  /** Account Settings -> Audit Log (admins): filter by actor, action and day range; newest first. */
  app.get('/api/audit-log', { onRequest: requireAdmin, schema: { querystring: listQuerystring } }, async (request) => {
    const org = orgOf(request);
    const query = parseListQuery(request.query, listSpec);
    const { filters } = query;
    const { rows, total } = await listAuditEntries(
      db,
      org.id,
      { actorId: filters.actor_id, actions: filters.action, between: filters.between },
      query.sort,
      query.page,
    );
    return { data: rows.map((row) => present(row, query.includes.has('actor'))), meta: listMeta(total, query.page) };
  });
}
