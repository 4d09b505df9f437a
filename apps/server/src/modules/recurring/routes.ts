import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAGE_SIZES,
  emptyResponse,
  idSchema,
  recurringItemSchema,
  recurringPageSchema,
  recurringUpdateSchema,
  todayIso,
} from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { requireAdmin, requireUser } from '../../http/guards.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { assertCanListRequestsOf } from '../purchase-requests/service.js';
import { auditByOf } from '../../http/audit-by.js';
import { presentOneRecurring, presentRecurringList } from './presenter.js';
import { listRecurring, removeRecurring } from './ownership.js';
import { setPaused } from './service.js';

const params = z.object({ id: idSchema });
const listSpec = {
  filters: {
    status: z.enum(['active', 'inactive']),
    is_paused: z.enum(['1', 'true', '0', 'false']).transform((value) => value === '1' || value === 'true'),
  },
  sorts: ['created_at', 'next_run', 'start_date'] as const,
  includes: ['purchaseRequest', 'purchaseRequest.user', 'purchaseRequest.card', 'purchaseRequest.team'] as const,
  defaultSort: '-created_at',
  defaultPageSize: PAGE_SIZES.purchaseRequests,
};

export async function recurringRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;

  async function list(request: FastifyRequest, rawQuery: Record<string, unknown>, ownerId?: number) {
    const org = orgOf(request);
    const query = parseListQuery(rawQuery, listSpec);
    const { rows, total } = await listRecurring(
      db,
      org.id,
      { ownerId, status: query.filters.status, isPaused: query.filters.is_paused },
      query.sort,
      query.page,
    );
    return { data: await presentRecurringList(db, org.id, rows, query.includes), meta: listMeta(total, query.page) };
  }

  app.get(
    '/api/recurring-purchase-requests',
    { onRequest: requireAdmin, schema: { querystring: listQuerystring, response: { 200: recurringPageSchema } } },
    (request) => list(request, request.query),
  );

  app.get(
    '/api/users/:id/recurring-purchase-requests',
    {
      onRequest: requireUser,
      schema: { params, querystring: listQuerystring, response: { 200: recurringPageSchema } },
    },
    async (request) => {
      await assertCanListRequestsOf(db, orgOf(request).id, userOf(request), request.params.id);
      return list(request, request.query, request.params.id);
    },
  );

  app.put(
    '/api/recurring-purchase-requests/:id',
    {
      onRequest: requireAdmin,
      schema: { params, body: recurringUpdateSchema, response: { 200: recurringItemSchema } },
    },
    async (request) => {
      const org = orgOf(request);
      const row = await setPaused(
        db,
        org.id,
        request.params.id,
        request.body.is_paused,
        todayIso(),
        auditByOf(request),
      );
      return { data: await presentOneRecurring(db, org.id, row) };
    },
  );

  app.delete(
    '/api/recurring-purchase-requests/:id',
    {
      onRequest: requireUser,
      schema: { params, response: { 204: emptyResponse('The recurring request is stopped') } },
    },
    async (request, reply) => {
      await removeRecurring(db, orgOf(request).id, userOf(request), request.params.id, auditByOf(request));
      return reply.code(204).send();
    },
  );
}
