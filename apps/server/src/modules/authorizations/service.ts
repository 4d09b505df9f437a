import type { Selectable } from 'kysely';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import type { AuthorizationHoldsTable } from '../../db/schema.js';
import { isAdmin, type DeclineDetail, type DeclineReason, type SpendingControls } from '@wallet/contract';
import {
  countSpendOfNewHold,
  findCardsByIds,
  lockCardForMovement,
  lockIssuerCard,
  moveHolds,
  moveSpendOfHold,
} from '../cards/service.js';
import { authorizationDecisionDuration, authorizationDeclines } from '../../observability/metrics.js';
import { isValidAmount } from './decline-rules.js';
import { cardActivity, publishLive } from '../live/service.js';
import { getUser, namesOfUsers, type Actor } from '../users/service.js';
import { PurchaseNotifier, wakePurchaseNotifiers } from './purchase-notifier.js';
import { skipHoldsSoFar } from './notifier-repo.js';
import * as repo from './repo.js';
import { decideAndHold, declineReasonQuery, insertHold, updateHold, type HoldStatus } from './repo.js';

export type { DeclineReason } from '@wallet/contract';

export type HoldRow = Selectable<AuthorizationHoldsTable>;
export type Wallet = 'apple_pay' | 'google_pay' | 'samsung_pay';
export type MerchantData = Partial<
  Record<'name' | 'category' | 'category_code' | 'city' | 'state' | 'postal_code' | 'country' | 'url', string | null>
>;

export interface AuthorizationRequest {
  provider: string;
  providerAuthorizationId: string;
  /** The card as the issuer names it; or `ownCard`, our id within an organisation (the simulator's purchases). */
  providerCardId?: string;
  ownCard?: { orgId: number; cardId: number };
  /** Cents asked for. */
  amount: number;
  merchant: MerchantData;
  wallet: Wallet | null;
  /** Unix seconds, as the issuer stamps it. */
  stripeCreated: number;
}

export interface Decision {
  approved: boolean;
  reason: DeclineReason | null;
  /** What the decision knew when it declined (the sentence's figures); null when approved. */
  detail: DeclineDetail | null;
  holdId: number | null;
  cardId: number | null;
  /** The card's organisation and holder (null for an unknown card). */
  orgId: number | null;
  holderId: number | null;
}

function decisionOf(hold: repo.DecidedHold): Decision {
  return {
    approved: hold.approved,
    reason: (hold.decline_reason as DeclineReason | null) ?? null,
    detail: hold.decline_detail ?? null,
    holdId: hold.id,
    cardId: hold.card_id,
    orgId: hold.org_id,
    holderId: hold.user_id,
  };
}

/**
 * The decision's one statement as authorize() runs it, built but not executed: the authorisation benchmark compiles it
 * and runs the very same SQL under pgbench.
 */
export function decisionStatement(input: repo.DecideAndHoldInput) {
  return repo.decideAndHoldQuery(input);
}

/**
 * The one authorisation decision (simulator and Stripe webhook alike). The decision and the hold are one
 * statement on the locked card row (repo.ts decideAndHold), so concurrent purchases never spend the same cents
 * twice and the row is locked for as short a time as possible; the issuer's authorisation id makes a repeated
 * request get the same answer.
 */
export async function authorize(db: Db, request: AuthorizationRequest): Promise<Decision> {
  const stopTimer = authorizationDecisionDuration.startTimer();
  try {
    const decision = await decide(db, request);
    if (!decision.approved) authorizationDeclines.inc({ reason: decision.reason ?? 'unknown' });
    // The holder's and the admins' open apps show it at once (after the decision's own commit; best effort).
    if (decision.orgId !== null && decision.cardId !== null && decision.holderId !== null)
      publishLive(db, cardActivity(decision.orgId, decision.cardId, decision.holderId));
    // The holder hears of it from the purchase notifier, off this path (a timer, no statement).
    if (decision.holdId !== null) wakePurchaseNotifiers();
    return decision;
  } finally {
    stopTimer();
  }
}

