import { z } from 'zod';
import { idSchema } from './fields.js';
import { dataOf, listMetaSchema } from './responses/common.js';

/** What a notification of the notification centre tells of (issue 20 point 7). The mail preferences' kinds (users.ts) are a subset. */
export const NOTIFICATION_CENTRE_KINDS = [
  'purchase_approved',
  'purchase_declined',
  'card_funded',
  'request_decided',
  'approval_needed',
  'card_low',
  'org_funds_low',
] as const;
export type NotificationCentreKind = (typeof NOTIFICATION_CENTRE_KINDS)[number];

/** Notifications per page of the notification centre. */
export const NOTIFICATIONS_PAGE_SIZE = 10;

export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  /** The bell's accessible name: "Notifications, 3 unread". */
  bellLabel: (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'),
  markAllRead: 'Mark all as read',
  none: 'You have no notifications yet.',
  marked: 'Notifications marked as read.',
  loadFailed: 'We could not load your notifications. Try again in a moment.',
} as const;

export const notificationItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_CENTRE_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** GET /api/notifications: the signed-in person's notifications, newest first; meta adds the unread count. */
export const notificationsPageSchema = z.object({
  data: z.array(notificationItemSchema),
  meta: listMetaSchema.extend({ unread: z.number().int() }),
});

/** POST /api/notifications/read: these of mine, or all of mine. */
export const markNotificationsReadSchema = z.union([
  z.object({ ids: z.array(idSchema).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

export const notificationsReadSchema = dataOf(z.object({ unread: z.number().int() })).extend({
  message: z.string(),
});
