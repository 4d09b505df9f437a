import { PURCHASE_NOTICE_TEXTS, type DeclineReason } from '@wallet/contract';
import type { Db, Tx } from '../../db/database.js';
import { findCardsByIds, type CardRow } from '../cards/service.js';
import { notify, type Notice } from '../notifications/service.js';
import { holdsToTell, lockCursor, newestHold, saveCursor, type NoticeHold } from './notifier-repo.js';

/**
 * Tells cardholders of their purchases (issue 20 point 7: purchase approved, purchase declined with its reason, card
 * low) without a statement more in the decision: the holds table is the outbox. A notifier reads the holds decided
 * since its cursor, in id order, in batches, and writes their notifications through notify() (which honours each
 * person's switches and mails) in the transaction that moves the cursor, so each hold is told of once. The cursor row
 * is locked FOR UPDATE SKIP LOCKED: one notifier works at a time, across processes.
 *
 * Woken after each decision in the process that decided (debounced, so a burst of purchases is one batch), and on a
 * slow timer as a safety net (a process that decided and stopped, a decision made elsewhere).
 *
 * Holds commit out of id order, so the cursor never passes an id that may still be committing: it moves up to a
 * horizon, the newest id seen in a snapshot, once every transaction in progress in that snapshot has ended
 * (notifier-repo.ts newestHold). A new hold is told of after at least two rounds, a few tens of milliseconds apart.
 */

const DEBOUNCE_MS = 200;
/** Between rounds while a horizon waits for its transactions to end. */
const FOLLOW_UP_MS = 25;
const SAFETY_NET_MS = 30_000;
const BATCH_SIZE = 500;

const running = new Set<PurchaseNotifier>();

/** Wakes this process's notifiers (after a decision): no statement, only a timer. */
export function wakePurchaseNotifiers(): void {
  for (const notifier of running) notifier.wake();
}

export class PurchaseNotifier {
  private timer: NodeJS.Timeout | undefined;
  private safetyNet: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  start(): this {
    running.add(this);
    this.safetyNet = setInterval(() => this.wake(0), SAFETY_NET_MS);
    this.safetyNet.unref();
    this.wake(0);
    return this;
  }

  /** Runs a pass after `delayMs`, unless one is already due or running (which will see the new holds). */
  wake(delayMs = DEBOUNCE_MS): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.current = this.pass().finally(() => {
        this.current = undefined;
        this.timer = undefined;
      });
    }, delayMs);
  }

  /** Resolves once nothing is due or running (tests wait for it instead of sleeping). */
  async idle(): Promise<void> {
    while (this.timer || this.current) {
      if (this.current) await this.current;
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    running.delete(this);
    clearInterval(this.safetyNet);
    if (!this.current) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    await this.current;
  }

  /** Rounds until nothing is left to tell or to wait for. */
  private async pass(): Promise<void> {
    try {
      while (!this.stopped) {
        const more = await tellNewPurchases(this.db);
        if (!more) return;
        await new Promise((resolve) => setTimeout(resolve, FOLLOW_UP_MS));
      }
    } catch (error) {
      // The next wake or the safety net tries again; what was not committed is told then.
      this.log(`purchase notifier: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * One round in one transaction: tells of the holds up to the horizon if it is safe, and takes a new horizon once the
 * old one is passed. Answers whether to come back (holds waiting, or another notifier holding the cursor).
 */
export async function tellNewPurchases(db: Db): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const cursor = await lockCursor(tx);
    if (!cursor) return true;
    const upTo = cursor.horizon_safe && cursor.horizon_id !== null ? cursor.horizon_id : cursor.last_hold_id;
    const holds = upTo > cursor.last_hold_id ? await holdsToTell(tx, cursor.last_hold_id, upTo, BATCH_SIZE) : [];
    await notify(tx, await noticesOf(tx, holds));
    const full = holds.length === BATCH_SIZE;
    const last = full ? holds[holds.length - 1]!.id : upTo;
    // Past the horizon (or none yet): the next one is the newest hold now, if there is any newer.
    let horizon: { id: number | null; snapshot: string | null } | undefined;
    if (last >= (cursor.horizon_id ?? 0)) {
      const newest = await newestHold(tx);
      horizon = newest.id !== null && newest.id > last ? newest : { id: null, snapshot: null };
    }
    if (last !== cursor.last_hold_id || (horizon && horizon.id !== cursor.horizon_id))
      await saveCursor(tx, { last_hold_id: last, horizon });
    return full || (horizon ? horizon.id !== null : cursor.horizon_id !== null);
  });
}

/** The notices of these holds, to each card's holder: approved or declined, and card low when it crossed. */
async function noticesOf(tx: Tx, holds: readonly NoticeHold[]): Promise<Notice[]> {
  if (holds.length === 0) return [];
  const cards = new Map<number, CardRow>();
  const cardIdsByOrg = new Map<number, Set<number>>();
  for (const hold of holds)
    cardIdsByOrg.set(hold.org_id, (cardIdsByOrg.get(hold.org_id) ?? new Set()).add(hold.card_id));
  for (const [orgId, cardIds] of cardIdsByOrg)
    for (const card of await findCardsByIds(tx, orgId, [...cardIds])) cards.set(card.id, card);
  const notices: Notice[] = [];
  for (const hold of holds) {
    const card = cards.get(hold.card_id);
    if (!card || hold.user_id === null) continue;
    const base = { orgId: hold.org_id, userId: hold.user_id, link: `/cards/${card.id}` };
    const merchant = hold.merchant_data?.name ?? null;
    if (!hold.approved) {
      notices.push({
        ...base,
        kind: 'purchase_declined',
        title: PURCHASE_NOTICE_TEXTS.declinedTitle,
        body: PURCHASE_NOTICE_TEXTS.declinedBody(
          hold.requested_amount,
          merchant,
          (hold.decline_reason ?? 'issuer_declined') as DeclineReason,
          hold.decline_detail,
          card,
          hold.created_at,
        ),
      });
      continue;
    }
    notices.push({
      ...base,
      kind: 'purchase_approved',
      title: PURCHASE_NOTICE_TEXTS.approvedTitle,
      body: PURCHASE_NOTICE_TEXTS.approvedBody(hold.requested_amount, merchant, card.last4),
    });
    // Below the holder's threshold after this purchase, and at or above it before: told once per crossing.
    const threshold = card.low_balance_threshold;
    const after = hold.available_after;
    if (threshold !== null && after !== null && after < threshold && after + hold.requested_amount >= threshold)
      notices.push({
        ...base,
        kind: 'card_low',
        title: PURCHASE_NOTICE_TEXTS.cardLowTitle,
        body: PURCHASE_NOTICE_TEXTS.cardLowBody(after, threshold, card.last4),
      });
  }
  return notices;
}
