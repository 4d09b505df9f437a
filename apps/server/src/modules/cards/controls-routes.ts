import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CARD_CONTROL_MESSAGES,
  cardChangedSchema,
  cardIdentitySchema,
  errorResponses,
  idSchema,
  lowBalanceAlertSchema,
  spendingControlsSchema,
} from '@wallet/contract';
import { auditByOf } from '../../http/audit-by.js';
import { orgOf, userOf } from '../../http/context.js';
import { requireAdmin, requireUser } from '../../http/guards.js';
import { setLowBalanceThreshold, setSpendingControls, updateCardIdentity } from './controls.js';
import { presentCardWithUsage } from './presenter.js';

const cardParams = z.object({ id: idSchema });

/** A card's controls, identity and low-balance alert (issue 20); each answers the card as GET /api/cards/{id} does. */
export async function cardControlsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = fastify.deps;
  const { db } = deps;

  app.put(
    '/api/cards/:id/spending-controls',
    {
      onRequest: requireAdmin,
      schema: {
        params: cardParams,
        body: spendingControlsSchema,
        response: { 200: cardChangedSchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      const org = orgOf(request);
      const card = await setSpendingControls(deps, org.id, request.params.id, request.body, auditByOf(request));
      return {
        data: await presentCardWithUsage(db, org.id, card, new Set()),
        message: CARD_CONTROL_MESSAGES.controlsUpdated,
      };
    },
  );

  app.patch(
    '/api/cards/:id',
    {
      onRequest: requireAdmin,
      schema: { params: cardParams, body: cardIdentitySchema, response: { 200: cardChangedSchema } },
    },
    async (request) => {
      const org = orgOf(request);
      const card = await updateCardIdentity(deps, org.id, request.params.id, request.body, auditByOf(request));
      return {
        data: await presentCardWithUsage(db, org.id, card, new Set()),
        message: CARD_CONTROL_MESSAGES.detailsUpdated,
      };
    },
  );

  /** The holder's own alert (or an admin's for them): a member reaches only their own cards (404 otherwise). */
  app.put(
    '/api/cards/:id/low-balance-alert',
    {
      onRequest: requireUser,
      schema: { params: cardParams, body: lowBalanceAlertSchema, response: { 200: cardChangedSchema } },
    },
    async (request) => {
      const org = orgOf(request);
      const card = await setLowBalanceThreshold(
        deps,
        org.id,
        userOf(request),
        request.params.id,
        request.body.threshold,
      );
      return {
        data: await presentCardWithUsage(db, org.id, card, new Set()),
        message: CARD_CONTROL_MESSAGES.lowBalanceAlertSaved,
      };
    },
  );
}
