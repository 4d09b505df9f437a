import { sql, type Expression, type RawBuilder } from 'kysely';
import { CARD_MESSAGES, formatCents, isWalletUser, type CardholderStanding, type NewCardInput } from '@wallet/contract';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import * as issuerSyncRepo from './issuer-sync-repo.js';
import type { Address, CardStatus, Shipping } from '../../db/schema.js';
import { conflict, notFound, validationFailed } from '../../http/errors.js';
import type { IssuingProvider, TermsAcceptance } from '../../issuing/provider.js';
import { viaIssuer } from './issuer-calls.js';
import { queueIssuerSync } from './issuer-sync.js';
import type { Jobs } from '../../jobs/queue.js';
import { recordAudit, type AuditBy } from '../audit/service.js';
import {
  cardAccountId,
  entryExists,
  lockUnallocatedFunds,
  recordCardAllocation,
  recordCardCancellation,
} from '../ledger/service.js';
import {
  findUserWithRoles,
  getUser,
  personBriefColumn,
  setCardholderId,
  setTermsAccepted,
  userIdsInNameOrder,
  userIdsMatchingNames,
  type Actor,
} from '../users/service.js';
import type { SortTerm } from '../../http/list-query.js';
import { assertCanReachCard, visibleHolders } from './policy.js';
import * as repo from './repo.js';
import {
  lockCardByProviderId,
  updateCardholderStanding,
  insertCard,
  insertCardholderOnce,
  lockCard,
  updateCard,
} from './repo.js';
import type { CardholderRow, CardListFilters, CardRow, CardSort, ListedCardRow } from './types.js';
import { assertNotCanceled, cardSubject } from './card-guards.js';
import { cardActivity, organisationFundsChanged, publishLive } from '../live/service.js';
import { notify, type Notice } from '../notifications/service.js';
import { afterFundsChanged, getCardSettings } from '../card-settings/service.js';
import { resetSpendWindows } from './spend-windows.js';
import { changeCardStatus } from './status-change.js';
import { setReceiptPolicyMarks } from './receipt-policy-repo.js';

export {
  lockCardForMovement,
  lockIssuerCard,
  moveHolds,
  moveSpendingLimit,
  lockedCardForDecision,
  raiseHoldsOfApprovedHold,
  type DecisionCard,
} from './holds-and-limits.js';
export {
  countApprovedHoldInWindows,
  countSpendOfNewHold,
  moveSpendOfHold,
  resetSpendWindows,
  spendLimitsForDecision,
  spendingUsageOfCard,
} from './spend-windows.js';
export { viaIssuer } from './issuer-calls.js';
// A card's controls and identity (controls.ts): the demo seed sets them as an admin would.
export { setSpendingControls, updateCardIdentity } from './controls.js';
// The receipt policy (modules/receipt-policy) deactivates and reactivates cards through the same status change.
export {
  cardIdsDeactivatedByReceiptPolicy,
  deactivateCardForReceipts,
  lockCardForReceiptPolicy,
  organisationsWithReceiptPolicyCards,
  reactivateCardAfterReceipts,
} from './receipt-policy-status.js';
// The issuing layer prefixes its Stripe idempotency keys with it (issuing/index.ts).
export { installationPrefix } from './issuer-sync.js';
export type { CardholderRow, CardListFilters, CardRow, CardSort, ListedCardRow } from './types.js';

/** Changes the issuer has not yet been told of, across all organisations (the operator's metrics, http/metrics.ts). */
export function issuerOutboxBacklog(db: DbOrTx): Promise<number> {
  return issuerSyncRepo.countPendingIssuerCommands(db);
}

export interface CardsDeps {
  db: Db;
  issuer: IssuingProvider;
  jobs: Jobs;
}

/** Members reach only their own cards; another's card is as missing as another organisation's. */
export async function getCard(db: DbOrTx, orgId: number, actor: Actor, cardId: number): Promise<CardRow> {
  const card = await repo.findCard(db, orgId, cardId);
  assertCanReachCard(actor, card);
  return card;
}

