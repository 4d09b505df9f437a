import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsAnswerSchema, idSchema } from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { requireAdmin, requireUser } from '../../http/guards.js';
import { parseAnalyticsQuery } from './query.js';
import {
  assertCanReadFiguresOf,
  organizationAnalytics,
  userAnalytics,
  type OrgSeries,
  type UserSeries,
} from './service.js';

const userParams = z.object({ id: idSchema });

export async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  const query = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

  const orgRoute = (
    path: string,
    tops: Array<'top_five_spender' | 'top_five_card_balances' | 'top_five_categories' | 'top_five_teams'>,
    series: OrgSeries,
  ) =>
    app.get(
      path,
      { onRequest: requireAdmin, schema: { querystring: query, response: { 200: analyticsAnswerSchema } } },
      async (request) => {
        const { aggregation, byCreated } = parseAnalyticsQuery(request.query, { tops });
        return organizationAnalytics(db, orgOf(request).id, series, aggregation, byCreated);
      },
    );

  orgRoute(
    '/api/expenses/analytics',
    ['top_five_spender', 'top_five_card_balances', 'top_five_categories', 'top_five_teams'],
    'expenses',
  );
  orgRoute('/api/topups/analytics', [], 'topups');
  orgRoute('/api/journal-entries/analytics', [], 'journal-entries');
  orgRoute('/api/wallet-balances/analytics', ['top_five_card_balances'], 'wallet-balances');

  /** A person's own figures: members read only their own, admins anyone's in the organisation. */
  const userRoute = (path: string, extra: Record<string, readonly string[]>, series: UserSeries) =>
    app.get(
      path,
      {
        onRequest: requireUser,
        schema: { params: userParams, querystring: query, response: { 200: analyticsAnswerSchema } },
      },
      async (request) => {
        const org = orgOf(request);
        await assertCanReadFiguresOf(db, org.id, userOf(request), request.params.id);
        const { aggregation, byCreated } = parseAnalyticsQuery(request.query, { tops: [], extra });
        return userAnalytics(db, org.id, request.params.id, series, aggregation, byCreated);
      },
    );

  userRoute('/api/users/:id/expenses/analytics', {}, 'expenses');
  userRoute('/api/users/:id/journal-entries/analytics', {}, 'journal-entries');
  userRoute('/api/users/:id/purchase-requests/analytics', { where_not_null: ['transferred'] }, 'purchase-requests');
}
