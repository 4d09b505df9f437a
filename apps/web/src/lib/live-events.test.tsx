import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_EVENT_KINDS, LIVE_EVENTS_PATH } from '@wallet/contract';
import { useLiveEvents } from './live-events';
import { cardKeys, dashboardKeys, requestKeys } from './query-keys';

/** The browser's EventSource, which jsdom lacks: the test plays the server's side of the stream. */
class ServerSentEvents {
  static last: ServerSentEvents | undefined;
  readonly listeners = new Map<string, Set<() => void>>();
  onopen: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    ServerSentEvents.last = this;
  }
  addEventListener(kind: string, listener: () => void) {
    this.listeners.set(kind, (this.listeners.get(kind) ?? new Set()).add(listener));
  }
  removeEventListener(kind: string, listener: () => void) {
    this.listeners.get(kind)?.delete(listener);
  }
  close() {
    this.closed = true;
  }
  emit(kind: string) {
    for (const listener of this.listeners.get(kind) ?? []) listener();
  }
}

let queryClient: QueryClient;
let invalidated: unknown[][];
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', ServerSentEvents);
  queryClient = new QueryClient();
  invalidated = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push([...(filters?.queryKey ?? [])]);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

describe('useLiveEvents', () => {
  it('listens to /api/events with the session cookie and closes when unmounted', () => {
    const { unmount } = renderHook(() => useLiveEvents(), { wrapper });
    const source = ServerSentEvents.last!;
    expect(source.url).toBe(LIVE_EVENTS_PATH);
    expect(source.init).toEqual({ withCredentials: true });
    unmount();
    expect(source.closed).toBe(true);
  });

  it("a burst of a card's purchases refreshes the cards and the dashboard once", () => {
    renderHook(() => useLiveEvents(), { wrapper });
    const source = ServerSentEvents.last!;
    act(() => {
      for (let index = 0; index < 20; index++) source.emit(LIVE_EVENT_KINDS.cardActivity);
    });
    expect(invalidated).toEqual([]);
    act(() => void vi.advanceTimersByTime(250));
    expect(invalidated).toEqual([[...cardKeys.all], [...dashboardKeys.all]]);
  });

  it('a decided request refreshes the requests; a reconnect (events missed) refreshes everything live', () => {
    renderHook(() => useLiveEvents(), { wrapper });
    const source = ServerSentEvents.last!;
    act(() => source.onopen?.());
    act(() => source.emit(LIVE_EVENT_KINDS.purchaseRequestChanged));
    act(() => void vi.advanceTimersByTime(250));
    expect(invalidated).toContainEqual([...requestKeys.all]);
    expect(invalidated).not.toContainEqual([...cardKeys.all]);
    invalidated = [];
    act(() => source.onopen?.());
    act(() => void vi.advanceTimersByTime(250));
    expect(invalidated).toEqual(
      expect.arrayContaining([[...cardKeys.all], [...requestKeys.all], [...dashboardKeys.all]]),
    );
  });

  it('does nothing while signed out', () => {
    ServerSentEvents.last = undefined;
    renderHook(() => useLiveEvents(false), { wrapper });
    expect(ServerSentEvents.last).toBeUndefined();
  });
});