/** A card of the organisation, whoever holds it (undefined when there is none). */
export function findCard(db: DbOrTx, orgId: number, cardId: number): Promise<CardRow | undefined> {
  return repo.findCard(db, orgId, cardId);
}

/** The person's cardholder at the issuer, once they have a card. */
function findCardholderOfUser(db: DbOrTx, orgId: number, userId: number): Promise<CardholderRow | undefined> {
  return repo.findCardholderOfUser(db, orgId, userId);
}

/** A JSON column naming one card in brief (null when none) for another module's list statement (ISSUE 19.9). */
export function cardBriefColumn(orgId: Expression<number>, cardId: Expression<number>) {
  return repo.cardBriefColumn(orgId, cardId);
}
export type CardBriefRow = repo.CardBriefRow;

/** Several cards by id, in no order; ids not in the organisation are left out. */
export function findCardsByIds(db: DbOrTx, orgId: number, cardIds: readonly number[]): Promise<CardRow[]> {
  return repo.findCardsByIds(db, orgId, cardIds);
}

/** A page of cards (sorted by holder's name through `userOrder`, the users module's order, when asked). */
export function listCards(
  db: DbOrTx,
  orgId: number,
  filters: CardListFilters,
  sort: SortTerm<CardSort>[],
  page: { number: number; size: number },
  userOrder: () => Promise<number[]>,
): Promise<{ rows: CardRow[]; total: number }> {
  return repo.listCards(db, orgId, filters, sort, page, userOrder);
}

/** What the cards list asks for: filters as parsed from the query string, the sort and the page. */
export interface CardListQuery {
  /** Holders' names (spaces removed), any of them. */
  names?: string[];
  userId?: number;
  status?: CardStatus;
  type?: 'virtual' | 'physical';
  recentlyUsed: boolean;
  /** The answer includes each card's holder (include=user). */
  withHolder?: boolean;
  sort: SortTerm<CardSort>[];
  page: { number: number; size: number };
}

/**
 * The cards list as the actor may see it: a member's own cards only; `holderId` (GET /api/users/{id}/cards, reach
 * checked by the route) narrows it to that person's. Holders sort by name in the users module's order.
 */
export async function listCardsFor(
  db: DbOrTx,
  orgId: number,
  actor: Actor,
  query: CardListQuery,
  holderId?: number,
): Promise<{ rows: ListedCardRow[]; total: number }> {
  let userIds: number[] | undefined = query.userId ? [query.userId] : undefined;
  if (query.names?.length) {
    const named = await userIdsMatchingNames(db, orgId, query.names);
    userIds = userIds ? userIds.filter((id) => named.includes(id)) : named;
  }
  userIds = visibleHolders(actor, userIds);
  if (holderId !== undefined) userIds = (userIds ?? [holderId]).filter((id) => id === holderId);
  const filters: CardListFilters = {
    status: query.status,
    type: query.type,
    recentlyUsed: query.recentlyUsed,
    userIds,
  };
  // The holder in brief (include=user) in the page's statement too.
  const columns: Record<string, RawBuilder<unknown>> = query.withHolder
    ? { included_user: personBriefColumn(sql.ref<number>('cards.org_id'), sql.ref<number>('cards.user_id')) }
    : {};
  return repo.listCardsForAnswer(
    db,
    orgId,
    filters,
    query.sort,
    query.page,
    () => userIdsInNameOrder(db, orgId),
    columns,
  );
}

/** The cardholder of someone the actor can reach (404 otherwise); null before their first card. */
export async function cardholderOfUser(
  db: DbOrTx,
  orgId: number,
  actor: Actor,
  userId: number,
): Promise<CardholderRow | null> {
  const user = await getUser(db, orgId, actor, userId);
  return (await repo.findCardholderOfUser(db, orgId, user.id)) ?? null;
}

/**
 * A column counting the active cards of the people in `userIds` (an array expression; a bigint count) for the teams
 * list's own statement (ISSUE 19.9).
 */
