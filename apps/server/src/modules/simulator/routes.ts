import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SIMULATOR_MESSAGES,
  centsField,
  errorResponses,
  idSchema,
  simulatedIncrementItemSchema,
  simulatedPostingItemSchema,
  simulatedPurchaseItemSchema,
  simulatedReleaseItemSchema,
} from '@wallet/contract';
import { orgOf } from '../../http/context.js';
import { requireAdmin } from '../../http/guards.js';
import { randomMerchant, WALLETS } from './merchants.js';
import { presentIncrement, presentPostedTransaction, presentPurchase, presentRelease } from './presenter.js';
import { simulateCapture, simulateIncrement, simulatePurchase, simulateRefund, simulateRelease } from './service.js';

const merchantSchema = z
  .object({
    name: z.string().trim().min(1).max(255),
    category: z.string().max(255).optional(),
    category_code: z.string().max(10).optional(),
    city: z.string().max(255).optional(),
    state: z.string().max(255).optional(),
    postal_code: z.string().max(20).optional(),
    country: z.string().max(2).optional(),
    url: z.string().max(255).optional(),
  })
  .optional();

const purchaseSchema = z.object({
  card_id: idSchema,
  amount: centsField(1),
  merchant: merchantSchema,
  wallet: z.enum(WALLETS).nullish(),
  capture: z.enum(['now', 'later', 'never']).default('later'),
});

const authorizationParams = z.object({
  id: z.string().regex(/^iauth_sim_[0-9a-f]{20}$/, SIMULATOR_MESSAGES.unknownAuthorization),
});

/**
 * Simulated card purchases (ARCHITECTURE.md D9) for admins, in development and test only: they run through the same
 * authorisation and transaction code a real issuer's webhooks do.
 */
export async function simulatorRoutes(fastify: FastifyInstance) {
  if (fastify.deps.config.NODE_ENV === 'production' || fastify.deps.issuer.name !== 'simulator') return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;

  app.post(
    '/api/simulator/purchases',
    { onRequest: requireAdmin, schema: { body: purchaseSchema, response: { 201: simulatedPurchaseItemSchema } } },
    async (request, reply) => {
      const result = await simulatePurchase(
        db,
        { id: request.body.card_id, org_id: orgOf(request).id },
        {
          amount: request.body.amount,
          merchant: request.body.merchant ?? randomMerchant(),
          wallet: request.body.wallet ?? null,
          capture: request.body.capture,
        },
      );
      return reply.code(201).send({ data: presentPurchase(result) });
    },
  );

  app.post(
    '/api/simulator/authorizations/:id/capture',
    {
      onRequest: requireAdmin,
      schema: {
        params: authorizationParams,
        body: z.object({ amount: centsField(1).optional() }).default({}),
        response: { 200: simulatedPostingItemSchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      const expense = await simulateCapture(db, orgOf(request).id, request.params.id, request.body.amount);
      return { data: presentPostedTransaction(expense) };
    },
  );

  app.post(
    '/api/simulator/authorizations/:id/refund',
    {
      onRequest: requireAdmin,
      schema: {
        params: authorizationParams,
        body: z.object({ amount: centsField(1) }),
        response: { 200: simulatedPostingItemSchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      const expense = await simulateRefund(db, orgOf(request).id, request.params.id, request.body.amount);
      return { data: presentPostedTransaction(expense) };
    },
  );

  app.post(
    '/api/simulator/authorizations/:id/increment',
    {
      onRequest: requireAdmin,
      schema: {
        params: authorizationParams,
        body: z.object({ amount: centsField(1) }),
        response: { 200: simulatedIncrementItemSchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      return {
        data: presentIncrement(await simulateIncrement(db, orgOf(request).id, request.params.id, request.body.amount)),
      };
    },
  );

  for (const status of ['reverse', 'expire'] as const) {
    app.post(
      `/api/simulator/authorizations/:id/${status}`,
      {
        onRequest: requireAdmin,
        schema: { params: authorizationParams, response: { 200: simulatedReleaseItemSchema, ...errorResponses(409) } },
      },
      async (request) => {
        const hold = await simulateRelease(
          db,
          orgOf(request).id,
          request.params.id,
          status === 'reverse' ? 'reversed' : 'expired',
        );
        return { data: presentRelease(hold) };
      },
    );
  }
}
