import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAGE_SIZES,
  approvalDecisionSchema,
  emptyResponse,
  errorResponses,
  idSchema,
  newRequestSchema,
  purchaseRequestItemSchema,
  purchaseRequestsPageSchema,
} from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { requireAdmin, requireUser } from '../../http/guards.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { fastResponseSerializer } from '../../http/response-schema.js';
import { organizationOriginOf } from '../../http/public-url.js';
import { auditClientOf } from '../../http/audit-by.js';
import { answerByLink } from './links.js';
import { assertFilesOwnRequest } from './policy.js';
import { presentRequests, requestIncludeColumns } from './presenter.js';
import {
  assertCanListRequestsOf,
  createRequest,
  decideStep,
  deleteRequest,
  editRequest,
  forceDecision,
  getVisibleRequest,
  listVisibleRequests,
} from './service.js';

const flag = z
  .enum(['1', 'true', '0', 'false'], { error: "Use '1' or 'true'." })
  .transform((value) => value === '1' || value === 'true');

export const requestListSpec = {
  filters: {
    pending_approval_by: idSchema,
    pending: flag,
    approved: flag,
    recurring: flag,
  },
  sorts: ['submitted', 'transferred', 'amount', 'id'] as const,
  includes: [
    'user',
    'card',
    'team',
    'walletCategory',
    'recurringPurchaseRequest',
    'approvals',
    'approvals.approver',
  ] as const,
  defaultSort: '-submitted',
  defaultPageSize: PAGE_SIZES.purchaseRequests,
};

const requestParams = z.object({ id: idSchema });
const approvalParams = z.object({ id: idSchema, approvalId: idSchema });

export async function purchaseRequestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Lists are the hot reads: written by fast-json-stringify (ISSUE 19.9).
  const listSerializer = fastResponseSerializer(fastify.deps.config.NODE_ENV !== 'production');
  const deps = fastify.deps;
  const { db } = deps;
  const contextOf = (request: FastifyRequest) => ({
    organization: orgOf(request),
    origin: organizationOriginOf(request),
    client: auditClientOf(request),
  });

  async function list(request: FastifyRequest, rawQuery: Record<string, unknown>, ownerId?: number) {
    const org = orgOf(request);
    const query = parseListQuery(rawQuery, requestListSpec);
    const { filters } = query;
    const { rows, total } = await listVisibleRequests(
      db,
      org.id,
      userOf(request),
      {
        pending: filters.pending,
        approved: filters.approved,
        recurring: filters.recurring,
        pendingApprovalBy: filters.pending_approval_by,
        ownerId,
      },
      query.sort,
      query.page,
      requestIncludeColumns(query.includes),
    );
    return { data: await presentRequests(db, org.id, rows, query.includes), meta: listMeta(total, query.page) };
  }

  app.get(
    '/api/purchase-requests',
    {
      onRequest: requireUser,
      serializerCompiler: listSerializer,
      schema: { querystring: listQuerystring, response: { 200: purchaseRequestsPageSchema } },
    },
    (request) => list(request, request.query),
  );

  app.get(
    '/api/users/:id/purchase-requests',
    {
      onRequest: requireUser,
      serializerCompiler: listSerializer,
      schema: { params: requestParams, querystring: listQuerystring, response: { 200: purchaseRequestsPageSchema } },
    },
    async (request) => {
      await assertCanListRequestsOf(db, orgOf(request).id, userOf(request), request.params.id);
      return list(request, request.query, request.params.id);
    },
  );

  app.get(
    '/api/purchase-requests/:id',
    {
      onRequest: requireUser,
      schema: { params: requestParams, querystring: listQuerystring, response: { 200: purchaseRequestItemSchema } },
    },
    async (request) => {
      const org = orgOf(request);
      const query = parseListQuery(request.query, { ...requestListSpec, filters: {} });
      const row = await getVisibleRequest(db, org.id, userOf(request), request.params.id);
      const [data] = await presentRequests(db, org.id, [row], query.includes);
      return { data: data! };
    },
  );

  app.post(
    '/api/users/:id/purchase-requests',
    {
      onRequest: requireUser,
      schema: {
        params: requestParams,
        body: newRequestSchema,
        response: { 201: purchaseRequestItemSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      const actor = userOf(request);
      assertFilesOwnRequest(actor, request.params.id);
      const created = await createRequest(deps, contextOf(request), actor.id, request.body);
      const [data] = await presentRequests(
        db,
        created.org_id,
        [created],
        new Set(['user', 'card', 'team', 'walletCategory', 'approvals']),
      );
      return reply.code(201).send({ data: data! });
    },
  );

  app.put(
    '/api/purchase-requests/:id',
    {
      onRequest: requireUser,
      schema: {
        params: requestParams,
        body: newRequestSchema,
        response: { 200: purchaseRequestItemSchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      const updated = await editRequest(deps, contextOf(request), userOf(request), request.params.id, request.body);
      const [data] = await presentRequests(
        db,
        updated.org_id,
        [updated],
        new Set(['user', 'card', 'team', 'walletCategory', 'approvals']),
      );
      return { data: data! };
    },
  );

  app.put(
    '/api/purchase-requests/:id/approvals/:approvalId',
    {
      onRequest: requireUser,
      schema: {
        params: approvalParams,
        body: approvalDecisionSchema,
        response: { 200: purchaseRequestItemSchema, ...errorResponses(403, 409) },
      },
    },
    async (request) => {
      const updated = await decideStep(deps, contextOf(request), userOf(request), {
        requestId: request.params.id,
        approvalId: request.params.approvalId,
        status: request.body.status,
        notes: request.body.notes,
      });
      const [data] = await presentRequests(
        db,
        updated.org_id,
        [updated],
        new Set(['user', 'approvals', 'approvals.approver']),
      );
      return { data: data! };
    },
  );

  app.put(
    '/api/purchase-requests/:id/finance-approval',
    {
      onRequest: requireAdmin,
      schema: {
        params: requestParams,
        body: approvalDecisionSchema,
        response: { 200: purchaseRequestItemSchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      const updated = await forceDecision(
        deps,
        contextOf(request),
        userOf(request),
        request.params.id,
        request.body.status,
        request.body.notes,
      );
      const [data] = await presentRequests(
        db,
        updated.org_id,
        [updated],
        new Set(['user', 'approvals', 'approvals.approver']),
      );
      return { data: data! };
    },
  );

  app.delete(
    '/api/purchase-requests/:id',
    {
      onRequest: requireUser,
      schema: {
        params: requestParams,
        response: { 204: emptyResponse('The request is cancelled'), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await deleteRequest(db, orgOf(request).id, userOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  /** One-click approve or reject from the mail: no session needed, the single-use link is the credential. */
  app.get(
    '/api/approval-links/:token',
    {
      schema: {
        params: z.object({ token: z.string().min(20).max(100) }),
        response: { 302: emptyResponse('To the page saying what the link did (approved, rejected, expired...)') },
      },
    },
    async (request, reply) => {
      const target = await answerByLink(
        deps,
        orgOf(request),
        organizationOriginOf(request),
        request.params.token,
        auditClientOf(request),
      );
      return reply.header('cache-control', 'no-store').redirect(target);
    },
  );
}