export function activeCardsCountColumn(orgId: Expression<number>, userIds: Expression<unknown>) {
  return repo.activeCardsCountColumn(orgId, userIds);
}

/** How many active cards each of these people holds (the teams list's active cards count). */
export function activeCardCountsOfUsers(db: DbOrTx, orgId: number, userIds: readonly number[]) {
  return repo.activeCardCountsOfUsers(db, orgId, userIds);
}

/** Cards of several users in brief (the users and teams APIs' include=cards). */
export function cardsOfUsers(db: DbOrTx, orgId: number, userIds: readonly number[]) {
  return repo.cardsOfUsers(db, orgId, userIds);
}

/** Assigned out (PRODUCT.md §9): the spending limits of active cards. */
export function assignedOut(db: DbOrTx, orgId: number): Promise<number> {
  return repo.assignedOut(db, orgId);
}

/** Active cards with the most left to spend (the analytics' top balances). */
export function topCardBalances(db: DbOrTx, orgId: number, limit: number) {
  return repo.topCardBalances(db, orgId, limit);
}

/** The issuer's cardholder id of each of these users that has one (the cards list). */
export function cardholderIdsOfUsers(db: DbOrTx, orgId: number, userIds: readonly number[]) {
  return repo.cardholderIdsOfUsers(db, orgId, userIds);
}

/**
 * Member dashboard (PRODUCT.md §7 analytics?filter[available_to_spend]=1): what a user's cards hold, from the cached
 * holds_amount the decision reads (equal to the pending holds, checked by the database at commit).
 */
export async function cardTotalsOfUser(db: DbOrTx, orgId: number, actor: Actor, userId: number) {
  const user = await getUser(db, orgId, actor, userId);
  const sums = await repo.cardSumsOfUser(db, orgId, user.id);
  return {
    cards_count: sums.cards,
    cards_sum_spending_limit: sums.spendingLimit,
    issuing_authorization_holds_sum_amount: sums.holdsAmount,
    available_to_spend: sums.spendingLimit - sums.holdsAmount,
  };
}

function toAddress(billing: NewCardInput['billing']): Address {
  return {
    line1: billing.line1,
    line2: billing.line2,
    city: billing.city,
    state: billing.state,
    postal_code: billing.postal_code,
    country: billing.country,
  };
}

/**
 * Issues a card: the person becomes a cardholder at the issuer on their first card (their legal names are then
 * locked), the card starts inactive with nothing allocated. Every check happens before the issuer is called.
 */
