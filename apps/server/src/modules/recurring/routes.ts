import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SIZES, idSchema, isAdmin, recurringUpdateSchema, todayIso } from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { requireAdmin, requireUser } from '../../http/guards.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { presentRecurring, presentRequests } from '../purchase-requests/presenter.js';
import { findRequest, listRequests } from '../purchase-requests/queries.js';
import { getUser } from '../users/service.js';
import { auditByOf } from '../audit/request.js';
import { findRecurring, listRecurring, removeRecurring, setPaused } from './service.js';

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
    let requestIds: number[] | undefined;
    if (ownerId !== undefined) {
      const owned = await listRequests(db, org.id, { userId: ownerId }, [], { number: 1, size: 10_000 });
      requestIds = owned.rows.filter((row) => row.interval).map((row) => row.id);
    }
    const { rows, total } = await listRecurring(
      db,
      org.id,
      { requestIds, status: query.filters.status, isPaused: query.filters.is_paused },
      query.sort,
      query.page,
    );
    const requests = await Promise.all(rows.map((row) => findRequest(db, org.id, row.purchase_request_id)));
    const nested = [...query.includes]
      .filter((include) => include.startsWith('purchaseRequest.'))
      .map((include) => include.slice('purchaseRequest.'.length));
    const presented = query.includes.size
      ? await presentRequests(
          db,
          org.id,
          requests.filter((row) => row !== undefined),
          new Set(nested),
        )
      : [];
    const byId = new Map(presented.map((item) => [item.id, item]));
    return {
      data: rows.map((row, index) => ({
        ...presentRecurring(row, requests[index]?.amount ?? 0),
        ...(query.includes.size > 0 && { purchase_request: byId.get(row.purchase_request_id) ?? null }),
      })),
      meta: listMeta(total, query.page),
    };
  }

  app.get(
    '/api/recurring-purchase-requests',
    { onRequest: requireAdmin, schema: { querystring: listQuerystring } },
    (request) => list(request, request.query),
  );

  app.get(
    '/api/users/:id/recurring-purchase-requests',
    { onRequest: requireUser, schema: { params, querystring: listQuerystring } },
    async (request) => {
      // An unknown id, or another organisation's user, is a 404 for admins too (ARCHITECTURE.md D5), not an empty list.
      await getUser(db, orgOf(request).id, userOf(request), request.params.id);
      return list(request, request.query, request.params.id);
    },
  );

  app.put(
    '/api/recurring-purchase-requests/:id',
    { onRequest: requireAdmin, schema: { params, body: recurringUpdateSchema } },
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
      const purchase = await findRequest(db, org.id, row.purchase_request_id);
      return { data: presentRecurring(row, purchase?.amount ?? 0) };
    },
  );

  app.delete(
    '/api/recurring-purchase-requests/:id',
    { onRequest: requireUser, schema: { params } },
    async (request, reply) => {
      const org = orgOf(request);
      const actor = userOf(request);
      const row = await findRecurring(db, org.id, request.params.id);
      const purchase = row && (await findRequest(db, org.id, row.purchase_request_id));
      if (!row || !purchase || (!isAdmin(actor.roles) && purchase.user_id !== actor.id)) throw notFound();
      await removeRecurring(db, org.id, row.id, auditByOf(request));
      return reply.code(204).send();
    },
  );
}
