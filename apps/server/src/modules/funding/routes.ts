import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CARD_MESSAGES,
  PAGE_SIZES,
  balanceItemSchema,
  csvResponse,
  dashboardKpiItemSchema,
  statementItemSchema,
  topupChangedSchema,
  topupSchema,
  topupsPageSchema,
} from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { requireAdmin } from '../../http/guards.js';
import { attachmentName } from '../../http/csv.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { idempotencyKeyOf } from '../ledger/service.js';
import { auditByOf } from '../../http/audit-by.js';
import { presentStatementCsv, presentTopup } from './presenter.js';
import { addFunds, dashboardKpi, fundsAvailable, listTopups, statementExportRows, statementMonths } from './service.js';

/** ?month=YYYY-MM: the statement of that month only (UTC, as the statement screen groups it). */
const statementExportQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month must be written YYYY-MM.')
    .optional(),
});

export async function fundingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = fastify.deps;
  const { db } = deps;

  app.post(
    '/api/topups',
    { onRequest: requireAdmin, schema: { body: topupSchema, response: { 201: topupChangedSchema } } },
    async (request, reply) => {
      const org = orgOf(request);
      const topup = await addFunds(
        deps,
        org.id,
        userOf(request).id,
        request.body,
        idempotencyKeyOf(request.headers['idempotency-key']),
        auditByOf(request),
      );
      return reply.code(201).send({ data: presentTopup(topup), message: CARD_MESSAGES.fundsAdded });
    },
  );

  app.get(
    '/api/topups',
    { onRequest: requireAdmin, schema: { querystring: listQuerystring, response: { 200: topupsPageSchema } } },
    async (request) => {
      const org = orgOf(request);
      const query = parseListQuery(request.query, {
        filters: {},
        sorts: ['created_at'] as const,
        defaultSort: '-created_at',
        defaultPageSize: PAGE_SIZES.table,
      });
      const { rows, total } = await listTopups(db, org.id, query.page);
      return { data: rows.map(presentTopup), meta: listMeta(total, query.page) };
    },
  );

  app.get(
    '/api/balance',
    { onRequest: requireAdmin, schema: { response: { 200: balanceItemSchema } } },
    async (request) => ({
      data: { available: await fundsAvailable(db, orgOf(request).id) },
    }),
  );

  app.get(
    '/api/dashboard/kpi',
    { onRequest: requireAdmin, schema: { response: { 200: dashboardKpiItemSchema } } },
    async (request) => ({
      data: await dashboardKpi(db, orgOf(request).id),
    }),
  );

  app.get(
    '/api/statements',
    { onRequest: requireAdmin, schema: { response: { 200: statementItemSchema } } },
    async (request) => {
      const org = orgOf(request);
      return { data: await statementMonths(db, org.id) };
    },
  );

  app.get(
    '/api/statements/export',
    {
      onRequest: requireAdmin,
      schema: { querystring: statementExportQuery, response: { 200: csvResponse('The statement lines as CSV') } },
    },
    async (request, reply) => {
      const org = orgOf(request);
      const { month } = request.query;
      const rows = await statementExportRows(db, org.id, month);
      const csv = presentStatementCsv(rows);
      const fileName = attachmentName(`${org.name}-statement-${month ?? new Date().toISOString().slice(0, 10)}.csv`);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );
}