export async function createCard(
  deps: CardsDeps,
  orgId: number,
  input: NewCardInput,
  idempotencyKey: string,
  by?: AuditBy,
): Promise<CardRow> {
  const { db, issuer } = deps;
  const holder = await findUserWithRoles(db, orgId, input.user_id);
  if (!holder) throw validationFailed({ user_id: ['The selected user is invalid.'] });
  if (!isWalletUser(holder.roles)) throw validationFailed({ user_id: [CARD_MESSAGES.holderNotWalletUser] });

  let cardholder = await findCardholderOfUser(db, orgId, holder.id);
  if (!cardholder) {
    // Terms accepted before the first card travel to the issuer with where and how they were accepted.
    const terms: TermsAcceptance | null = holder.issuing_tos_accepted_at
      ? {
          date: holder.issuing_tos_accepted_at,
          ip: holder.issuing_tos_ip ?? 'unknown',
          userAgent: holder.issuing_tos_user_agent ?? 'unknown',
        }
      : null;
    const billing = toAddress(input.billing);
    const created = await viaIssuer(() =>
      issuer.createCardholder(
        {
          orgId,
          name: input.cardholder_name,
          firstName: input.legal_first_name,
          lastName: input.legal_last_name,
          email: holder.email,
          phone: holder.cell_phone,
          billing,
          terms,
        },
        `cardholder-${orgId}-${holder.id}`,
      ),
    );
    cardholder = await db.transaction().execute(async (tx) => {
      const row = await insertCardholderOnce(tx, {
        org_id: orgId,
        user_id: holder.id,
        provider: issuer.name,
        provider_cardholder_id: created.id,
        name: input.cardholder_name,
        legal_first_name: input.legal_first_name,
        legal_last_name: input.legal_last_name,
        billing: JSON.stringify(billing),
      });
      // Another request made this person a cardholder meanwhile (the issuer replayed the same one): use it.
      if (!row) return (await findCardholderOfUser(tx, orgId, holder.id))!;
      await setCardholderId(tx, orgId, holder.id, created.id);
      return row;
    });
  }

  const shipping: Shipping | null =
    input.type === 'physical' && input.shipping
      ? { service: input.shipping.service, name: input.shipping.name, address: toAddress(input.shipping) }
      : null;
  // The client's key is scoped to this organisation and holder: another tenant (or another person) sending the same
  // key must get a card of its own, never a replay of someone else's.
  const issuerKey = `card-${orgId}-${holder.id}-${idempotencyKey}`;
  // Controls not given: the organisation's Card Settings defaults (issue 20.5), read before the issuer is called.
  const spendingControls = input.spending_controls ?? (await getCardSettings(db, orgId)).default_spending_controls;
  const issued = await viaIssuer(() =>
    issuer.createCard(
      {
        orgId,
        cardholderId: cardholder.provider_cardholder_id,
        type: input.type,
        shipping,
        spendingLimit: 0,
        spendingControls,
      },
      issuerKey,
    ),
  );
  return db.transaction().execute(async (tx) => {
    const existing = await repo.findIssuerCard(tx, orgId, issuer.name, issued.id);
    if (existing) return existing; // a retried request with the same idempotency key
    const card = await insertCard(tx, {
      org_id: orgId,
      user_id: holder.id,
      cardholder_id: cardholder.id,
      provider: issuer.name,
      provider_card_id: issued.id,
      name: cardholder.name,
      brand: issued.brand,
      type: input.type,
      last4: issued.last4,
      exp_month: issued.expMonth,
      exp_year: issued.expYear,
      shipping: shipping ? JSON.stringify(shipping) : null,
      spending_controls: JSON.stringify(spendingControls),
      nickname: input.nickname,
      purpose: input.purpose,
      merchant_lock: input.merchant_lock,
      allocation_expires_on: input.allocation_expires_on,
    });
    await cardAccountId(tx, orgId, card.id);
    // A new card has spent nothing: its windows start empty (the decision reads a row per limited interval).
    await resetSpendWindows(tx, card, spendingControls);
    await recordAudit(tx, {
      orgId,
      by,
      action: 'card.created',
      subject: cardSubject(card),
      details: { holder_user_id: holder.id, type: card.type, spending_controls: spendingControls },
    });
    return card;
  });
}

/**
 * The holder accepts the issuer's terms (the issuing terms modal): the issuer is told first, with when, from where and
 * with what; then the acceptance is kept on the person. 409 before their first card (no cardholder yet).
 */
export async function acceptIssuingTerms(
  deps: Pick<CardsDeps, 'db' | 'issuer'>,
  orgId: number,
  userId: number,
  acceptance: TermsAcceptance,
): Promise<TermsAcceptance> {
  const cardholder = await repo.findCardholderOfUser(deps.db, orgId, userId);
  if (!cardholder) throw conflict(CARD_MESSAGES.noCardholder);
  await viaIssuer(() => deps.issuer.acceptTerms(cardholder.provider_cardholder_id, acceptance));
  await setTermsAccepted(deps.db, orgId, userId, acceptance);
  return acceptance;
}

/** PUT /api/cards/{id}/status (and the demo seed): the shared status change (status-change.ts) on the locked card. */
export async function setCardStatus(
  deps: CardsDeps,
  orgId: number,
  cardId: number,
  status: 'active' | 'inactive',
  by?: AuditBy,
): Promise<CardRow> {
  return deps.db.transaction().execute(async (tx) => {
    const card = await lockCard(tx, orgId, cardId);
    if (!card) throw notFound();
    return changeCardStatus(tx, deps.jobs, card, status, by);
  });
}

