import { z } from 'zod';
import { idSchema } from './fields.js';
import { dataOf, listMetaSchema } from './responses/common.js';

/** What a notification of the notification centre tells of (issue 20 point 7); each is switchable in the bell and by mail. */
export const NOTIFICATION_CENTRE_KINDS = [
  'purchase_approved',
  'purchase_declined',
  'card_funded',
  'request_decided',
  'approval_needed',
  'card_low',
  'org_funds_low',
  'receipt_reminder',
  'receipt_card_status',
] as const;
export type NotificationCentreKind = (typeof NOTIFICATION_CENTRE_KINDS)[number];

/** Notifications per page of the notification centre. */
export const NOTIFICATIONS_PAGE_SIZE = 10;
/** Notifications per page of the full list at /notifications. */
export const NOTIFICATIONS_FULL_PAGE_SIZE = 20;

export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  /** The bell's accessible name: "Notifications, 3 unread". */
  bellLabel: (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'),
  markAllRead: 'Mark all as read',
  none: 'You have no notifications yet.',
  marked: 'Notifications marked as read.',
  loadFailed: 'We could not load your notifications. Try again in a moment.',
  /** The bell's link to the full list. */
  seeAll: 'See all notifications',
  /** The full list's line above it: "3 unread" / "All read". */
  unreadSummary: (unread: number) => (unread > 0 ? `${unread} unread` : 'All read'),
  pagination: 'Notification pages',
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

// ---------------------------------------------------------------------------------------------------------------
// Switches (issue 20 point 7): each kind on or off, per person, in the bell (in_app) and by mail. Account Settings →
// Notifications; GET/PUT /api/users/{id}/notification-preferences.

/** What Account Settings → Notifications calls each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationCentreKind, string> = {
  purchase_approved: 'A purchase on my card was approved',
  purchase_declined: 'A purchase on my card was declined, and why',
  card_funded: 'My card was funded',
  request_decided: 'My purchase request was approved or rejected',
  approval_needed: 'A purchase request needs my approval',
  card_low: 'My card runs low (below the alert set on the card)',
  org_funds_low: 'Organisation funds fall below the Card Settings threshold',
  receipt_reminder: 'A purchase of mine still needs its receipt',
  receipt_card_status: 'My card was deactivated for missing receipts, or reactivated',
};

/** Kinds only admins receive (the Notifications tab shows them to admins only). */
export const ADMIN_NOTIFICATION_KINDS: readonly NotificationCentreKind[] = ['org_funds_low'];

export interface NotificationSwitch {
  in_app: boolean;
  mail: boolean;
}
export type NotificationSwitches = Record<NotificationCentreKind, NotificationSwitch>;

/** A person who never changed a switch: everything in the bell; mail for all but approved purchases (too many). */
export const NOTIFICATION_SWITCH_DEFAULTS: NotificationSwitches = {
  purchase_approved: { in_app: true, mail: false },
  purchase_declined: { in_app: true, mail: true },
  card_funded: { in_app: true, mail: true },
  request_decided: { in_app: true, mail: true },
  approval_needed: { in_app: true, mail: true },
  card_low: { in_app: true, mail: true },
  org_funds_low: { in_app: true, mail: true },
  receipt_reminder: { in_app: true, mail: true },
  receipt_card_status: { in_app: true, mail: true },
};

export const NOTIFICATION_SWITCH_TEXTS = {
  title: 'Notifications',
  intro: 'Choose what you hear about, in the wallet and by email.',
  kind: 'Notification',
  inApp: 'In the wallet',
  mail: 'Email',
  /** The accessible name of one switch: "Email: My card was funded". */
  switchLabel: (channel: 'in_app' | 'mail', kind: NotificationCentreKind) =>
    `${channel === 'in_app' ? 'In the wallet' : 'Email'}: ${NOTIFICATION_KIND_LABELS[kind]}`,
  saved: 'Notification settings saved',
  saveFailed: 'We could not save that change. Try again in a moment.',
  mustBeBoolean: 'Must be true or false.',
} as const;

const switchFlag = z.boolean({ error: NOTIFICATION_SWITCH_TEXTS.mustBeBoolean });

/**
 * PUT /api/users/{id}/notification-preferences: the switches that change, by kind. A kind's value is
 * { in_app?, mail? } or, as before the notification centre, a bare boolean meaning its mail switch.
 */
const kindSwitchUpdate = z
  .union([switchFlag, z.object({ in_app: switchFlag, mail: switchFlag }).partial()], {
    error: NOTIFICATION_SWITCH_TEXTS.mustBeBoolean,
  })
  .optional();
export const notificationSwitchesUpdateSchema = z.object({
  purchase_approved: kindSwitchUpdate,
  purchase_declined: kindSwitchUpdate,
  card_funded: kindSwitchUpdate,
  request_decided: kindSwitchUpdate,
  approval_needed: kindSwitchUpdate,
  card_low: kindSwitchUpdate,
  org_funds_low: kindSwitchUpdate,
  receipt_reminder: kindSwitchUpdate,
  receipt_card_status: kindSwitchUpdate,
}) satisfies z.ZodType<Partial<Record<NotificationCentreKind, boolean | Partial<NotificationSwitch>>>>;
export type NotificationSwitchesUpdate = z.infer<typeof notificationSwitchesUpdateSchema>;

const notificationSwitchSchema = z.object({ in_app: z.boolean(), mail: z.boolean() });
export const notificationSwitchesSchema = z.object({
  purchase_approved: notificationSwitchSchema,
  purchase_declined: notificationSwitchSchema,
  card_funded: notificationSwitchSchema,
  request_decided: notificationSwitchSchema,
  approval_needed: notificationSwitchSchema,
  card_low: notificationSwitchSchema,
  org_funds_low: notificationSwitchSchema,
  receipt_reminder: notificationSwitchSchema,
  receipt_card_status: notificationSwitchSchema,
}) satisfies z.ZodType<NotificationSwitches>;
/** GET and PUT /api/users/{id}/notification-preferences answer every kind's switches. */
export const notificationSwitchesItemSchema = dataOf(notificationSwitchesSchema);
