import type { NotificationCentreKind, NotificationItem } from '@wallet/contract';
import type { NotificationRow } from './service.js';

export function presentNotification(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    kind: row.kind as NotificationCentreKind,
    title: row.title,
    body: row.body,
    link: row.link,
    created_at: row.created_at.toISOString(),
    read_at: row.read_at?.toISOString() ?? null,
  };
}