/**
 * Sets the card's spending limit: the ledger moves the difference between the organisation's funds and the
 * card in the same transaction. Retrying with the same key records nothing twice (and a repeated absolute
 * amount moves nothing anyway).
 */
export async function fundCard(
  deps: CardsDeps,
  orgId: number,
  actor: Actor,
  cardId: number,
  input: { amount: number; description: string },
  idempotencyKey: string,
  by?: AuditBy,
  /** Back-dated (the demo seed's year of history); the API never passes it. */
  at?: Date,
): Promise<CardRow> {
  const funded = await deps.db.transaction().execute(async (tx) => {
    const card = await lockCard(tx, orgId, cardId);
    if (!card) throw notFound();
    assertNotCanceled(card);
    const holder = await findUserWithRoles(tx, orgId, card.user_id);
    if (!holder || !isWalletUser(holder.roles)) throw conflict(CARD_MESSAGES.holderNotWalletUser);
    const reference = `card-balance:${card.id}:${idempotencyKey}`;
    // A retry of a request that was applied moves nothing, whatever happened to the card and the funds since.
    if (await entryExists(tx, orgId, reference)) return card;
    const delta = input.amount - card.spending_limit;
    if (delta === 0) return card;
    // Held money is promised to merchants: handing it back to the organisation would let it be allocated twice.
    if (delta < 0 && input.amount < card.holds_amount) throw conflict(CARD_MESSAGES.belowPendingHolds);
    const funds = await lockUnallocatedFunds(tx, orgId);
    // Below zero (a reversed top-up's shortfall) nothing can be funded, but money taken off a card still goes back.
    if (delta > 0 && delta > funds.available) throw conflict(CARD_MESSAGES.insufficientFunds);
    const recorded = await recordCardAllocation(tx, {
      orgId,
      cardId: card.id,
      userId: card.user_id,
      reference,
      delta,
      description: input.description,
      createdBy: actor.id,
      at,
    });
    if (!recorded) return card; // this exact request was applied before
    await updateCard(tx, card.id, { spending_limit: input.amount });
    await recordAudit(tx, {
      orgId,
      by,
      action: 'card.funded',
      subject: cardSubject(card),
      details: {
        holder_user_id: card.user_id,
        old_spending_limit: card.spending_limit,
        new_spending_limit: input.amount,
        delta,
        description: input.description,
      },
    });
    await queueIssuerSync(tx, deps.jobs, card, 'card_spending_limit');
    if (delta > 0) await notify(tx, [cardFundedNotice(card, delta, input.amount)]);
    return { ...card, spending_limit: input.amount };
  });
  // After the commit: every open app showing the card or the organisation's funds (the holder's bell heard at commit).
  publishLive(deps.db, cardActivity(orgId, funded.id, funded.user_id));
  publishLive(deps.db, organisationFundsChanged(orgId));
  await afterFundsChanged(deps.db, orgId);
  return funded;
}

/** The holder's notification of money added to their card. */
function cardFundedNotice(card: CardRow, added: number, limit: number): Notice {
  return {
    orgId: card.org_id,
    userId: card.user_id,
    kind: 'card_funded',
    title: 'Card funded',
    body: `${formatCents(added)} was added to your card •••• ${card.last4}; its limit is now ${formatCents(limit)}.`,
    link: `/cards/${card.id}`,
  };
}

/**
 * What a canceled card has that no purchase can use (its spending limit less what it holds) goes back to the
 * organisation's funds in a 'card_cancellation' entry, on the locked card row. Held money stays: the issuer may still
 * capture the authorisations the card approved before it was canceled. Returns the cents moved.
 */
async function returnFreeAllocation(tx: Tx, card: CardRow, reference: string): Promise<number> {
  const free = card.spending_limit - card.holds_amount;
  if (free <= 0) return 0;
  const posted = await recordCardCancellation(tx, {
    orgId: card.org_id,
    cardId: card.id,
    userId: card.user_id,
    reference,
    amount: free,
    description: 'Card canceled by the card issuer',
  });
  if (!posted) return 0;
  await updateCard(tx, card.id, { spending_limit: card.holds_amount });
  return free;
}