async function decide(db: Db, request: AuthorizationRequest): Promise<Decision> {
  const valid = isValidAmount(request.amount);
  // Whatever an issuer sends, what we record fits the columns: never a 500 on a malformed amount or timestamp.
  const asked = Math.trunc(Number(request.amount));
  const { cardFound, hold } = await decideAndHold(db, {
    provider: request.provider,
    providerAuthorizationId: request.providerAuthorizationId,
    providerCardId: String(request.providerCardId ?? ''),
    ownCard: request.ownCard,
    amount: valid ? request.amount : 0,
    forcedReason: valid ? null : 'invalid_amount',
    requestedAmount: Number.isSafeInteger(asked) && asked > 0 ? asked : 0,
    merchantData: JSON.stringify(request.merchant ?? {}),
    wallet: request.wallet,
    stripeCreated: Number.isSafeInteger(request.stripeCreated) ? request.stripeCreated : Math.floor(Date.now() / 1000),
  });
  if (hold) return decisionOf(hold);
  if (!cardFound)
    return {
      approved: false,
      reason: 'card_not_found',
      detail: null,
      holdId: null,
      cardId: null,
      orgId: null,
      holderId: null,
    };
  return decisionOf((await repo.findHold(db, request.provider, request.providerAuthorizationId))!);
}

/** An incremental authorisation raises a pending hold to `newAmount` when the card can cover the increase. */
export async function incrementAuthorization(
  db: Db,
  provider: string,
  providerAuthorizationId: string,
  newAmount: number,
): Promise<{ approved: boolean; reason: DeclineReason | null; detail: DeclineDetail | null }> {
  return db.transaction().execute(async (tx) => {
    const hold = await repo.lockHold(tx, provider, providerAuthorizationId);
    if (!hold || hold.status !== 'pending') return { approved: false, reason: 'card_not_found' as const, detail: null };
    const card = (await lockCardForMovement(tx, hold.org_id, hold.card_id))!;
    const increase = newAmount - hold.amount;
    if (increase <= 0) return { approved: true, reason: null, detail: null };
    // The decision's own rules (decline-rules.ts), on the card just locked.
    const valid = isValidAmount(increase);
    const { rows } = await declineReasonQuery(
      { orgId: card.org_id, cardId: card.id },
      {
        amount: valid ? increase : 0,
        forcedReason: valid ? null : 'invalid_amount',
        merchantData: JSON.stringify(hold.merchant_data ?? {}),
      },
    ).execute(tx);
    const reason = rows[0]?.reason ?? null;
    if (reason) return { approved: false, reason, detail: rows[0]?.detail ?? null };
    await updateHold(tx, hold.id, { amount: newAmount });
    await moveHolds(tx, card.id, increase, { used: true });
    await moveSpendOfHold(tx, hold, increase);
    return { approved: true, reason: null, detail: null };
  });
}

const FINAL: ReadonlySet<HoldStatus> = new Set(['closed', 'reversed', 'expired', 'declined']);

/**
 * Brings a hold to the issuer's state (status and remaining pending amount). Only moves forward: a closed,
 * reversed or expired hold never becomes pending again, so events in any order end in the same state.
 */
export async function settleHoldState(
  tx: Tx,
  hold: HoldRow,
  target: { status: HoldStatus; amount: number },
): Promise<HoldRow> {
  if (FINAL.has(hold.status)) return hold;
  const amount = target.status === 'pending' ? Math.max(0, Math.min(hold.amount, target.amount)) : 0;
  if (amount === hold.amount && target.status === hold.status) return hold;
  await updateHold(tx, hold.id, { status: target.status, amount });
  await moveHolds(tx, hold.card_id, amount - hold.amount);
  // What it let go of is no longer spent in its window (cards/spend-windows.ts).
  if (hold.approved) await moveSpendOfHold(tx, hold, amount - hold.amount);
  return { ...hold, status: target.status, amount };
}

