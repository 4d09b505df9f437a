import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_STRING,
  REVIEW_TEXTS,
  expenseReviewDoneSchema,
  expenseReviewSchema,
  PAGE_SIZES,
  calendarDateSchema,
  cardHoldsPageSchema,
  csvResponse,
  expenseItemSchema,
  expensesPageSchema,
  fileResponse,
  idSchema,
} from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { receiptBriefsOf, receiptBriefsOfExpenses, receiptsOfExpensesColumn } from '../receipts/service.js';
import { requireAdmin, requireUser } from '../../http/guards.js';
import { validationFailed } from '../../http/errors.js';
import { attachmentName } from '../../http/csv.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { fastResponseSerializer } from '../../http/response-schema.js';
import { getCard } from '../cards/service.js';
import { closedMonthsOf } from '../month-close/service.js';
import { fullName } from '../users/service.js';
import {
  assertExportFits,
  cardTransactionsBetween,
  exportDaySpan,
  listCardHolds,
  listCardTransactions,
  listExpenses,
  reviewExpenses,
  updateExpenseNotes,
} from './service.js';
import { parseExpenseQuery } from './criteria.js';
import { parseExportParams } from './export.js';
import { ExportThreads, streamExport } from './export-thread.js';
import { CopyConnections } from './csv-export.js';
import { accountingExportRoutes } from './accounting-routes.js';
import { expensePolicyOf } from './expense-policy.js';
import {
  presentCardTransactionsCsv,
  presentExpense,
  presentHold,
  presentTableExpenses,
  presentTableExpensesWith,
} from './presenter.js';

