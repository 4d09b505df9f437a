import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MONTH_CLOSE_TEXTS,
  messageSchema,
  monthCloseParamsSchema,
  monthCloseSchema,
  monthClosedSchema,
  monthClosesPageSchema,
} from '@wallet/contract';
import { auditByOf } from '../../http/audit-by.js';
import { orgOf, userOf } from '../../http/context.js';
import { requireAdmin } from '../../http/guards.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { namesOfUsers } from '../users/service.js';
import { presentMonthClose } from './presenter.js';
import { closeMonth, listMonthCloses, reopenMonth } from './service.js';

/** A year of months on a page. */
const MONTHS_PER_PAGE = 12;

/** Month close (issue 21.6): admins list and close months; a super-admin reopens one. */
export async function monthCloseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;

  app.get(
    '/api/month-closes',
    {
      onRequest: requireAdmin,
      schema: { querystring: listQuerystring, response: { 200: monthClosesPageSchema } },
    },
    async (request) => {
      const orgId = orgOf(request).id;
      const query = parseListQuery(request.query, {
        filters: {},
        sorts: ['month'] as const,
        defaultSort: '-month',
        defaultPageSize: MONTHS_PER_PAGE,
      });
      const { rows, total } = await listMonthCloses(db, orgId, query.sort[0]?.direction ?? 'desc', query.page);
      const names = await namesOfUsers(
        db,
        orgId,
        rows.flatMap((row) => (row.closed_by === null ? [] : [row.closed_by])),
      );
      return { data: rows.map((row) => presentMonthClose(row, names)), meta: listMeta(total, query.page) };
    },
  );

  app.post(
    '/api/month-closes',
    { onRequest: requireAdmin, schema: { body: monthCloseSchema, response: { 201: monthClosedSchema } } },
    async (request, reply) => {
      const orgId = orgOf(request).id;
      const { month } = request.body;
      const closed = await closeMonth(db, orgId, auditByOf(request), month);
      const names = await namesOfUsers(db, orgId, [userOf(request).id]);
      return reply.code(201).send({ data: presentMonthClose(closed, names), message: MONTH_CLOSE_TEXTS.closed(month) });
    },
  );

  app.delete(
    '/api/month-closes/:month',
    { onRequest: requireAdmin, schema: { params: monthCloseParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      const { month } = request.params;
      await reopenMonth(db, orgOf(request).id, userOf(request), auditByOf(request), month);
      return { message: MONTH_CLOSE_TEXTS.reopened(month) };
    },
  );
}
