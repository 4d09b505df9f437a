/**
 * Live updates (GET /api/events, server-sent events): what happened, never the data itself. The open app refetches
 * what an event names, so an event carries ids only and what a user may see is still decided by the API.
 */
export const LIVE_EVENTS_PATH = '/api/events';

export const LIVE_EVENT_KINDS = {
  /** A card's purchases, holds, limit or status changed (a purchase decided, captured, refunded; a funding). */
  cardActivity: 'card.activity',
  /** The organisation's unallocated funds changed (a top-up, a funding, a card's limit returned). */
  balanceChanged: 'balance.changed',
  /** A purchase request was filed, decided or funded. */
  purchaseRequestChanged: 'purchase-request.changed',
  /** A notification for this person was written (the bell's count and the list refresh). */
  notificationCreated: 'notification.created',
  /** Events may have been missed (the server's own listening connection was lost): refetch everything live. */
  resync: 'resync',
} as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[keyof typeof LIVE_EVENT_KINDS];

/** The data of each kind: ids of what changed. */
export interface LiveEventData {
  'card.activity': { card_id: number };
  'balance.changed': Record<string, never>;
  'purchase-request.changed': { purchase_request_id: number };
  'notification.created': { notification_id: number };
  resync: Record<string, never>;
}

/** How long one stream lasts before the server ends it and the browser reconnects (its session checked again). */
export const LIVE_STREAM_SECONDS = 300;
