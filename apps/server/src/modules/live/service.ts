import { LIVE_EVENT_KINDS, type LiveEventKind } from '@wallet/contract';
import type { LiveEvent, LiveHub } from './hub.js';

export type { LiveEvent, LiveHub };

/**
 * Tells the open apps of `event.audience` that something changed (after the change committed). A no-op where no
 * hub runs (a command-line tool, a job run outside the server).
 */
export function publishLive<K extends LiveEventKind>(deps: { live?: LiveHub }, event: LiveEvent<K>): void {
  deps.live?.publish(event);
}

/** The organisation's unallocated funds changed: its admins' dashboards and Account Funding refresh. */
export const organisationFundsChanged = (orgId: number): LiveEvent<'balance.changed'> => ({
  orgId,
  audience: { userIds: [], admins: true },
  kind: LIVE_EVENT_KINDS.balanceChanged,
  data: {},
});