const cardParams = z.object({ id: idSchema });
const expenseParams = z.object({ id: idSchema });
const notesBody = z.object({
  notes: z
    .string({ error: 'The notes must be text.' })
    .trim()
    .max(MAX_STRING, `The notes may not be greater than ${MAX_STRING} characters.`)
    .nullable()
    .transform((value) => value || null),
});
const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export async function expensesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  // Exports hold a connection for the whole download, which a transaction pooler (PgBouncer) cannot share anyway, and
  // set their session through startup options it would drop (the parallel plan of a CSV): they connect directly.
  const exportDatabaseUrl = fastify.deps.directDatabaseUrl ?? fastify.deps.databaseUrl;
  const exportThreads = new ExportThreads(exportDatabaseUrl);
  // Ready before the first large export, except in tests (a thread per test app would only cost memory and time).
  if (fastify.deps.config.NODE_ENV !== 'test') exportThreads.warm();
  const copies = new CopyConnections(exportDatabaseUrl);
  fastify.addHook('onClose', async () => {
    await Promise.all([exportThreads.close(), copies.close()]);
  });
  // Month-end accounting (issue 21.7): its CSV shares these COPY connections.
  await fastify.register(accountingExportRoutes, { copies });

  app.get(
    '/api/cards/:id/expenses',
    {
      onRequest: requireUser,
      schema: { params: cardParams, querystring: listQuerystring, response: { 200: expensesPageSchema } },
    },
    async (request) => {
      const org = orgOf(request);
      const card = await getCard(db, org.id, userOf(request), request.params.id);
      const query = parseListQuery(request.query, {
        filters: {},
        sorts: ['stripe_created', 'amount', 'type'] as const,
        includes: ['issuingAuthorizationHold'] as const,
        defaultSort: '-stripe_created',
        defaultPageSize: PAGE_SIZES.cardExpenses,
      });
      const { rows, total, holds } = await listCardTransactions(db, card, {
        sort: query.sort,
        page: query.page,
        withHolds: query.includes.has('issuingAuthorizationHold'),
      });
      const [receipts, policy, closedMonths] = await Promise.all([
        receiptBriefsOfExpenses(db, org.id, rows),
        expensePolicyOf(db, org.id),
        closedMonthsOf(db, org.id),
      ]);
      return {
        data: rows.map((row) => ({
          ...presentExpense(row, card, policy, closedMonths, holds && row.hold_id ? holds.get(row.hold_id) : undefined),
          receipt: receipts.get(row.id) ?? null,
        })),
        meta: listMeta(total, query.page),
      };
    },
  );

  app.get(
    '/api/cards/:id/issuing-authorization-holds',
    {
      onRequest: requireUser,
      schema: { params: cardParams, querystring: listQuerystring, response: { 200: cardHoldsPageSchema } },
    },
    async (request) => {
      const org = orgOf(request);
      const card = await getCard(db, org.id, userOf(request), request.params.id);
      const query = parseListQuery(request.query, {
        filters: {
          status: z.enum(['pending', 'closed', 'reversed', 'expired', 'declined'], { error: 'Unknown status.' }),
        },
        sorts: ['created_at'] as const,
        defaultSort: '-created_at',
        defaultPageSize: PAGE_SIZES.cardExpenses,
      });
      const { rows, total } = await listCardHolds(db, card, {
        status: query.filters.status,
        direction: query.sort[0]?.direction ?? 'desc',
        page: query.page,
      });
      return { data: rows.map((hold) => presentHold(hold, card)), meta: listMeta(total, query.page) };
    },
  );

  app.get(
    '/api/cards/:id/expenses/export',
    {
      onRequest: requireUser,
      schema: {
        params: cardParams,
        querystring: z.object({ from: calendarDateSchema, to: calendarDateSchema }),
        response: { 200: csvResponse("The card's transactions between the two days as CSV") },
      },
    },
    async (request, reply) => {
      const org = orgOf(request);
      const { from, to } = request.query;
      if (from > to) throw validationFailed({ to: ['The end date must be on or after the start date.'] });
      const card = await getCard(db, org.id, userOf(request), request.params.id);
      const [rows, policy] = await Promise.all([
        cardTransactionsBetween(db, card, { from, to }),
        expensePolicyOf(db, org.id),
      ]);
      const csv = presentCardTransactionsCsv(card, rows, policy);
      const fileName = attachmentName(`${card.name}-transactions-${from}-to-${to}.csv`);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );

  /** The All Transactions table (PRODUCT.md §2): the organisation's for admins, their own for members. */
  app.get(
    '/api/expenses',
    {
      onRequest: requireUser,
      // fast-json-stringify compiled from the response schema (issue 19.9): no zod encode, no JSON.stringify.
      serializerCompiler: fastResponseSerializer(fastify.deps.config.NODE_ENV !== 'production'),
      schema: { querystring: listQuerystring, response: { 200: expensesPageSchema } },
    },
    async (request) => {
      const org = orgOf(request);
      const { criteria, sort, includes, page } = await parseExpenseQuery(db, org.id, userOf(request), request.query);
      const { rows, total, complete } = await listExpenses(db, criteria, sort, page);
      // The page's receipts come in the labels' statement (one round trip for the page's names, issue 19.9).
      const { presented, alongside } = await presentTableExpensesWith(
        db,
        org.id,
        rows,
        includes,
        criteria.policy,
        receiptsOfExpensesColumn(org.id, rows),
      );
      const receipts = receiptBriefsOf(alongside);
      return {
        data: presented.map((item) => ({ ...item, receipt: receipts.get(item.id) ?? null })),
        meta: listMeta(total, page, { lowerBound: !complete }),
      };
    },
  );

  /** The same rows as a download, streamed: CSV or Excel, the columns asked for, the table's filters and sort. */
  app.get(
    '/api/expenses/export',
    {
      onRequest: requireUser,
      schema: {
        querystring: listQuerystring,
        response: { 200: fileResponse(Object.values(CONTENT_TYPES), 'The transactions, streamed as CSV or Excel') },
      },
    },
    async (request, reply) => {
      const org = orgOf(request);
      const actor = userOf(request);
      const { format, fields } = parseExportParams(request.query);
      const { criteria, sort } = await parseExpenseQuery(db, org.id, actor, request.query, [
        'export_as',
        'export_fields',
      ]);
      const [span] = await Promise.all([exportDaySpan(db, criteria), assertExportFits(db, criteria, format)]);
      const fileName = attachmentName(
        `${fullName(actor)}-transactions-${span ? `${span.from}-to-${span.to}` : 'all-time'}.${format}`,
      );
      const body = new PassThrough();
      streamExport(db, exportThreads, copies, { criteria, sort, fields, format }, body).catch((error: unknown) => {
        if (!body.destroyed) request.log.error({ err: error }, 'the transactions export failed part-way');
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  /** Review (issue 21.6): admins mark up to 200 transactions reviewed or not, flagged or not. */
  app.post(
    '/api/expenses/reviews',
    {
      onRequest: requireAdmin,
      schema: { body: expenseReviewSchema, response: { 200: expenseReviewDoneSchema } },
    },
    async (request) => {
      const org = orgOf(request);
      const { ids, action } = request.body;
      const updated = await reviewExpenses(db, org.id, userOf(request), ids, action);
      return { data: { updated }, message: REVIEW_TEXTS.done(updated) };
    },
  );

  /**
   * A transaction's notes (its memo): admins on any, its cardholder on their own (issue 21.5); '' clears them.
   */
  app.patch(
    '/api/expenses/:id',
    {
      onRequest: requireUser,
      schema: { params: expenseParams, body: notesBody, response: { 200: expenseItemSchema } },
    },
    async (request) => {
      const org = orgOf(request);
      const updated = await updateExpenseNotes(db, org.id, userOf(request), request.params.id, request.body.notes);
      const [data] = await presentTableExpenses(
        db,
        org.id,
        [updated],
        new Set(['user', 'walletCard', 'walletCategory', 'team'] as const),
        await expensePolicyOf(db, org.id),
      );
      return { data: data! };
    },
  );
}
