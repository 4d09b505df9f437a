import type { CardResource, CardholderStanding, HoldResource } from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import { pendingHoldsOfCards } from '../authorizations/service.js';
import { avatarUrl, personBriefOf } from '../users/presenter.js';
import { findUsersByIds, fullName } from '../users/service.js';
import { spentByCardSince } from '../expenses/service.js';
import { issuerSyncOfCards } from './issuer-sync.js';
import { spendingUsageOfCard } from './spend-windows.js';
import type { CardholderRow } from './types.js';
import { cardholderIdsOfUsers } from './service.js';
import type { CardRow, ListedCardRow } from './types.js';

/**
 * The cards area's answers. Each resource has a pure `present...` of rows already read; presentCards first reads
 * what a page of cards points at (holders, cardholder ids, issuer sync, pending holds) from their modules, once.
 */

export interface HoldRow {
  id: number;
  card_id: number;
  status: string;
  amount: number;
  merchant_data: Record<string, string | null>;
  wallet: string | null;
  created_at: Date;
  stripe_created: number;
}

export function presentHold(hold: HoldRow): HoldResource {
  return {
    id: hold.id,
    status: hold.status,
    amount: hold.amount,
    merchant_data: hold.merchant_data,
    wallet: hold.wallet,
    created_at: hold.created_at.toISOString(),
    stripe_created: hold.stripe_created,
  };
}

/** Available to spend is the cached figure the authorisation decision reads: spending_limit - holds_amount. */
export function presentCard(
  card: CardRow,
  extras: {
    stripeCardholderId: string;
    issuerSync: CardResource['issuer_sync'];
    user?: CardResource['user'];
    holds?: HoldRow[];
    spentLast30Days?: number;
  },
): CardResource {
  return {
    id: card.id,
    name: card.name,
    brand: card.brand,
    type: card.type,
    status: card.status,
    cancellation_reason: card.cancellation_reason,
    canceled_at: card.canceled_at?.toISOString() ?? null,
    last4: card.last4,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    spending_limit: card.spending_limit,
    issuing_holds_amount: card.holds_amount,
    available_to_spend: card.spending_limit - card.holds_amount,
    user_id: card.user_id,
    stripe_cardholder_id: extras.stripeCardholderId,
    stripe_card_id: card.provider === 'stripe' ? card.provider_card_id : null,
    shipping: card.shipping,
    last_used_at: card.last_used_at?.toISOString() ?? null,
    created_at: card.created_at.toISOString(),
    issuer_sync: extras.issuerSync,
    nickname: card.nickname,
    purpose: card.purpose,
    merchant_lock: card.merchant_lock,
    allocation_expires_on: card.allocation_expires_on,
    low_balance_threshold: card.low_balance_threshold,
    held_for_receipts: card.receipt_policy_deactivated_at !== null,
    spending_controls: card.spending_controls,
    ...(extras.user && { user: extras.user }),
    ...(extras.holds && { pending_issuing_authorization_holds: extras.holds.map(presentHold) }),
    ...(extras.spentLast30Days !== undefined && { spent_last_30_days: extras.spentLast30Days }),
  };
}

const isListed = (card: CardRow | ListedCardRow): card is ListedCardRow => 'listed_issuer_sync' in card;

/**
 * Cards as the API answers them; `includes` may ask for the holder ('user') and the pending holds. Cards read by the
 * list (ListedCardRow) carry their cardholder id and issuer sync already; others have them read here.
 */
export async function presentCards(
  db: DbOrTx,
  orgId: number,
  cards: Array<CardRow | ListedCardRow>,
  includes: ReadonlySet<string>,
  /** append=spent_last_30_days: what each card spent since this unix second (the expenses module sums it). */
  spentSince?: number,
) {
  const ids = cards.map((card) => card.id);
  const holderIds = [...new Set(cards.map((card) => card.user_id))];
  const listed = cards.every(isListed);
  const holdersListed = cards.every((card) => 'included_user' in card);
  const [holds, users, cardholderIds, syncs, spent] = await Promise.all([
    includes.has('pendingIssuingAuthorizationHolds') ? pendingHoldsOfCards(db, orgId, ids) : undefined,
    includes.has('user') && !holdersListed ? findUsersByIds(db, orgId, holderIds) : undefined,
    listed ? undefined : cardholderIdsOfUsers(db, orgId, holderIds),
    listed ? undefined : issuerSyncOfCards(db, ids),
    spentSince === undefined ? undefined : spentByCardSince(db, orgId, ids, spentSince),
  ]);
  const usersById = new Map((users ?? []).map((user) => [user.id, user]));
  const holderOf = (card: CardRow | ListedCardRow): CardResource['user'] => {
    if ('included_user' in card) return card.included_user ? personBriefOf(card.included_user) : undefined;
    const user = usersById.get(card.user_id);
    return user && { id: user.id, name: fullName(user), email: user.email, avatar_url: avatarUrl(user) };
  };
  return cards.map((card) => {
    const cardholderId = isListed(card) ? card.listed_cardholder_id : cardholderIds?.get(card.user_id);
    const issuerSync = isListed(card) ? card.listed_issuer_sync : syncs?.get(card.id);
    return presentCard(card, {
      stripeCardholderId: cardholderId ?? '',
      issuerSync: issuerSync ?? { state: 'synced', error: null },
      user: includes.has('user') ? holderOf(card) : undefined,
      holds: holds?.filter((hold) => hold.card_id === card.id),
      spentLast30Days: spent ? (spent.get(card.id) ?? 0) : undefined,
    });
  });
}

/** One card as its own answer shows it (GET /api/cards/{id} and the card's changes): with each limit's use. */
export async function presentCardWithUsage(
  db: DbOrTx,
  orgId: number,
  card: CardRow,
  includes: ReadonlySet<string>,
): Promise<CardResource> {
  const [[presented], usage] = await Promise.all([
    presentCards(db, orgId, [card], includes),
    spendingUsageOfCard(db, card),
  ]);
  return { ...presented!, spending_usage: usage };
}

/** The number and CVC the issuer revealed, with the card's expiry (GET /api/cards/{id}/details). */
export function presentCardDetails(card: CardRow, details: { number: string; cvc: string }) {
  return {
    id: card.id,
    number: details.number,
    cvc: details.cvc,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
  };
}

/** What the issuer says of the person (blocked, inactive, requirements past due): the card page and profile warn. */
function standingOf(cardholder: CardholderRow): CardholderStanding {
  return {
    status: cardholder.issuer_status,
    disabled_reason: cardholder.requirements_disabled_reason,
    past_due: cardholder.requirements_past_due,
  };
}

/** GET /api/users/{id}/cardholder. */
export function presentCardholder(cardholder: CardholderRow) {
  return {
    id: cardholder.id,
    stripe_cardholder_id: cardholder.provider_cardholder_id,
    issuer_standing: standingOf(cardholder),
    stripe_cardholder_details: {
      name: cardholder.name,
      individual: { first_name: cardholder.legal_first_name, last_name: cardholder.legal_last_name },
      billing: { name: cardholder.name, address: cardholder.billing },
    },
  };
}
