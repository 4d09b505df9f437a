import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, walletCategorySchema } from '@wallet/contract';
import { orgOf } from '../../http/context.js';
import { requireAdmin, requireUser } from '../../http/guards.js';
import { auditByOf } from '../audit/request.js';
import { categoriesOf, createCategory, renameWalletCategory } from './service.js';

const present = (category: { id: number; name: string; created_at: Date }) => ({
  id: category.id,
  name: category.name,
  created_at: category.created_at.toISOString(),
});

export async function walletCategoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;

  app.get('/api/wallet-categories', { onRequest: requireUser }, async (request) => {
    const categories = await categoriesOf(db, orgOf(request).id);
    return {
      data: categories.map(present),
      meta: { total: categories.length, current_page: 1, per_page: categories.length, last_page: 1 },
    };
  });

  app.post(
    '/api/wallet-categories',
    { onRequest: requireAdmin, schema: { body: walletCategorySchema } },
    async (request, reply) => {
      return reply
        .code(201)
        .send({ data: present(await createCategory(db, orgOf(request).id, request.body.name, auditByOf(request))) });
    },
  );

  app.put(
    '/api/wallet-categories/:id',
    { onRequest: requireAdmin, schema: { params: z.object({ id: idSchema }), body: walletCategorySchema } },
    async (request) => {
      return {
        data: present(
          await renameWalletCategory(db, orgOf(request).id, request.params.id, request.body.name, auditByOf(request)),
        ),
      };
    },
  );
}
