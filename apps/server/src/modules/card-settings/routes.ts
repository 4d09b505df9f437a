import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CARD_SETTINGS_TEXTS,
  cardSettingsAnswerSchema,
  cardSettingsSchema,
  cardSettingsSavedSchema,
} from '@wallet/contract';
import { auditByOf } from '../../http/audit-by.js';
import { orgOf } from '../../http/context.js';
import { requireAdmin } from '../../http/guards.js';
import { getCardSettings, saveCardSettings } from './service.js';

/** Account Settings → Card Settings (issue 20 point 5): the organisation's defaults for new cards, admins only. */
export async function cardSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;

  app.get(
    '/api/card-settings',
    { onRequest: requireAdmin, schema: { response: { 200: cardSettingsAnswerSchema } } },
    async (request) => ({ data: await getCardSettings(db, orgOf(request).id) }),
  );

  app.put(
    '/api/card-settings',
    { onRequest: requireAdmin, schema: { body: cardSettingsSchema, response: { 200: cardSettingsSavedSchema } } },
    async (request) => ({
      data: await saveCardSettings(db, orgOf(request).id, request.body, auditByOf(request)),
      message: CARD_SETTINGS_TEXTS.saved,
    }),
  );
}
