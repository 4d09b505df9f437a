import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  markNotificationsReadSchema,
  NOTIFICATION_TEXTS,
  NOTIFICATIONS_PAGE_SIZE,
  notificationsPageSchema,
  notificationsReadSchema,
  notificationSwitchesItemSchema,
  notificationSwitchesUpdateSchema,
} from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { requireUser } from '../../http/guards.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { presentNotification } from './presenter.js';
import {
  changeNotificationSwitches,
  markNotificationsRead,
  notificationsOf,
  notificationSwitchesOf,
} from './service.js';

/** The notification centre (issue 20 point 7): always the signed-in person's own notifications, whatever the role. */
export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;

  app.get(
    '/api/notifications',
    { onRequest: requireUser, schema: { querystring: listQuerystring, response: { 200: notificationsPageSchema } } },
    async (request) => {
      const query = parseListQuery(request.query, {
        filters: {},
        sorts: ['created_at'] as const,
        defaultSort: '-created_at',
        defaultPageSize: NOTIFICATIONS_PAGE_SIZE,
      });
      const { rows, total, unread } = await notificationsOf(db, orgOf(request).id, userOf(request).id, query.page);
      return { data: rows.map(presentNotification), meta: { ...listMeta(total, query.page), unread } };
    },
  );

  app.post(
    '/api/notifications/read',
    {
      onRequest: requireUser,
      schema: { body: markNotificationsReadSchema, response: { 200: notificationsReadSchema } },
    },
    async (request) => {
      const unread = await markNotificationsRead(db, orgOf(request).id, userOf(request).id, request.body);
      return { data: { unread }, message: NOTIFICATION_TEXTS.marked };
    },
  );

  // Each kind on or off in the bell and by mail (Account Settings → Notifications): one's own, or anyone's for an
  // admin. The path stays the users' one the mail preferences had.
  const idParams = z.object({ id: idSchema });
  app.get(
    '/api/users/:id/notification-preferences',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: notificationSwitchesItemSchema } } },
    async (request) => ({
      data: await notificationSwitchesOf(db, orgOf(request).id, userOf(request), request.params.id),
    }),
  );

  app.put(
    '/api/users/:id/notification-preferences',
    {
      onRequest: requireUser,
      schema: {
        params: idParams,
        body: notificationSwitchesUpdateSchema,
        response: { 200: notificationSwitchesItemSchema },
      },
    },
    async (request) => ({
      data: await changeNotificationSwitches(db, orgOf(request).id, userOf(request), request.params.id, request.body),
    }),
  );
}