/** Reversal or expiry: the hold is released and the card gets its available amount back. */
export async function releaseHold(
  db: Db,
  provider: string,
  providerAuthorizationId: string,
  status: 'reversed' | 'expired',
): Promise<HoldRow | null> {
  return db.transaction().execute(async (tx) => {
    const hold = await repo.lockHold(tx, provider, providerAuthorizationId);
    if (!hold) return null;
    await lockCardForMovement(tx, hold.org_id, hold.card_id);
    return settleHoldState(tx, hold, { status, amount: 0 });
  });
}

/** A capture draws down the hold it belongs to; the rest stays held until the issuer closes it. */
export async function drawDownHold(
  tx: Tx,
  provider: string,
  providerAuthorizationId: string,
  captured: number,
  closes: boolean,
): Promise<HoldRow | null> {
  const hold = await repo.lockHold(tx, provider, providerAuthorizationId);
  if (!hold) return null;
  await updateHold(tx, hold.id, { captured_amount: hold.captured_amount + captured });
  // A capture counts in the hold's window as what it draws down stops counting: settleHoldState below takes the
  // drawn-down part off again, so only an over-capture's excess stays added (cards/spend-windows.ts).
  if (hold.approved) await moveSpendOfHold(tx, hold, captured);
  const remaining = closes ? 0 : Math.max(0, hold.amount - captured);
  return settleHoldState(
    tx,
    { ...hold, captured_amount: hold.captured_amount + captured },
    { status: closes ? 'closed' : 'pending', amount: remaining },
  );
}

/** Locks a hold by the issuer's authorisation id (lock order everywhere: the hold, then its card). */
export function lockHold(tx: DbOrTx, provider: string, providerAuthorizationId: string): Promise<HoldRow | undefined> {
  return repo.lockHold(tx, provider, providerAuthorizationId);
}

/** A hold by the issuer's authorisation id. */
export function findHold(db: DbOrTx, provider: string, providerAuthorizationId: string): Promise<HoldRow | undefined> {
  return repo.findHold(db, provider, providerAuthorizationId);
}

/** The pending holds of these cards, newest first (a card's include=pendingIssuingAuthorizationHolds). */
export function pendingHoldsOfCards(db: DbOrTx, orgId: number, cardIds: readonly number[]) {
  return repo.pendingHoldsOfCards(db, orgId, cardIds);
}

/** A page of one card's holds, newest or oldest first. */
export function listHoldsOfCard(
  db: DbOrTx,
  orgId: number,
  cardId: number,
  filters: { status?: HoldStatus },
  direction: 'asc' | 'desc',
  page: { number: number; size: number },
) {
  return repo.listHoldsOfCard(db, orgId, cardId, filters, direction, page);
}

/** Holds by id, with the fields the holds list shows (a transaction's include=issuingAuthorizationHold). */
export function holdsByIds(db: DbOrTx, orgId: number, ids: readonly number[]) {
  return repo.holdsByIds(db, orgId, ids);
}

export interface ProviderAuthorizationState {
  provider: string;
  providerAuthorizationId: string;
  providerCardId: string;
  approved: boolean;
  status: 'pending' | 'closed' | 'reversed' | 'expired';
  /** What the issuer still holds, in cents. */
  amount: number;
  merchant: MerchantData;
  wallet: Wallet | null;
  stripeCreated: number;
  /** Why the issuer declined it (approved false), read against the card's controls (webhooks' mapping). */
  declineReasonFor?: (card: { spending_controls: SpendingControls }) => DeclineReason;
}

/**
 * Brings our hold to the issuer's view of an authorisation (its created and updated events), creating it when
 * the synchronous request never reached us. Safe in any order and any number of times.
 */
