import pg from 'pg';
import { sql } from 'kysely';
import { LIVE_EVENT_KINDS, type LiveEventData, type LiveEventKind } from '@wallet/contract';
import type { Db } from '../../db/database.js';

/**
 * Live updates across server processes (ARCHITECTURE.md D12): an event published by any process reaches the event
 * streams of every process through PostgreSQL's NOTIFY on one channel. Publishing happens after the change has
 * committed and is best effort: a lost event only delays a refresh (the app refetches on reconnect), never money.
 * Events of the same moment go out as one NOTIFY, so a burst of purchases costs one notification, not one each.
 */
export const LIVE_CHANNEL = 'wallet_live';
/** NOTIFY payloads must stay under 8,000 bytes. */
const MAX_PAYLOAD_BYTES = 7_500;
/** Events published within this window share one NOTIFY. */
const BATCH_MS = 20;
const RECONNECT_MAX_MS = 10_000;

export interface LiveEvent<K extends LiveEventKind = LiveEventKind> {
  orgId: number;
  /**
   * Who hears it: these users, the holders of these cards (each stream knows its user's cards), and every admin of
   * the organisation when `admins` is true.
   */
  audience: { userIds: readonly number[]; admins: boolean; cardIds?: readonly number[] };
  kind: K;
  data: LiveEventData[K];
}

export interface LiveSubscriber {
  orgId: number;
  userId: number;
  admin: boolean;
  /** The cards this user holds (read when the stream opens; a card issued later announces itself to its holder). */
  cardIds?: ReadonlySet<number>;
  deliver(kind: LiveEventKind, data: object): void;
}

const hears = (subscriber: LiveSubscriber, event: LiveEvent) =>
  subscriber.orgId === event.orgId &&
  ((event.audience.admins && subscriber.admin) ||
    event.audience.userIds.includes(subscriber.userId) ||
    (event.audience.cardIds?.some((cardId) => subscriber.cardIds?.has(cardId)) ?? false));

/** The hub of each database handle, so services that hold only `db` can publish (buildApp starts one per app). */
const hubs = new WeakMap<Db, LiveHub>();
export const hubOf = (db: Db): LiveHub | undefined => hubs.get(db);

/** NOTIFY payloads of at most MAX_PAYLOAD_BYTES, each a JSON array of events. */
export function payloadsOf(events: readonly LiveEvent[]): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  let size = 2;
  for (const event of events) {
    const text = JSON.stringify(event);
    if (batch.length > 0 && size + text.length + 1 > MAX_PAYLOAD_BYTES) {
      payloads.push(`[${batch.join(',')}]`);
      batch = [];
      size = 2;
    }
    batch.push(text);
    size += text.length + 1;
  }
  if (batch.length > 0) payloads.push(`[${batch.join(',')}]`);
  return payloads;
}

export class LiveHub {
  readonly #subscribers = new Set<LiveSubscriber>();
  #queue: LiveEvent[] = [];
  #flushTimer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  #client: pg.Client | undefined;
  #connecting: Promise<void> | undefined;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #failures = 0;
  #closed = false;

  constructor(
    private readonly db: Db,
    /** A session-capable connection (DATABASE_DIRECT_URL): LISTEN does not work through a transaction pooler. */
    private readonly directUrl: string,
    private readonly warn: (line: string) => void = (line) => console.warn(line),
  ) {
    hubs.set(db, this);
  }

  /** Call after the change committed. */
  publish<K extends LiveEventKind>(event: LiveEvent<K>): void {
    if (this.#closed) return;
    this.#queue.push(event as LiveEvent);
    this.#flushTimer ??= setTimeout(() => {
      this.#flushTimer = undefined;
      this.#flushing = this.#flushing.then(() => this.#flush());
    }, BATCH_MS);
  }

  async #flush(): Promise<void> {
    const events = this.#queue;
    this.#queue = [];
    for (const payload of payloadsOf(events)) {
      await sql`SELECT pg_notify(${LIVE_CHANNEL}, ${payload})`
        .execute(this.db)
        .catch((error: unknown) => this.warn(`live events not sent: ${(error as Error).message}`));
    }
  }

  /** Starts hearing events (the listening connection opens with the first subscriber); returns the unsubscribe. */
  subscribe(subscriber: LiveSubscriber): () => void {
    this.#subscribers.add(subscriber);
    void this.#listen();
    return () => this.#subscribers.delete(subscriber);
  }

  get subscriberCount(): number {
    return this.#subscribers.size;
  }

  /** Resolves once this process listens (tests wait for it before publishing elsewhere). */
  listening(): Promise<void> {
    return this.#connecting ?? this.#listen();
  }

  #listen(): Promise<void> {
    if (this.#client || this.#closed) return Promise.resolve();
    return (this.#connecting ??= this.#connect().finally(() => (this.#connecting = undefined)));
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.directUrl });
    client.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) this.#dispatch(message.payload);
    });
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = undefined;
      client.end().catch(() => undefined);
      this.#scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      this.warn(`live events: cannot listen: ${(error as Error).message}`);
      this.#scheduleReconnect();
      return;
    }
    if (this.#closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
    // Whatever happened while not listening was missed: every open app refetches.
    if (this.#failures > 0) for (const subscriber of this.#subscribers) subscriber.deliver(LIVE_EVENT_KINDS.resync, {});
    this.#failures = 0;
  }

  #scheduleReconnect(): void {
    if (this.#closed || this.#reconnectTimer || this.#subscribers.size === 0) return;
    this.#failures += 1;
    const delay = Math.min(RECONNECT_MAX_MS, 250 * 2 ** this.#failures);
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = undefined;
      void this.#listen();
    }, delay);
    this.#reconnectTimer.unref();
  }

  #dispatch(payload: string): void {
    let events: LiveEvent[];
    try {
      events = JSON.parse(payload) as LiveEvent[];
    } catch {
      return;
    }
    for (const event of events)
      for (const subscriber of this.#subscribers)
        if (hears(subscriber, event)) subscriber.deliver(event.kind, event.data);
  }

  /** Sends what is queued, stops listening. */
  async close(): Promise<void> {
    if (this.#flushTimer) {
      clearTimeout(this.#flushTimer);
      this.#flushTimer = undefined;
      this.#flushing = this.#flushing.then(() => this.#flush());
    }
    await this.#flushing;
    this.#closed = true;
    if (hubs.get(this.db) === this) hubs.delete(this.db);
    clearTimeout(this.#reconnectTimer);
    this.#subscribers.clear();
    await this.#connecting;
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }
}
