import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, walletCategoriesPageSchema, walletCategoryItemSchema, walletCategorySchema } from '@wallet/contract';
import { orgOf } from '../../http/context.js';
import { requireAdmin, requireUser } from '../../http/guards.js';
import { auditByOf } from '../../http/audit-by.js';
import { presentCategory, presentCategoryList } from './presenter.js';
import { categoriesOf, createCategory, updateWalletCategory } from './service.js';

export async function walletCategoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;

  app.get(
    '/api/wallet-categories',
    { onRequest: requireUser, schema: { response: { 200: walletCategoriesPageSchema } } },
    async (request) => {
      return presentCategoryList(await categoriesOf(db, orgOf(request).id));
    },
  );

  app.post(
    '/api/wallet-categories',
    { onRequest: requireAdmin, schema: { body: walletCategorySchema, response: { 201: walletCategoryItemSchema } } },
    async (request, reply) => {
      return reply.code(201).send({
        data: presentCategory(await createCategory(db, orgOf(request).id, request.body, auditByOf(request))),
      });
    },
  );

  app.put(
    '/api/wallet-categories/:id',
    {
      onRequest: requireAdmin,
      schema: {
        params: z.object({ id: idSchema }),
        body: walletCategorySchema,
        response: { 200: walletCategoryItemSchema },
      },
    },
    async (request) => {
      return {
        data: presentCategory(
          await updateWalletCategory(db, orgOf(request).id, request.params.id, request.body, auditByOf(request)),
        ),
      };
    },
  );
}
