import { LIVE_EVENT_KINDS, type LiveEventKind } from '@wallet/contract';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.js';
import { hubOf, LIVE_CHANNEL, payloadsOf, type LiveEvent, type LiveHub } from './hub.js';

export type { LiveEvent, LiveHub };

/**
 * Tells the open apps of `event.audience` that something changed: call after the change committed, with the app's
 * database handle. A no-op where no hub runs on it (a command-line tool, a script).
 */
export function publishLive<K extends LiveEventKind>(db: Db, event: LiveEvent<K>): void {
  hubOf(db)?.publish(event);
}

/**
 * Tells the open apps from inside a transaction: PostgreSQL delivers the NOTIFY when (and only if) it commits. For
 * rare events written with their change (a notification); frequent ones go through publishLive, batched.
 */
export async function publishLiveInTransaction(tx: DbOrTx, events: readonly LiveEvent[]): Promise<void> {
  for (const payload of payloadsOf(events)) await sql`SELECT pg_notify(${LIVE_CHANNEL}, ${payload})`.execute(tx);
}

/** The organisation's unallocated funds changed: its admins' dashboards and Account Funding refresh. */
export const organisationFundsChanged = (orgId: number): LiveEvent<'balance.changed'> => ({
  orgId,
  audience: { userIds: [], admins: true },
  kind: LIVE_EVENT_KINDS.balanceChanged,
  data: {},
});

/**
 * A card's purchases, holds, limit or status changed: its holder's and the admins' open apps refresh it. `holderId`
 * when known (a new card), else the holder's stream recognises its card.
 */
export const cardActivity = (orgId: number, cardId: number, holderId?: number): LiveEvent<'card.activity'> => ({
  orgId,
  audience: { userIds: holderId === undefined ? [] : [holderId], admins: true, cardIds: [cardId] },
  kind: LIVE_EVENT_KINDS.cardActivity,
  data: { card_id: cardId },
});
