import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DECLINE_REASONS,
  idSchema,
  PAGE_SIZES,
  reportDeclinesPageSchema,
  userDeclinesPageSchema,
} from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { requireUser } from '../../http/guards.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { presentUserDecline } from './presenter.js';
import { declinesForReports, declinesOfUser } from './service.js';

const userParams = z.object({ id: idSchema });

/** A person's declined purchases (issue 20.6: the member dashboard's declines). */
export async function authorizationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;

  app.get(
    '/api/declines',
    {
      onRequest: requireUser,
      schema: { querystring: listQuerystring, response: { 200: reportDeclinesPageSchema } },
    },
    async (request) => {
      const query = parseListQuery(request.query, {
        filters: {
          reason: z
            .string()
            .transform((value) => value.split(',').filter(Boolean))
            .pipe(z.array(z.enum(DECLINE_REASONS, { error: 'Unknown decline reason.' })).max(DECLINE_REASONS.length)),
          user_id: idSchema,
        },
        sorts: ['created_at'] as const,
        defaultSort: '-created_at',
        defaultPageSize: 10,
      });
      const org = orgOf(request);
      const { rows, total, cards, names } = await declinesForReports(
        db,
        org.id,
        userOf(request),
        { userId: query.filters.user_id, reasons: query.filters.reason },
        query.page,
      );
      return {
        data: rows.flatMap((hold) => {
          const card = cards.get(hold.card_id);
          if (!card) return [];
          const user = hold.user_id === null ? null : { id: hold.user_id, name: names.get(hold.user_id) ?? '' };
          return [{ ...presentUserDecline(hold, card), user }];
        }),
        meta: listMeta(total, query.page),
      };
    },
  );

  app.get(
    '/api/users/:id/declines',
    {
      onRequest: requireUser,
      schema: { params: userParams, querystring: listQuerystring, response: { 200: userDeclinesPageSchema } },
    },
    async (request) => {
      const query = parseListQuery(request.query, {
        filters: {},
        sorts: ['created_at'] as const,
        defaultSort: '-created_at',
        defaultPageSize: PAGE_SIZES.cardExpenses,
      });
      const org = orgOf(request);
      const { rows, total, cards } = await declinesOfUser(db, org.id, userOf(request), request.params.id, query.page);
      return {
        data: rows.flatMap((hold) => {
          const card = cards.get(hold.card_id);
          return card ? [presentUserDecline(hold, card)] : [];
        }),
        meta: listMeta(total, query.page),
      };
    },
  );
}
