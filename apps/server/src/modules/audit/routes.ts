import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_ACTIONS, auditPageSchema, idSchema, isCalendarDay, type AuditAction } from '@wallet/contract';
import { orgOf } from '../../http/context.js';
import { requireAdmin } from '../../http/guards.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { presentAuditEntries, type ActorNames } from './presenter.js';
import { listAuditEntries } from './service.js';

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

export async function auditRoutes(fastify: FastifyInstance, options: { actorNames: ActorNames }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;

  /** Account Settings -> Audit Log (admins): filter by actor, action and day range; newest first. */
  app.get(
    '/api/audit-log',
    { onRequest: requireAdmin, schema: { querystring: listQuerystring, response: { 200: auditPageSchema } } },
    async (request) => {
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
      return {
        data: await presentAuditEntries(db, org.id, rows, query.includes.has('actor'), options.actorNames),
        meta: listMeta(total, query.page),
      };
    },
  );
}
