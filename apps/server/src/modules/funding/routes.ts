import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CARD_MESSAGES, PAGE_SIZES, centsToDecimal, topupSchema, type TopupResource } from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { requireAdmin } from '../../http/guards.js';
import { attachmentName, toCsv } from '../../http/csv.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { idempotencyKeyOf } from '../cards/routes.js';
import { assignedOut } from '../cards/service.js';
import { unallocatedFunds } from '../ledger/service.js';
import { netSpendSince } from '../expenses/service.js';
import { auditByOf } from '../audit/request.js';
import { addFunds, listTopups, statementExportRows, statementMonths, type TopupRow } from './service.js';

function presentTopup(topup: TopupRow): TopupResource {
  return {
    id: topup.id,
    amount: topup.amount,
    description: topup.description,
    status: topup.status,
    created_at: topup.created_at.toISOString(),
    settled_at: topup.settled_at?.toISOString() ?? null,
    failure_message: topup.failure_message,
    reversed_at: topup.reversed_at?.toISOString() ?? null,
  };
}

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

  app.post('/api/topups', { onRequest: requireAdmin, schema: { body: topupSchema } }, async (request, reply) => {
    const org = orgOf(request);
    const topup = await addFunds(
      deps,
      org.id,
      userOf(request).id,
      request.body,
      idempotencyKeyOf(request),
      auditByOf(request),
    );
    return reply.code(201).send({ data: presentTopup(topup), message: CARD_MESSAGES.fundsAdded });
  });

  app.get('/api/topups', { onRequest: requireAdmin, schema: { querystring: listQuerystring } }, async (request) => {
    const org = orgOf(request);
    const query = parseListQuery(request.query, {
      filters: {},
      sorts: ['created_at'] as const,
      defaultSort: '-created_at',
      defaultPageSize: PAGE_SIZES.table,
    });
    const { rows, total } = await listTopups(db, org.id, query.page);
    return { data: rows.map(presentTopup), meta: listMeta(total, query.page) };
  });

  app.get('/api/balance', { onRequest: requireAdmin }, async (request) => ({
    data: { available: await unallocatedFunds(db, orgOf(request).id) },
  }));

  app.get('/api/dashboard/kpi', { onRequest: requireAdmin }, async (request) => {
    const org = orgOf(request);
    // By when the purchase happened (the issuer's timestamp), not when we recorded it.
    const since = Math.floor(Date.now() / 1000) - 30 * 24 * 60 * 60;
    const [available, spent, assigned] = await Promise.all([
      unallocatedFunds(db, org.id),
      netSpendSince(db, org.id, since),
      assignedOut(db, org.id),
    ]);
    return { data: { issuing_available: available, last_30_spend: spent, assigned_out: assigned } };
  });

  app.get('/api/statements', { onRequest: requireAdmin }, async (request) => {
    const org = orgOf(request);
    return { data: await statementMonths(db, org.id) };
  });

  app.get(
    '/api/statements/export',
    { onRequest: requireAdmin, schema: { querystring: statementExportQuery } },
    async (request, reply) => {
      const org = orgOf(request);
      const { month } = request.query;
      const rows = await statementExportRows(db, org.id, month);
      const csv = toCsv(
        ['Date', 'Type', 'Description', 'Card', 'Amount', 'Balance'],
        rows.map((row) => [
          row.date,
          row.type,
          row.description,
          row.card,
          centsToDecimal(row.amount),
          centsToDecimal(row.balance),
        ]),
      );
      const fileName = attachmentName(`${org.name}-statement-${month ?? new Date().toISOString().slice(0, 10)}.csv`);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );
}