/**
 * The issuer changed a card's status on its side (Stripe's issuing_card.updated): mirror it, no call back. Canceled
 * (lost, stolen, expired) is terminal: the reason is kept, the card declines everything from then on, and what it had
 * free returns to the organisation in the same transaction (reference card-cancellation:<card>, so a redelivery moves
 * nothing). A canceled card ignores any later status the issuer reports.
 */
export async function setCardStatusFromIssuer(
  db: Db,
  provider: string,
  providerCardId: string,
  status: CardStatus,
  cancellationReason: string | null = null,
): Promise<void> {
  const returnedFrom = await db.transaction().execute(async (tx) => {
    const card = await lockCardByProviderId(tx, provider, providerCardId);
    if (!card || card.status === 'canceled' || card.status === status) return null;
    // The issuer's own change ends the receipt policy's hold on the card, as an admin's does.
    if (card.receipt_policy_deactivated_at)
      await setReceiptPolicyMarks(tx, card.id, { receipt_policy_deactivated_at: null });
    if (status !== 'canceled') {
      await updateCard(tx, card.id, { status });
      return null;
    }
    await updateCard(tx, card.id, {
      status: 'canceled',
      cancellation_reason: cancellationReason,
      canceled_at: new Date(),
    });
    return (await returnFreeAllocation(tx, card, `card-cancellation:${card.id}`)) > 0 ? card.org_id : null;
  });
  // The returned money lifts the unallocated funds: the funds-low check learns they are back above its threshold.
  if (returnedFrom !== null) await afterFundsChanged(db, returnedFrom);
}

/**
 * After an issuer event about a canceled card's purchases (a hold released or closed, a capture, a refund): whatever
 * it no longer holds goes back to the organisation too. `reference` names the event, so its retry moves nothing
 * twice (and the amount is read on the locked row anyway). A card that isn't canceled is left alone.
 */
export async function returnCanceledCardRemainder(
  db: Db,
  provider: string,
  providerCardId: string,
  reference: string,
): Promise<number> {
  const returned = await db.transaction().execute(async (tx) => {
    const card = await lockCardByProviderId(tx, provider, providerCardId);
    if (!card || card.status !== 'canceled') return { amount: 0, orgId: 0 };
    return {
      amount: await returnFreeAllocation(tx, card, `card-cancellation:${card.id}:${reference}`),
      orgId: card.org_id,
    };
  });
  if (returned.amount > 0) await afterFundsChanged(db, returned.orgId);
  return returned.amount;
}

/** The issuer's view of a cardholder (Stripe's issuing_cardholder.updated): kept to warn on their cards and profile. */
export async function setCardholderStandingFromIssuer(
  db: Db,
  provider: string,
  providerCardholderId: string,
  standing: CardholderStanding,
): Promise<void> {
  await updateCardholderStanding(db, provider, providerCardholderId, standing);
}

/**
 * Raises a card's spending limit by `amount` inside the caller's transaction (an approved purchase request,
 * a recurring funding): the organisation must cover it (409 otherwise, and the caller's transaction rolls back).
 * The reference makes a retry a no-op; returns false then.
 */
export async function addToCardLimitInTransaction(
  tx: Tx,
  jobs: Jobs,
  params: {
    orgId: number;
    cardId: number;
    amount: number;
    reference: string;
    description: string;
    createdBy: number | null;
  },
): Promise<boolean> {
  const card = await lockCard(tx, params.orgId, params.cardId);
  if (!card) throw notFound();
  assertNotCanceled(card);
  const holder = await findUserWithRoles(tx, params.orgId, card.user_id);
  if (!holder || !isWalletUser(holder.roles)) throw conflict(CARD_MESSAGES.holderNotWalletUser);
  if (await entryExists(tx, params.orgId, params.reference)) return false;
  const funds = await lockUnallocatedFunds(tx, params.orgId);
  if (params.amount > funds.available) throw conflict(CARD_MESSAGES.insufficientFunds);
  await recordCardAllocation(tx, {
    orgId: params.orgId,
    cardId: card.id,
    userId: card.user_id,
    reference: params.reference,
    delta: params.amount,
    description: params.description,
    createdBy: params.createdBy,
  });
  const limit = card.spending_limit + params.amount;
  await updateCard(tx, card.id, { spending_limit: limit });
  await queueIssuerSync(tx, jobs, card, 'card_spending_limit');
  return true;
}