export async function reconcileAuthorization(db: Db, state: ProviderAuthorizationState): Promise<HoldRow | null> {
  return db.transaction().execute(async (tx) => {
    const hold = await repo.lockHold(tx, state.provider, state.providerAuthorizationId);
    if (hold) {
      const card = (await lockCardForMovement(tx, hold.org_id, hold.card_id))!;
      const settled = await settleHoldState(tx, hold, {
        status: state.approved ? state.status : 'declined',
        amount: state.amount,
      });
      // We approved it and the issuer declined it anyway: the hold says why, as one we declined would.
      if (!state.approved && hold.approved && hold.status === 'pending') {
        const reason = state.declineReasonFor?.(card) ?? 'issuer_declined';
        await updateHold(tx, hold.id, { approved: false, decline_reason: reason });
        return { ...settled, approved: false, decline_reason: reason };
      }
      return settled;
    }
    const card = await lockIssuerCard(tx, state.provider, state.providerCardId);
    if (!card) return null;
    const pending = state.approved && state.status === 'pending';
    const inserted = await insertHold(tx, {
      org_id: card.org_id,
      card_id: card.id,
      user_id: card.user_id,
      provider: state.provider,
      provider_authorization_id: state.providerAuthorizationId,
      approved: state.approved,
      decline_reason: state.approved ? null : (state.declineReasonFor?.(card) ?? 'issuer_declined'),
      status: state.approved ? state.status : 'declined',
      requested_amount: state.amount,
      amount: pending ? state.amount : 0,
      merchant_data: JSON.stringify(state.merchant),
      wallet: state.wallet,
      stripe_created: state.stripeCreated,
    });
    if (inserted && pending) {
      await moveHolds(tx, card.id, state.amount, { used: true });
      await countSpendOfNewHold(tx, card, state.amount);
    }
    if (inserted) wakePurchaseNotifiers();
    return inserted;
  });
}

/**
 * Starts this process's purchase notifier (purchase-notifier.ts): the app starts it and stops it when it closes.
 */
export function startPurchaseNotifier(db: Db, log?: (message: string) => void): PurchaseNotifier {
  return new PurchaseNotifier(db, log).start();
}
export type { PurchaseNotifier } from './purchase-notifier.js';

/**
 * A page of a person's declined purchases, newest first, each with its card (members reach only themselves: another's
 * id is a 404, as for every route about a person; admins anyone of their organisation).
 */
/**
 * Declined purchases for Reports & Insights (issue 20.6): an admin's are the organisation's (one person's with
 * `userId`), a member's only their own whatever they ask; filtered by reason codes.
 */
export async function declinesForReports(
  db: DbOrTx,
  orgId: number,
  actor: Actor,
  filters: { userId?: number; reasons?: readonly DeclineReason[] },
  page: { number: number; size: number },
) {
  const userId = isAdmin(actor.roles) ? filters.userId : actor.id;
  const { rows, total } = await repo.declinesOf(db, orgId, { userId, reasons: filters.reasons }, page);
  const [cards, names] = await Promise.all([
    findCardsByIds(db, orgId, [...new Set(rows.map((row) => row.card_id))]),
    namesOfUsers(db, orgId, [...new Set(rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id])))]),
  ]);
  return { rows, total, cards: new Map(cards.map((card) => [card.id, card])), names };
}

export async function declinesOfUser(
  db: DbOrTx,
  orgId: number,
  actor: Actor,
  userId: number,
  page: { number: number; size: number },
) {
  const user = await getUser(db, orgId, actor, userId);
  const { rows, total } = await repo.declinesOfUser(db, orgId, user.id, page);
  const cards = await findCardsByIds(db, orgId, [...new Set(rows.map((row) => row.card_id))]);
  return { rows, total, cards: new Map(cards.map((card) => [card.id, card])) };
}

/**
 * The purchases made so far are history, not news: the notifier starts after them. The demo seed calls it after
 * writing a year of purchases, which would otherwise fill Jordan's bell with hundreds of "approved" notices.
 */
export function skipPurchaseNoticesSoFar(db: DbOrTx): Promise<void> {
  return skipHoldsSoFar(db);
}
