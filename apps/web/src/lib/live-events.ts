import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIVE_EVENT_KINDS, LIVE_EVENTS_PATH, type LiveEventKind } from '@wallet/contract';
import { cardKeys, dashboardKeys, notificationKeys, recurringKeys, requestKeys } from './query-keys';

/** What each live event makes stale: the open screens showing it refetch (the others when they open). */
const STALE_AFTER: Record<LiveEventKind, readonly QueryKey[]> = {
  [LIVE_EVENT_KINDS.cardActivity]: [cardKeys.all, dashboardKeys.all],
  [LIVE_EVENT_KINDS.balanceChanged]: [dashboardKeys.all],
  [LIVE_EVENT_KINDS.purchaseRequestChanged]: [requestKeys.all, recurringKeys.all, dashboardKeys.all],
  [LIVE_EVENT_KINDS.notificationCreated]: [notificationKeys.all],
  [LIVE_EVENT_KINDS.resync]: [
    cardKeys.all,
    dashboardKeys.all,
    requestKeys.all,
    recurringKeys.all,
    notificationKeys.all,
  ],
};

/** Events of a burst (a run of purchases) refetch once. */
const COALESCE_MS = 250;

/**
 * While signed in, listens to GET /api/events (server-sent events, any server process) and refreshes what changed
 * without a reload. EventSource reconnects by itself; after a reconnect everything live is refetched, since events
 * of the gap were not heard. A 401 (the session ended) closes it for good.
 */
export function useLiveEvents(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(LIVE_EVENTS_PATH, { withCredentials: true });
    const pending = new Map<string, QueryKey>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const markStale = (kind: LiveEventKind) => {
      for (const key of STALE_AFTER[kind]) pending.set(JSON.stringify(key), key);
      timer ??= setTimeout(() => {
        timer = undefined;
        const keys = [...pending.values()];
        pending.clear();
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      }, COALESCE_MS);
    };
    let opened = false;
    source.onopen = () => {
      if (opened) markStale(LIVE_EVENT_KINDS.resync);
      opened = true;
    };
    const kinds = Object.values(LIVE_EVENT_KINDS);
    const listeners = kinds.map((kind) => [kind, () => markStale(kind)] as const);
    for (const [kind, listener] of listeners) source.addEventListener(kind, listener);
    return () => {
      for (const [kind, listener] of listeners) source.removeEventListener(kind, listener);
      source.close();
      clearTimeout(timer);
    };
  }, [enabled, queryClient]);
}