/** The ledger reference of one card's share of a Fund Card(s) call: a retry with the same key finds it. */
function multiFundReference(idempotencyKey: string, cardId: number): string {
  return `cards-fund:${idempotencyKey}:${cardId}`;
}

/**
 * Fund Card(s): adds `amount` cents to each card's spending limit, all in one transaction or none (issue 16.5). The
 * cards are locked in id order (two fundings over the same cards never deadlock), then the organisation's funds, the
 * same order fundCard and addToCardLimitInTransaction take. Another organisation's or a missing card is a 404, a
 * holder without the wallet-user role or funds short of amount x cards a 409, and nothing is written then. Each card's
 * allocation carries a reference made of the key and the card, so a retry with the same key moves nothing and answers
 * the cards as they are. Returns the cards in the order asked and how many were funded by this call.
 */
export async function fundCards(
  deps: CardsDeps,
  orgId: number,
  actor: Actor,
  input: { card_ids: readonly number[]; amount: number; description: string },
  idempotencyKey: string,
  by?: AuditBy,
): Promise<{ cards: CardRow[]; moved: number }> {
  const funded = await deps.db.transaction().execute(async (tx) => {
    const locked = new Map<number, CardRow>();
    for (const cardId of [...new Set(input.card_ids)].sort((a, b) => a - b)) {
      const card = await lockCard(tx, orgId, cardId);
      if (!card) throw notFound();
      assertNotCanceled(card);
      locked.set(cardId, card);
    }
    const holderIds = [...new Set([...locked.values()].map((card) => card.user_id))];
    for (const holderId of holderIds) {
      const holder = await findUserWithRoles(tx, orgId, holderId);
      if (!holder || !isWalletUser(holder.roles)) throw conflict(CARD_MESSAGES.holderNotWalletUser);
    }
    const due: CardRow[] = [];
    for (const card of locked.values()) {
      if (!(await entryExists(tx, orgId, multiFundReference(idempotencyKey, card.id)))) due.push(card);
    }
    if (due.length > 0) {
      const funds = await lockUnallocatedFunds(tx, orgId);
      if (input.amount * due.length > funds.available) throw conflict(CARD_MESSAGES.insufficientFunds);
      for (const card of due) {
        await recordCardAllocation(tx, {
          orgId,
          cardId: card.id,
          userId: card.user_id,
          reference: multiFundReference(idempotencyKey, card.id),
          delta: input.amount,
          description: input.description,
          createdBy: actor.id,
        });
        const limit = card.spending_limit + input.amount;
        await updateCard(tx, card.id, { spending_limit: limit });
        await queueIssuerSync(tx, deps.jobs, card, 'card_spending_limit');
        locked.set(card.id, { ...card, spending_limit: limit });
      }
      await recordAudit(tx, {
        orgId,
        by,
        action: 'cards.funded_many',
        subject: { type: 'cards', id: null, label: `${due.length} cards` },
        details: {
          card_ids: due.map((card) => card.id),
          count: due.length,
          amount: input.amount,
          total: input.amount * due.length,
          description: input.description,
        },
      });
    }
    return { cards: input.card_ids.map((id) => locked.get(id)!), moved: due.length };
  });
  if (funded.moved > 0) await afterFundsChanged(deps.db, orgId);
  return funded;
}

/** What names these cards, as one JSON array column of another module's statement (repo.cardLabelsColumn). */
export function cardLabelsColumn(orgId: number, ids: readonly number[]) {
  return repo.cardLabelsColumn(orgId, ids);
}
