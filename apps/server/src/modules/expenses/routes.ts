import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SIZES, idSchema } from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { requireUser } from '../../http/guards.js';
import { validationFailed } from '../../http/errors.js';
import { attachmentName, centsToDecimal, toCsv } from '../../http/csv.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { DECLINE_EXPLANATIONS, holdsByIds, listHoldsOfCard, type DeclineReason, type HoldRow } from '../authorizations/service.js';
import { getCard, type CardRow } from '../cards/service.js';
import { cardExpensesBetween, listCardExpenses, type ExpenseRow } from './service.js';

const cardParams = z.object({ id: idSchema });
/** A calendar day PostgreSQL accepts: JavaScript's Date.parse rolls 2025-02-30 over to March, so round-trip it. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD.')
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value && parsed.getUTCFullYear() >= 1970;
  }, 'Not a real date.');

type HoldView = Pick<HoldRow, 'id' | 'status' | 'amount' | 'merchant_data' | 'wallet' | 'created_at' | 'stripe_created'> & Partial<Pick<HoldRow, 'approved' | 'decline_reason' | 'requested_amount'>>;

export function presentHold(hold: HoldView) {
  const reason = (hold.decline_reason ?? null) as DeclineReason | null;
  return {
    id: hold.id,
    status: hold.status,
    amount: hold.amount,
    requested_amount: hold.requested_amount,
    approved: hold.approved,
    decline_reason: reason,
    decline_explanation: reason ? DECLINE_EXPLANATIONS[reason] : null,
    merchant_data: hold.merchant_data,
    wallet: hold.wallet,
    created_at: hold.created_at.toISOString(),
    stripe_created: hold.stripe_created,
  };
}

export function presentExpense(expense: ExpenseRow, card: Pick<CardRow, 'id' | 'last4' | 'name'>, hold?: HoldView) {
  return {
    id: expense.id,
    stripe_created: expense.stripe_created,
    amount: expense.amount,
    type: expense.type,
    merchant_data: expense.merchant_data,
    wallet: expense.wallet,
    wallet_card: { id: card.id, last4: card.last4, name: card.name },
    wallet_category_id: expense.wallet_category_id,
    team_id: expense.team_id,
    notes: expense.notes,
    ...(hold !== undefined && { issuing_authorization_hold: presentHold(hold) }),
  };
}

export async function expensesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;

  app.get('/api/cards/:id/expenses', { onRequest: requireUser, schema: { params: cardParams, querystring: listQuerystring } }, async (request) => {
    const org = orgOf(request);
    const card = await getCard(db, org.id, userOf(request), request.params.id);
    const query = parseListQuery(request.query, {
      filters: {},
      sorts: ['stripe_created', 'amount', 'type'] as const,
      includes: ['issuingAuthorizationHold'] as const,
      defaultSort: '-stripe_created',
      defaultPageSize: PAGE_SIZES.cardExpenses,
    });
    const { rows, total } = await listCardExpenses(db, org.id, card.id, query.sort, query.page);
    const holds = query.includes.has('issuingAuthorizationHold')
      ? new Map((await holdsByIds(db, org.id, rows.flatMap((row) => (row.hold_id ? [row.hold_id] : [])))).map((hold) => [hold.id, hold]))
      : undefined;
    return {
      data: rows.map((row) => presentExpense(row, card, holds && row.hold_id ? holds.get(row.hold_id) : undefined)),
      meta: listMeta(total, query.page),
    };
  });

  app.get('/api/cards/:id/issuing-authorization-holds', { onRequest: requireUser, schema: { params: cardParams, querystring: listQuerystring } }, async (request) => {
    const org = orgOf(request);
    const card = await getCard(db, org.id, userOf(request), request.params.id);
    const query = parseListQuery(request.query, {
      filters: { status: z.enum(['pending', 'closed', 'reversed', 'expired', 'declined'], { error: 'Unknown status.' }) },
      sorts: ['created_at'] as const,
      defaultSort: '-created_at',
      defaultPageSize: PAGE_SIZES.cardExpenses,
    });
    const { rows, total } = await listHoldsOfCard(db, org.id, card.id, { status: query.filters.status }, query.sort[0]?.direction ?? 'desc', query.page);
    return { data: rows.map(presentHold), meta: listMeta(total, query.page) };
  });

  app.get('/api/cards/:id/expenses/export', { onRequest: requireUser, schema: { params: cardParams, querystring: z.object({ from: day, to: day }) } }, async (request, reply) => {
    const org = orgOf(request);
    const { from, to } = request.query;
    if (from > to) throw validationFailed({ to: ['The end date must be on or after the start date.'] });
    const card = await getCard(db, org.id, userOf(request), request.params.id);
    const rows = await cardExpensesBetween(db, org.id, card.id, from, to);
    const csv = toCsv(
      ['Posted Date', 'Amount', 'Type', 'Merchant', 'Category', 'City', 'State', 'Country', 'Digital Wallet', 'Card'],
      rows.map((row) => [
        new Date(row.stripe_created * 1000).toISOString().slice(0, 10),
        centsToDecimal(row.amount),
        row.type,
        row.merchant_data.name ?? '',
        row.merchant_data.category ?? '',
        row.merchant_data.city ?? '',
        row.merchant_data.state ?? '',
        row.merchant_data.country ?? '',
        row.wallet ?? '',
        `•••• ${card.last4}`,
      ]),
    );
    const fileName = attachmentName(`${card.name}-transactions-${from}-to-${to}.csv`);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv);
  });
}
